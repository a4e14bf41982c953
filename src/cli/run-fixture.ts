/**
 * Runs one fixture's event through the configured hooks, as pi would dispatch it: the stdin with the common
 * fields filled in, the matcher tested against the event's match field (the tool name, SessionStart's `source`,
 * ...), `if` rules against the tool input, every matching hook run for real (processes, http on loopback), and the
 * verdicts decided together. Prompt and agent hooks run on pi's model (read from pi's agent dir by pi's SDK, see
 * pi-models.ts) when one is set up; without it, and for mcp_tool hooks (they need pi's MCP servers), they are not
 * run: a fixture such a hook matches is reported as skipped, with the reason's code, never as passed.
 */

import type { HookVerdict } from "../engine/decide/interpret.ts";
import { eventPayload } from "../engine/dry-run/sample-input.ts";
import { eventEffects } from "../engine/dry-run/would.ts";
import { wouldNotRun } from "../engine/dry-run/would-run.ts";
import type { NotRunHook } from "../engine/engine.ts";
import { isToolEvent, matchValueOf } from "../engine/events/facts.ts";
import { claudeToolMapping } from "../engine/events/tool-map.ts";
import { type FixtureOutcome, outcomeOf } from "../engine/fixture/outcome.ts";
import { isObject } from "../engine/is-object.ts";
import { entriesFor } from "../engine/match/index-by-event.ts";
import type { HookEntry } from "../engine/types.ts";
import type { CliContext } from "./context.ts";
import type { Fixture } from "./fixture.ts";
import { type HookModelSkip, modelSkip, modelSkipText, type PiModels } from "./pi-models.ts";

/** Handler types that need pi: prompt and agent hooks pi's model, mcp_tool hooks pi's MCP servers. */
const NEEDS_PI = new Set(["prompt", "agent", "mcp_tool"]);

/** True for a hook that needs pi to run (see {@link NEEDS_PI}). */
export const needsPi = (entry: HookEntry): boolean => NEEDS_PI.has(entry.handler.type);

/** True for a hook that runs on pi's model (prompt and agent hooks). */
export const needsModel = (entry: HookEntry): boolean =>
	entry.handler.type === "prompt" || entry.handler.type === "agent";

/** Why a hook needing pi does not run here: a model skip, or `mcp_needs_pi` (pi's MCP servers are only in pi). */
export type PiSkip = HookModelSkip | { readonly reason: "mcp_needs_pi" };

/** The sentence for a skip (made from its code). */
export const piSkipText = (skip: PiSkip): string =>
	skip.reason === "mcp_needs_pi"
		? "mcp_tool hooks need pi's MCP servers: they run only inside pi (/hooks tests them there)"
		: modelSkipText(skip);

/** A hook needing pi that would have run for the input, and why it did not. */
export interface SkippedPiHook {
	readonly entry: HookEntry;
	readonly skip: PiSkip;
}

/** The `model` a prompt or agent hook names (undefined: pi's current one). */
const wantedModel = (entry: HookEntry): string | undefined => {
	const handler = entry.handler;
	return handler.type !== "command" && typeof handler.raw.model === "string" ? handler.raw.model : undefined;
};

/**
 * Why `entry` (a hook needing pi) cannot run with `models` (undefined: not loaded, so no model); undefined when it
 * runs on pi's model.
 */
export const piSkip = (entry: HookEntry, models: PiModels | undefined): PiSkip | undefined => {
	if (!needsModel(entry)) return { reason: "mcp_needs_pi" };
	return models === undefined ? { reason: "no_model" } : modelSkip(models, wantedModel(entry));
};

/**
 * Why the per-run check stopped `entry` (not-run reason `files_changed`), naming the files, e.g. `a file its
 * approval covers changed after it was approved: .claude/g.sh (changed)`.
 */
export const filesChangedText = (ctx: CliContext, entry: HookEntry): string => {
	const files = ctx.changedFiles(entry);
	const named = files.length === 0 ? "" : `: ${files.join(", ")}`;
	return `a file its approval covers changed after it was approved (in pi, or as this command first read it)${named}`;
};

/** What running a fixture gave. */
export interface FixtureRun {
	readonly fixture: Fixture;
	/** The stdin sent to each hook (one JSON line). */
	readonly stdin: string;
	/** The value matchers are tested against (the tool name, SessionStart's `source`, ...); undefined: none. */
	readonly matchValue: string | undefined;
	/** Hooks that ran, in configuration order. */
	readonly verdicts: readonly HookVerdict[];
	/** Hooks of the event that did not run, and why (the engine's trace, configuration order). */
	readonly notRun: readonly NotRunHook[];
	/** Hooks needing pi that would have run but cannot here; when any, nothing ran and `outcome` is undefined. */
	readonly needPi: readonly SkippedPiHook[];
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
	const value = matchValueOf(event, payload);
	const matchValues = value === undefined ? [] : [value];
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
	const matching = pi.filter(wouldRun);
	const idleNeedPi = pi.filter((entry) => !matching.includes(entry));
	// pi's SDK is loaded only when a prompt or agent hook would run (the command works without pi).
	const models = matching.some(needsModel) ? await ctx.piModels() : undefined;
	const runsOnModel = (entry: HookEntry): boolean =>
		models !== undefined && needsModel(entry) && piSkip(entry, models) === undefined;
	const needPi = matching.flatMap((entry) => {
		const skip = piSkip(entry, models);
		return skip === undefined ? [] : [{ entry, skip }];
	});
	if (needPi.length > 0 && !others)
		return {
			fixture,
			stdin,
			matchValue: value,
			verdicts: [],
			notRun: [],
			needPi,
			idleNeedPi,
			outcome: undefined,
			finished: [],
		};
	const result = await ctx.engine.dispatch({
		event,
		matchValues,
		...(piName === undefined ? {} : { piMatchValues: [piName] }),
		...(ccToolName !== undefined && isToolEvent(event) ? { tool: { ccToolName, ccInput: toolInput } } : {}),
		payload,
		session: ctx.session,
		only: new Set(all.filter((entry) => !needsPi(entry) || runsOnModel(entry)).map((entry) => entry.id)),
	});
	const order = orderOf(ctx);
	const position = (entry: HookEntry): number => order.get(entry) ?? Number.MAX_SAFE_INTEGER;
	const verdicts = [...result.verdicts].sort((a, b) => position(a.entry) - position(b.entry));
	const matchQuery = isToolEvent(event) ? ccToolName : matchValues[0];
	return {
		fixture,
		stdin,
		matchValue: value,
		verdicts,
		notRun: result.record?.notRun ?? [],
		needPi,
		idleNeedPi,
		outcome: needPi.length > 0 ? undefined : outcomeOf(eventEffects(event, result.verdicts, matchQuery)),
		finished: result.verdicts,
	};
};
