import { describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { createEngine } from "../../../src/engine/engine.ts";
import { entriesFor, hasConfiguredHooks, matchingEntries } from "../../../src/engine/match/index-by-event.ts";
import type { HookConfig, HookEntry } from "../../../src/engine/types.ts";
import { engineDeps } from "../../support/engine-deps.ts";
import { engineSession } from "../../support/engine-session.ts";

const configOf = (hooks: unknown): HookConfig =>
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

/** The config with every matcher counting its calls into `calls`. */
const counting = (config: HookConfig, calls: { count: number }): HookConfig => ({
	...config,
	entries: config.entries.map(
		(entry): HookEntry => ({
			...entry,
			matcher: {
				...entry.matcher,
				test: (value: string) => {
					calls.count++;
					return entry.matcher.test(value);
				},
			},
		}),
	),
});

const cmd = (command: string) => ({ type: "command", command });
const request = {
	event: "PreToolUse" as const,
	matchValues: ["Bash", "bash"],
	tool: { ccToolName: "Bash", ccInput: { command: "ls" } },
	payload: { hook_event_name: "PreToolUse" },
	session: engineSession(),
};

describe("matchingEntries", () => {
	it("returns the entries whose matcher accepts one of the values, in configuration order", () => {
		const config = configOf({
			PreToolUse: [
				{ matcher: "Read", hooks: [cmd("a")] },
				{ matcher: "bash", hooks: [cmd("b")] },
				{ matcher: "B.*", hooks: [cmd("c")] },
			],
			Stop: [{ hooks: [cmd("d")] }],
		});
		const names = (entries: readonly HookEntry[]) =>
			entries.map((entry) => (entry.handler.type === "command" ? entry.handler.command : ""));
		expect(names(matchingEntries(config, "PreToolUse", ["Bash", "bash"]))).toEqual(["b", "c"]);
		expect(names(matchingEntries(config, "PreToolUse", ["Read"]))).toEqual(["a"]);
		expect(names(matchingEntries(config, "PreToolUse", []))).toEqual(["a", "b", "c"]);
		expect(names(entriesFor(config, "Stop"))).toEqual(["d"]);
		expect([hasConfiguredHooks(config, "Stop"), hasConfiguredHooks(config, "PostToolUse")]).toEqual([true, false]);
	});

	it("tests each matcher once per configuration and values: 200 non-matching hooks cost one lookup", async () => {
		const calls = { count: 0 };
		const hooks = Array.from({ length: 200 }, (_, i) => ({
			matcher: i % 2 ? "Read" : `mcp__x${i}__.*`,
			hooks: [cmd(`h${i}`)],
		}));
		const config = counting(configOf({ PreToolUse: hooks }), calls);
		const engine = createEngine(
			engineDeps({
				config: () => config,
				baseEnv: {},
				runners: { process: async () => ({ kind: "spawn_failed", message: "", durationMs: 0 }) },
			}),
		);
		const first = await engine.dispatch(request);
		expect(first.verdicts).toEqual([]);
		const afterFirst = calls.count;
		expect(afterFirst).toBe(400); // two values for each of 200 matchers
		for (let i = 0; i < 50; i++) await engine.dispatch(request);
		expect(calls.count).toBe(afterFirst);
		// The trace of why nothing fired is built when it is read, from what was matched.
		const { record } = await engine.dispatch(request);
		expect(record?.notRun).toHaveLength(200);
		expect(new Set(record?.notRun.map((hook) => hook.reason))).toEqual(new Set(["matcher"]));
		expect(calls.count).toBe(afterFirst);
	});
});
