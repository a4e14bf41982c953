/**
 * Switching a running hook off stops it, as Esc does: the engine combines each run's signal with the one the
 * user's switch gives (`switchSignal`), and a real `sleep 1000` hook is killed when that one fires; the other
 * hook of the event runs on.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { createEngine } from "../../../src/engine/dispatch/dispatch.ts";
import { engineDeps } from "../../support/engine-deps.ts";
import { engineSession } from "../../support/engine-session.ts";

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "phm-switch-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("switchSignal", () => {
	it("stops the running hook the user switched off; the other one finishes", async () => {
		const pidFile = join(dir, "pid");
		const text = JSON.stringify({
			hooks: {
				PreToolUse: [
					{
						matcher: "Bash",
						hooks: [
							{ type: "command", command: `echo $$ > "${pidFile}"; exec sleep 1000` },
							{ type: "command", command: "echo fine" },
						],
					},
				],
			},
		});
		const parsed = parseSettingsText(text, {
			scope: "claude-user",
			file: join(dir, "settings.json"),
			project: false,
		});
		const config = mergeSources([parsed], true);
		const sleeper = parsed.entries[0];
		const off = new AbortController();
		const engine = createEngine(
			engineDeps({
				config: () => config,
				baseEnv: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
				switches: { switchSignal: (entry) => (entry.id === sleeper?.id ? off.signal : undefined) },
			}),
		);
		const session = engineSession(dir);
		const running = engine.dispatch({
			event: "PreToolUse",
			matchValues: ["Bash", "bash"],
			tool: { ccToolName: "Bash", ccInput: { command: "ls" } },
			payload: { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } },
			session,
		});
		await expect.poll(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "").toBe(true);
		off.abort();
		const { verdicts } = await running;
		expect(verdicts.map((verdict) => [verdict.entry.id === sleeper?.id, verdict.status]).sort()).toEqual([
			[false, "success"],
			[true, "cancelled"],
		]);
	});
});
