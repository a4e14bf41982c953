/**
 * Runs one fixture's event through the configured hooks, as pi would dispatch it: the stdin with the common
 * fields filled in, the matcher tested against the event's match field (the tool name, SessionStart's `source`,
 * ...), `if` rules against the tool input, every matching hook run for real (processes, http on loopback), and the
 * verdicts decided together. Hooks that need pi itself (prompt and agent hooks need pi's model, mcp_tool hooks its
 * MCP servers) are not run: a fixture such a hook matches is reported as skipped, never as passed.
 */
import type { NotRunHook } from "../engine/engine.ts";
import { isToolEvent, matchFieldOf } from "../engine/events/facts.ts";
import { type FixtureOutcome, outcomeOf } from "../engine/fixture/outcome.ts";
import type { HookVerdict } from "../engine/interpret.ts";
import { isObject } from "../engine/is-object.ts";
import { entriesFor } from "../engine/match-index.ts";
import { eventPayload } from "../engine/sample-input.ts";
import { claudeToolMapping } from "../engine/tool-map.ts";
import type { HookEntry } from "../engine/types.ts";
import { eventEffects } from "../engine/would.ts";
import { wouldNotRun } from "../engine/would-run.ts";
import type { CliContext } from "./context.ts";
import type { Fixture } from "./fixture.ts";

/** Handler types the CLI cannot run: they need pi's model or pi's MCP servers. */
const NEEDS_PI = new Set(["prompt", "agent", "mcp_tool"]);

/** True for a hook that needs pi to run (see {@link NEEDS_PI}). */
export const needsPi = (entry: HookEntry): boolean => NEEDS_PI.has(entry.handler.type);

/** What running a fixture gave. */
export interface FixtureRun {
	readonly fixture: Fixture;
	/** The stdin sent to each hook (one JSON line). */
	readonly stdin: string;
	/** Hooks that ran, in configuration order. */
	readonly verdicts: readonly HookVerdict[];
	/** Hooks of the event that did not run, and why (the engine's trace, configuration order). */
	readonly notRun: readonly NotRunHook[];
	/** Hooks needing pi that would have run for this input; when any, nothing ran and `outcome` is undefined. */
	readonly needPi: readonly HookEntry[];
	/** Hooks needing pi that would not have run anyway (their matcher or `if` refused the input). */
	readonly idleNeedPi: readonly HookEntry[];
	/** The decision of every verdict together; undefined when the fixture was skipped. */
	readonly outcome: FixtureOutcome | undefined;
	/** The verdicts in finish order (the order the session decides in). */
	readonly finished: readonly HookVerdict[];
}

/** Position of each entry of the configuration, for sorting by configuration order. */
const orderOf = (ctx: CliContext): Map<HookEntry, number> =>
	new Map([...ctx.config.entries, ...ctx.config.skipped.map((skipped) => skipped.entry)].map((e, i) => [e, i]));

/**
 * Runs `fixture` (the hooks' own timeouts bound it). When a hook needing pi would run, nothing runs unless
 * `others` (for `why`: the other hooks run, and the outcome is left out). Never throws.
 */
export const runFixture = async (ctx: CliContext, fixture: Fixture, others = false): Promise<FixtureRun> => {
	const event = fixture.event;
	const payload = eventPayload(event, fixture.input, ctx.session);
	const stdin = JSON.stringify(payload);
	const field = matchFieldOf(event);
	const value = field === undefined ? undefined : payload[field];
	const matchValues = typeof value === "string" ? [value] : [];
	const toolInput = isObject(payload.tool_input) ? payload.tool_input : {};
	const ccToolName = typeof payload.tool_name === "string" ? payload.tool_name : undefined;
	const piName = ccToolName === undefined ? undefined : claudeToolMapping(ccToolName)?.piName;
	const all = entriesFor(ctx.config, event);
	const pi = all.filter(needsPi);
	const wouldRun = (entry: HookEntry): boolean =>
		wouldNotRun(entry, stdin, {
			allOff: ctx.config.disableAllHooks,
			enabled: ctx.isEnabled(entry),
			cwd: ctx.session.cwd,
			projectDir: ctx.projectDir,
			home: ctx.home,
		}) === undefined &&
		(matchValues.length === 0 || isToolEvent(event) || entry.matcher.test(matchValues[0] ?? ""));
	const needPi = pi.filter(wouldRun);
	const idleNeedPi = pi.filter((entry) => !needPi.includes(entry));
	if (needPi.length > 0 && !others)
		return { fixture, stdin, verdicts: [], notRun: [], needPi, idleNeedPi, outcome: undefined, finished: [] };
	const result = await ctx.engine.dispatch({
		event,
		matchValues,
		...(piName === undefined ? {} : { piMatchValues: [piName] }),
		...(ccToolName !== undefined && isToolEvent(event) ? { tool: { ccToolName, ccInput: toolInput } } : {}),
		payload,
		session: ctx.session,
		only: new Set(all.filter((entry) => !needsPi(entry)).map((entry) => entry.id)),
	});
	const order = orderOf(ctx);
	const position = (entry: HookEntry): number => order.get(entry) ?? Number.MAX_SAFE_INTEGER;
	const verdicts = [...result.verdicts].sort((a, b) => position(a.entry) - position(b.entry));
	const matchQuery = isToolEvent(event) ? ccToolName : matchValues[0];
	return {
		fixture,
		stdin,
		verdicts,
		notRun: result.record?.notRun ?? [],
		needPi,
		idleNeedPi,
		outcome: needPi.length > 0 ? undefined : outcomeOf(eventEffects(event, result.verdicts, matchQuery)),
		finished: result.verdicts,
	};
};
