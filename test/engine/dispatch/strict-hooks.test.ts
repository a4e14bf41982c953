/**
 * Strict mode (`strictHooks`) in the merge and the dispatch: a non-project, non-managed hook no person saw is
 * skipped (`unseen`); one with `onFailure: "block"` stays configured, is stopped on each run and blocks what it
 * guards; managed policy and (approved) project hooks are not affected; without `isSeen` nothing is held.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { createEngine } from "../../../src/engine/dispatch/dispatch.ts";
import type { HookEntry, HookSource } from "../../../src/engine/types.ts";
import { engineDeps } from "../../support/engine-deps.ts";
import { engineSession } from "../../support/engine-session.ts";

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "phm-strict-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const user: HookSource = { scope: "claude-user", file: "/u/settings.json", project: false };
const projectFile: HookSource = { scope: "claude-project", file: "/p/.claude/settings.json", project: true };
const managed: HookSource = { scope: "managed", file: "/etc/claude-code/managed-settings.json", project: false };
const bash = (...hooks: Record<string, unknown>[]) => ({ hooks: { PreToolUse: [{ matcher: "Bash", hooks }] } });
const settings = (source: HookSource, data: Record<string, unknown>) => parseSettingsText(JSON.stringify(data), source);
const cmd = (command: string, extra: Record<string, unknown> = {}) => ({ type: "command", command, ...extra });
const commandOf = (entry: HookEntry): string => (entry.handler.type === "command" ? entry.handler.command : "");

const merged = (isSeen?: (entry: HookEntry) => boolean) =>
	mergeSources(
		[
			settings(managed, bash(cmd("exit 0 #m"))),
			settings(user, bash(cmd("exit 0 #seen"), cmd("exit 0 #new"), cmd("exit 0 #guard", { onFailure: "block" }))),
			settings(projectFile, bash(cmd("exit 0 #p"))),
		],
		true,
		() => true,
		isSeen === undefined ? {} : { isSeen },
	);

describe("strict mode", () => {
	const seen = (entry: HookEntry): boolean => commandOf(entry).endsWith("#seen");

	it("skips an unseen user hook as `unseen`, keeps a fail-closed one held, leaves managed and project hooks", () => {
		const config = merged(seen);
		expect(config.entries.map(commandOf)).toEqual(["exit 0 #m", "exit 0 #seen", "exit 0 #guard", "exit 0 #p"]);
		expect(config.skipped.map((skipped) => [commandOf(skipped.entry), skipped.reason])).toEqual([
			["exit 0 #new", "unseen"],
		]);
		expect(config.skipped[0]?.message).toContain("strictHooks");
		const guard = config.entries.find((entry) => commandOf(entry) === "exit 0 #guard");
		expect([...(config.heldUnseen ?? [])]).toEqual([guard?.id]);
	});

	it("off (no isSeen): nothing is held", () => {
		const config = merged();
		expect(config.skipped).toEqual([]);
		expect(config.heldUnseen).toBeUndefined();
	});

	it("a held fail-closed guard does not run and blocks the call; the others run", async () => {
		const engine = createEngine(engineDeps({ config: () => merged(seen) }));
		const result = await engine.dispatch({
			event: "PreToolUse",
			matchValues: ["Bash", "bash"],
			tool: { ccToolName: "Bash", ccInput: { command: "ls" } },
			payload: { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } },
			session: engineSession(dir, { sessionId: "S1" }),
		});
		expect(result.record?.notRun.map((hook) => `${commandOf(hook.entry)}:${hook.reason}`)).toEqual([
			"exit 0 #guard:unseen",
			"exit 0 #new:unseen",
		]);
		const blocking = result.verdicts.filter((verdict) => verdict.effects.some((e) => e.kind === "block"));
		expect(blocking.map((verdict) => commandOf(verdict.entry))).toEqual(["exit 0 #guard"]);
		expect(JSON.stringify(blocking)).toContain("strictHooks is on");
	});
});
