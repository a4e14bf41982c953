/**
 * SubagentStart and SubagentStop in the real pi with the real `@tintinweb/pi-subagents` 0.14.1, installed from the npm
 * registry at test time (into a cache folder under the system's temp dir, once; its MIT tarball is not kept in the
 * repository): its Agent tool's subagent fires both hooks with Claude Code's fields and the matcher on agent_type.
 * Offline (the install fails), the test is skipped and says why. Without a subagent extension loaded, pi says
 * such hooks never fire. pi-subagents 0.67.0 is read from its recorded shapes only (test/engine/channel): its
 * background runs need pi installed as a global npm package, and its plain foreground runs publish no event.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readJsonLines, useE2e } from "../support/e2e.ts";
import { EXTENSION_PATH, runPiPrint } from "../support/pi-env.ts";

const e2e = useE2e();
const PACKAGE = "@tintinweb/pi-subagents@0.14.1";
const CACHE = join(tmpdir(), "pi-hook-manager-test-packages", "tintinweb-pi-subagents-0.14.1");
const EXTENSION = join(CACHE, "node_modules", "@tintinweb", "pi-subagents");

/** Installs the package once (pi provides its peer dependencies); the reason when it could not. */
const install = (): string | undefined => {
	if (existsSync(join(EXTENSION, "package.json"))) return undefined;
	mkdirSync(CACHE, { recursive: true });
	const npm = spawnSync(
		"npm",
		["install", "--prefix", CACHE, "--ignore-scripts", "--omit=peer", "--no-audit", "--no-fund", PACKAGE],
		{ encoding: "utf8", timeout: 180_000 },
	);
	return npm.status === 0 ? undefined : `npm install ${PACKAGE} failed (offline?): ${npm.stderr.slice(0, 300)}`;
};
const notInstalled = install();
if (notInstalled !== undefined) console.warn(`skipping the real-subagent test: ${notInstalled}`);

/** A command hook that appends its stdin line to `file`. */
const recorder = (file: string) => ({ type: "command", command: `cat >> '${file}'; echo >> '${file}'` });

const AGENT_CALL = 'tool: Agent {"prompt":"say hi","description":"greeter","subagent_type":"general-purpose"}';

describe("subagents in the real pi", () => {
	it.skipIf(notInstalled !== undefined)(
		"@tintinweb/pi-subagents' subagent fires SubagentStart and SubagentStop, matched on agent_type",
		async () => {
			const sandbox = e2e.sandbox();
			const starts = join(sandbox.root, "start.jsonl");
			const stops = join(sandbox.root, "stop.jsonl");
			const other = join(sandbox.root, "other.jsonl");
			sandbox.writeJson("home/.claude/settings.json", {
				hooks: {
					SubagentStart: [{ matcher: "general-purpose", hooks: [recorder(starts)] }],
					SubagentStop: [
						{ matcher: "general-purpose", hooks: [recorder(stops)] },
						{ matcher: "Explore", hooks: [recorder(other)] },
					],
				},
			});
			const result = await runPiPrint(sandbox, ["-e", EXTENSION_PATH, "-e", EXTENSION, "-p", AGENT_CALL]);
			expect(result.code).toBe(0);
			const [start] = readJsonLines(starts);
			expect(start).toMatchObject({ hook_event_name: "SubagentStart", agent_type: "general-purpose" });
			expect(typeof start?.agent_id).toBe("string");
			expect(readJsonLines(stops)).toEqual([
				expect.objectContaining({
					hook_event_name: "SubagentStop",
					agent_id: start?.agent_id,
					agent_type: "general-purpose",
					stop_hook_active: false,
					last_assistant_message: "echo: say hi",
				}),
			]);
			expect(existsSync(other)).toBe(false);
		},
	);

	it("without a subagent extension, pi says SubagentStop hooks never fire", async () => {
		const sandbox = e2e.sandbox();
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { SubagentStop: [{ hooks: [{ type: "command", command: "true" }] }] },
		});
		const result = await runPiPrint(sandbox, ["-e", EXTENSION_PATH, "-p", "hello"]);
		expect(result.stderr).toContain("SubagentStop hooks never fire: no subagent extension is loaded");
	});
});
