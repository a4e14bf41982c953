/** The engine's run observers (`onRunStart` / `onRunEnd`), which drive the "hook running" footer. */
import { describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { createEngine } from "../../../src/engine/dispatch/dispatch.ts";
import type { ProcessOutcome, ProcessRunner } from "../../../src/engine/ports.ts";
import { engineDeps } from "../../support/engine-deps.ts";
import { engineSession } from "../../support/engine-session.ts";

const configOf = (hooks: unknown) =>
	mergeSources(
		[
			parseSettingsText(JSON.stringify({ hooks }), {
				scope: "claude-user",
				file: "/u/settings.json",
				project: false,
			}),
		],
		true,
	);
const request = {
	event: "PreToolUse" as const,
	matchValues: ["Bash", "bash"],
	tool: { ccToolName: "Bash", ccInput: { command: "ls" } },
	payload: { hook_event_name: "PreToolUse" },
	session: engineSession("/tmp", { sessionId: "S1", transcriptPath: "/t.jsonl" }),
};
const exited: ProcessOutcome = {
	kind: "exited",
	code: 0,
	stdout: { text: "", bytes: 0, truncated: false },
	stderr: { text: "", bytes: 0, truncated: false },
	durationMs: 1,
};

describe("run observers", () => {
	it("announce each awaited hook once it is spawned and again when it ends, not async hooks", async () => {
		const events: string[] = [];
		const runner: ProcessRunner = async (spec) => {
			events.push(`run ${spec.args.at(-1)}`);
			return exited;
		};
		const config = configOf({
			PreToolUse: [
				{
					hooks: [
						{ type: "command", command: "one", statusMessage: "checking" },
						{ type: "command", command: "bg", async: true },
					],
				},
			],
		});
		const engine = createEngine(
			engineDeps({
				config: () => config,
				baseEnv: {},
				runners: { process: runner },
				observers: {
					onRunStart: (entry) =>
						events.push(`start ${entry.handler.type === "command" ? entry.handler.command : ""}`),
					onRunEnd: (entry) =>
						events.push(`end ${entry.handler.type === "command" ? entry.handler.command : ""}`),
				},
			}),
		);
		await engine.dispatch(request);
		// The hook is spawned before the observers run: the footer's work does not delay the hook.
		expect(events.filter((e) => !e.endsWith("bg"))).toEqual(["run one", "start one", "end one"]);
		expect(events).not.toContain("start bg");
	});

	it("end even when the runner rejects, and an observer that throws does not break the dispatch", async () => {
		const ends: string[] = [];
		const config = configOf({ PreToolUse: [{ hooks: [{ type: "command", command: "x" }] }] });
		const failing = createEngine(
			engineDeps({
				config: () => config,
				baseEnv: {},
				runners: { process: async () => Promise.reject(new Error("boom")) },
				observers: { onRunEnd: () => ends.push("end") },
			}),
		);
		await expect(failing.dispatch(request)).rejects.toThrow("boom");
		expect(ends).toEqual(["end"]);

		const throwing = createEngine(
			engineDeps({
				config: () => config,
				baseEnv: {},
				runners: { process: async () => exited },
				observers: {
					onRunStart: () => {
						throw new Error("observer");
					},
				},
			}),
		);
		expect((await throwing.dispatch(request)).verdicts.map((v) => v.status)).toEqual(["success"]);
	});

	it("a record observer that throws fails neither the dispatch nor the no-match path", async () => {
		const config = configOf({ PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "x" }] }] });
		const seen: number[] = [];
		const engine = createEngine(
			engineDeps({
				config: () => config,
				baseEnv: {},
				runners: { process: async () => exited },
				observers: {
					onRecord: (record) => {
						seen.push(record.seq);
						throw new Error("log full");
					},
				},
			}),
		);
		const result = await engine.dispatch(request);
		expect(result.verdicts.map((v) => v.status)).toEqual(["success"]);
		expect(result.record?.seq).toBe(1);
		const noMatch = { event: "PreToolUse" as const, matchValues: ["Read"], summary: "a.txt", payload: () => ({}) };
		expect(engine.recordIfNoneMatches(noMatch)).toBe(true);
		expect(seen).toEqual([1, 2]);
	});
});
