/**
 * Properties of whole settings configurations: whatever JSON sits under "hooks" (or the file is not JSON at all),
 * parsing and merging never throw, every problem comes back as an issue with a path and a reason, and the engine
 * dispatches any event over the result and reaches a decision.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeSources } from "../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import { decideBlockEvent } from "../../src/engine/decide/stop.ts";
import { decidePostToolUse, decidePreToolUse } from "../../src/engine/decide/tool.ts";
import { createEngine } from "../../src/engine/engine.ts";
import type { ProcessOutcome } from "../../src/engine/ports.ts";
import { HOOK_EVENTS, type HookEventName, type HookSource, type SourceScope } from "../../src/engine/types.ts";
import { engineDeps } from "../support/engine-deps.ts";
import { engineSession } from "../support/engine-session.ts";

const SCOPES: readonly SourceScope[] = ["claude-user", "claude-project", "claude-local", "pi-global", "pi-project"];
const sourceOf = (scope: SourceScope): HookSource => ({
	scope,
	file: `/s/${scope}.json`,
	project: scope.includes("project") || scope === "claude-local",
});

const anyText = fc.string({ unit: "binary", maxLength: 40 });
const matcherish = fc.oneof(
	{ arbitrary: fc.constantFrom("Bash", "*", "", "Edit|Write", "mcp__.*", "^B.*h$"), weight: 3 },
	{ arbitrary: fc.string({ unit: fc.constantFrom(..."()[]|*+?.^$\\aB_ ".split("")), maxLength: 12 }), weight: 1 },
);
const ifish = fc.oneof(
	{
		arbitrary: fc.constantFrom("Bash(git *)", "Edit(*.ts)", "Read(//etc/**)", "Bash(", "Write(src/**)", "*"),
		weight: 3,
	},
	{ arbitrary: anyText, weight: 1 },
);
/** A value that is mostly right and sometimes of the wrong type. */
const maybe = <T>(right: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
	fc.oneof({ arbitrary: right, weight: 5 }, { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 });

const handler = fc.oneof(
	{ arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
	{
		weight: 5,
		arbitrary: fc.record(
			{
				type: maybe(fc.constantFrom("command", "http", "prompt", "agent", "mcp_tool", "shell")),
				command: maybe(fc.constantFrom("true", "echo hi", "", " ")),
				args: maybe(fc.array(fc.string(), { maxLength: 3 })),
				timeout: maybe(fc.integer({ min: -5, max: 600 })),
				async: maybe(fc.boolean()),
				asyncRewake: maybe(fc.boolean()),
				statusMessage: maybe(fc.string()),
				if: maybe(ifish),
				url: maybe(fc.constantFrom("http://127.0.0.1:9/h", "")),
				prompt: maybe(fc.string()),
			},
			{ requiredKeys: ["type", "command"] },
		),
	},
);
const group = fc.oneof(
	{ arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
	{
		arbitrary: fc.record(
			{ matcher: maybe(matcherish), hooks: maybe(fc.array(handler, { maxLength: 4 })) },
			{ requiredKeys: ["hooks"] },
		),
		weight: 5,
	},
);
const eventName = fc.oneof(
	{ arbitrary: fc.constantFrom(...HOOK_EVENTS), weight: 5 },
	{ arbitrary: anyText, weight: 1 },
);
const hooksValue = fc.oneof(
	{ arbitrary: fc.jsonValue(), weight: 1 },
	{ arbitrary: fc.dictionary(eventName, maybe(fc.array(group, { maxLength: 3 })), { maxKeys: 4 }), weight: 5 },
);
const settings = fc.record(
	{
		hooks: hooksValue,
		disableAllHooks: maybe(fc.boolean()),
		allowedHttpHookUrls: maybe(fc.array(fc.string(), { maxLength: 2 })),
	},
	{ requiredKeys: [] },
);

const outcome: fc.Arbitrary<ProcessOutcome> = fc.oneof(
	fc.record({
		kind: fc.constant("exited" as const),
		code: fc.integer({ min: -1, max: 255 }),
		stdout: fc.record({
			text: fc.oneof(
				anyText,
				fc.jsonValue().map((value) => JSON.stringify(value)),
			),
			bytes: fc.nat(),
			truncated: fc.boolean(),
		}),
		stderr: fc.record({ text: anyText, bytes: fc.nat(), truncated: fc.boolean() }),
		durationMs: fc.nat(),
	}),
	fc.record({ kind: fc.constant("spawn_failed" as const), message: anyText, durationMs: fc.nat() }),
);

describe("parsing and merging settings", () => {
	it("the generated settings hold both valid hooks and broken entries (so the properties below test both)", () => {
		const parsed = fc
			.sample(settings, 300)
			.map((value) => parseSettingsText(JSON.stringify(value), sourceOf("claude-user")));
		expect(parsed.filter((source) => source.entries.length > 0).length).toBeGreaterThan(15);
		expect(parsed.filter((source) => source.issues.length > 0).length).toBeGreaterThan(30);
	});

	it("never throws on any text: the file is unusable with one issue, or usable", () => {
		fc.assert(
			fc.property(
				fc.oneof(
					anyText,
					fc.jsonValue().map((value) => JSON.stringify(value)),
				),
				(text) => {
					const parsed = parseSettingsText(text, sourceOf("claude-user"));
					if (!parsed.usable) expect(parsed.issues).toHaveLength(1);
					for (const issue of parsed.issues) expect(issue.message).toMatch(/\S/);
				},
			),
			{ numRuns: 500 },
		);
	});

	it("any JSON under hooks: no throw, entries of known events and types only, an issue with a path else", () => {
		fc.assert(
			fc.property(settings, (value) => {
				const parsed = parseSettingsText(JSON.stringify(value), sourceOf("claude-project"));
				expect(parsed.usable).toBe(true);
				for (const entry of parsed.entries) {
					expect(HOOK_EVENTS).toContain(entry.event);
					expect(["command", "http", "prompt", "agent", "mcp_tool"]).toContain(entry.handler.type);
					expect(entry.id).toMatch(/^[0-9a-f]{64}$/);
					expect(entry.jsonPath).toMatch(/^hooks\..+\[\d+\]\.hooks\[\d+\]$/);
				}
				for (const issue of parsed.issues) {
					expect(issue.file).toBe("/s/claude-project.json");
					expect(issue.message).toMatch(/\S/);
				}
			}),
			{ numRuns: 500 },
		);
	});

	it("merging any parsed files, trusted or not, keeps or skips every entry, never both, never neither", () => {
		fc.assert(
			fc.property(
				fc.array(fc.tuple(fc.constantFrom(...SCOPES), settings), { maxLength: 5 }),
				fc.boolean(),
				(files, trusted) => {
					const parsed = files.map(([scope, value]) =>
						parseSettingsText(JSON.stringify(value), sourceOf(scope)),
					);
					const config = mergeSources(parsed, trusted);
					const total = parsed.reduce((sum, source) => sum + source.entries.length, 0);
					expect(config.entries.length + config.skipped.length).toBe(total);
					expect(typeof config.disableAllHooks).toBe("boolean");
					if (!trusted) expect(config.entries.every((entry) => !entry.source.project)).toBe(true);
				},
			),
			{ numRuns: 300 },
		);
	});
});

describe("dispatching over any configuration", () => {
	it("the engine runs any event over any configuration and the event's decision is reached", async () => {
		await fc.assert(
			fc.asyncProperty(
				settings,
				fc.constantFrom<HookEventName>(
					"PreToolUse",
					"PostToolUse",
					"PostToolUseFailure",
					"Stop",
					"UserPromptSubmit",
					"SessionStart",
				),
				fc.array(outcome, { minLength: 1, maxLength: 4 }),
				fc.dictionary(
					fc.constantFrom("command", "file_path", "path", "pattern"),
					fc.jsonValue({ maxDepth: 1 }),
					{
						maxKeys: 3,
					},
				),
				async (value, event, outcomes, ccInput) => {
					const config = mergeSources(
						[parseSettingsText(JSON.stringify(value), sourceOf("claude-user"))],
						true,
					);
					let next = 0;
					const engine = createEngine(
						engineDeps({
							config: () => config,
							baseEnv: {},
							runners: {
								process: async () => outcomes[next++ % outcomes.length] as ProcessOutcome,
								http: async () => outcomes[next++ % outcomes.length] as ProcessOutcome,
								prompt: async () => outcomes[next++ % outcomes.length] as ProcessOutcome,
							},
						}),
					);
					const session = engineSession("/proj");
					const { verdicts } = await engine.dispatch({
						event,
						matchValues: ["Bash", "bash"],
						tool: { ccToolName: "Bash", ccInput },
						payload: { hook_event_name: event },
						session,
					});
					if (event === "PreToolUse")
						expect(["deny", "ask", "allow", "none"]).toContain(
							decidePreToolUse(verdicts, event).permission,
						);
					else if (event.startsWith("PostToolUse"))
						expect(typeof decidePostToolUse(verdicts, event).blocked).toBe("boolean");
					else expect(typeof decideBlockEvent(verdicts, event).blocked).toBe("boolean");
				},
			),
			{ numRuns: 300 },
		);
	});
});
