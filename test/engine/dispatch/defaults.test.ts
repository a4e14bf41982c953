import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import {
	ALL_ON,
	createEngine,
	DEFAULT_LIMITS,
	NO_OBSERVERS,
	NO_SESSION_SIGNAL,
	NO_TRUST_CHECK,
	UNAVAILABLE_RUNNERS,
} from "../../../src/engine/engine.ts";
import { runProcess } from "../../../src/engine/run/process.ts";
import { engineSession } from "../../support/engine-session.ts";

const configOf = (hooks: unknown) =>
	mergeSources(
		[parseSettingsText(JSON.stringify({ hooks }), { scope: "claude-user", file: "/u/s.json", project: false })],
		true,
	);

describe("the engine's default ports", () => {
	it("fail each handler type without a runner at once, naming the type, and run command hooks", async () => {
		const config = configOf({
			PreToolUse: [
				{
					hooks: [
						{ type: "http", url: "http://127.0.0.1:9/hook" },
						{ type: "prompt", prompt: "ok?" },
						{ type: "agent", prompt: "check" },
						{ type: "mcp_tool", server: "srv", tool: "t" },
						{ type: "command", command: "true" },
					],
				},
			],
		});
		const engine = createEngine({
			config: () => config,
			runners: { ...UNAVAILABLE_RUNNERS, process: runProcess },
			baseEnv: { PATH: process.env.PATH },
			sessionSignal: NO_SESSION_SIGNAL,
			switches: ALL_ON,
			trust: NO_TRUST_CHECK,
			observers: NO_OBSERVERS,
			clock: () => 5,
			limits: DEFAULT_LIMITS,
		});
		const result = await engine.dispatch({
			event: "PreToolUse",
			matchValues: ["Bash"],
			tool: { ccToolName: "Bash", ccInput: { command: "ls" } },
			payload: { hook_event_name: "PreToolUse" },
			session: engineSession(tmpdir()),
		});
		const byType = Object.fromEntries(result.verdicts.map((v) => [v.entry.handler.type, [v.status, v.message]]));
		expect(byType).toEqual({
			http: ["error", "http hooks are not available here"],
			prompt: ["error", "prompt hooks are not available here"],
			agent: ["error", "agent hooks are not available here"],
			mcp_tool: ["error", "mcp_tool hooks are not available here"],
			command: ["success", ""],
		});
		expect(result.record?.time).toBe(5);
	});

	it("switch nothing off, trust every hook, and keep 1 MiB of output with 2 s between SIGTERM and SIGKILL", () => {
		const [entry] = configOf({ Stop: [{ hooks: [{ type: "command", command: "true" }] }] }).entries;
		if (entry === undefined) throw new Error("no entry");
		expect([ALL_ON.isEnabled(entry), ALL_ON.allOff(), ALL_ON.switchSignal(entry)]).toEqual([
			true,
			false,
			undefined,
		]);
		expect(NO_TRUST_CHECK.stillApproved(entry)).toBe(true);
		expect(NO_SESSION_SIGNAL()).toBeUndefined();
		expect(DEFAULT_LIMITS).toEqual({ maxOutputBytes: 1024 * 1024, killGraceMs: 2000 });
	});
});
