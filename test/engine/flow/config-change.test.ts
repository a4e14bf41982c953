/**
 * The ConfigChange flow on a real engine with real hook processes: Claude Code's stdin, the matcher tests the
 * source, exit 2 and `decision: "block"` block (with a notice naming the hook), a policy change cannot be
 * blocked, anything else lets the change through, and an event without hooks is answered at once.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configChange, configChangeSource } from "../../../src/engine/flow/config-change.ts";
import type { SourceScope } from "../../../src/engine/types.ts";
import { appendTo, flowEngine, jsonLinesOf } from "../../support/flow-engine.ts";

const dir = (): string => mkdtempSync(join(tmpdir(), "phm-flow-config-change-"));
const sh = (command: string) => ({ type: "command", command });
const change = { source: "project_settings", filePath: "/p/.claude/settings.json" } as const;

describe("configChangeSource", () => {
	it.each<[SourceScope, string | undefined]>([
		["claude-user", "user_settings"],
		["pi-global", "user_settings"],
		["claude-project", "project_settings"],
		["pi-project", "project_settings"],
		["claude-local", "local_settings"],
		["managed", "policy_settings"],
		["skill", "skills"],
		["plugin", undefined],
		["agent", undefined],
	])("%s is %s", (scope, source) => {
		expect(configChangeSource(scope)).toBe(source);
	});
});

describe("configChange", () => {
	it("sends Claude Code's stdin (no permission_mode) to the hooks whose matcher names the source", async () => {
		const root = dir();
		const log = join(root, "runs.jsonl");
		const { ports, moment } = flowEngine(
			{
				ConfigChange: [
					{ matcher: "project_settings|local_settings", hooks: [appendTo(log)] },
					{ matcher: "user_settings", hooks: [sh(`echo user >> '${log}.user'`)] },
				],
			},
			root,
		);
		const plan = await configChange(ports, moment, change);
		expect(plan).toEqual({ blocked: false, steps: [] });
		const [stdin] = jsonLinesOf(log);
		expect(Object.keys(stdin ?? {})).toEqual([
			"session_id",
			"transcript_path",
			"cwd",
			"hook_event_name",
			"source",
			"file_path",
		]);
		expect(stdin).toMatchObject({ hook_event_name: "ConfigChange", source: "project_settings" });
		expect(stdin?.file_path).toBe("/p/.claude/settings.json");
	});

	it.each([
		["exit 2", "echo no >&2; exit 2"],
		['decision: "block"', `printf '%s' '{"decision":"block","reason":"frozen"}'`],
	])("%s blocks the change and says which hook did", async (_name, command) => {
		const { ports, moment } = flowEngine({ ConfigChange: [{ hooks: [sh(command)] }] }, dir());
		const plan = await configChange(ports, moment, change);
		expect(plan?.blocked).toBe(true);
		const notices = (plan?.steps ?? []).flatMap((step) => (step.do === "notify" ? [step.notice.text] : []));
		expect(notices).toHaveLength(1);
		expect(notices[0]).toContain("blocked the change to /p/.claude/settings.json");
		expect(notices[0]).toContain(command.slice(0, 10));
	});

	it("cannot block a policy_settings change: the hook runs, the change takes effect", async () => {
		const root = dir();
		const log = join(root, "runs.jsonl");
		const { ports, moment } = flowEngine(
			{ ConfigChange: [{ hooks: [sh(`cat >> '${log}'; echo >> '${log}'; exit 2`)] }] },
			root,
		);
		const plan = await configChange(ports, moment, { source: "policy_settings", filePath: "/etc/m.json" });
		expect(plan?.blocked).toBe(false);
		expect(jsonLinesOf(log)).toEqual([expect.objectContaining({ source: "policy_settings" })]);
		expect(JSON.stringify(plan?.steps)).toContain("cannot block a change to managed policy");
	});

	it("lets the change through on exit 0, exit 1 (a failure card) and continue: false", async () => {
		const { ports, moment } = flowEngine(
			{
				ConfigChange: [
					{ hooks: [sh("exit 0"), sh("exit 1"), sh(`printf '%s' '{"continue":false,"systemMessage":"x"}'`)] },
				],
			},
			dir(),
		);
		const plan = await configChange(ports, moment, change);
		expect(plan?.blocked).toBe(false);
		expect(plan?.steps.every((step) => step.do === "record")).toBe(true);
	});

	it("is undefined at once without ConfigChange hooks", () => {
		const { ports, moment } = flowEngine({ Stop: [{ hooks: [sh("exit 0")] }] }, dir());
		expect(configChange(ports, moment, change)).toBeUndefined();
	});
});
