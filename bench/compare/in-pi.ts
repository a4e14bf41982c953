/**
 * The figures measured inside the real pi, for two builds of the extension in one run: the same sandboxes and
 * scripted model as `figures/in-pi.ts`, the builds' setups alternating round by round (the order rotated each
 * round), one value per pi run.
 */
import { createPiSandbox, type PiSandbox } from "../../test/support/pi-env.ts";
import {
	CALLS,
	firstSpans,
	loadMs,
	nonMatching,
	oneHook,
	ROUNDS,
	runAlternating,
	type Setup,
	STARTUP_ROUNDS,
	sandboxWith,
	sessionMs,
} from "../figures/in-pi.ts";
import { type ProbedRun, runProbed, spanTimes } from "../pi-run.ts";
import { median } from "../stats.ts";
import type { Compared } from "./stats.ts";

/** The median of `event`'s spans in one pi run, without its first call (it loads code once). */
const steadyOf = (run: ProbedRun, event: string): number => median(spanTimes(run, event).slice(1));

/** Measures the inside-pi figures of the extensions at `before` and `after` (their package folders). */
export const compareInPi = async (before: string, after: string): Promise<Compared[]> => {
	const sandboxes: PiSandbox[] = [];
	const fresh = (settings: unknown): PiSandbox => {
		const sandbox = settings === undefined ? createPiSandbox() : sandboxWith(settings);
		sandboxes.push(sandbox);
		return sandbox;
	};
	try {
		/** One setup per build, each in its own sandbox (the builds' state files do not meet). */
		const pair = (settings: unknown): readonly [Setup, Setup] => [
			{ sandbox: fresh(settings), extensions: [before], runs: [] },
			{ sandbox: fresh(settings), extensions: [after], runs: [] },
		];
		const many = pair(nonMatching);
		const trueHook = pair(oneHook("true"));
		const catHook = pair(oneHook("cat > /dev/null"));
		const calls = [...many, ...trueHook, ...catHook];
		for (const each of calls) await runProbed(each.sandbox, each.extensions, 2);
		await runAlternating(calls, ROUNDS, CALLS);

		const empty = fresh(undefined);
		const bare: Setup = { sandbox: empty, extensions: [], runs: [] };
		const noHooks = pair(undefined);
		const withHooks = pair(nonMatching);
		await runAlternating([bare, ...noHooks, ...withHooks], STARTUP_ROUNDS, 0);

		const perRun = (setups: readonly [Setup, Setup], value: (run: ProbedRun) => number) =>
			({ before: setups[0].runs.map(value), after: setups[1].runs.map(value) }) as const;
		/** A start-up figure per round: the loaded run's value less the bare run's of the same round. */
		const added = (setups: readonly [Setup, Setup], value: (run: ProbedRun) => number) => {
			const less = (setup: Setup) =>
				setup.runs.map((run, round) => value(run) - value(bare.runs[round] as ProbedRun));
			return { before: less(setups[0]), after: less(setups[1]) } as const;
		};
		return [
			{
				what: "a tool call, 200 hooks configured, none matches (`tool_call` + `tool_result`)",
				...perRun(many, (run) => steadyOf(run, "tool_call") + steadyOf(run, "tool_result")),
			},
			{
				what: "one matching `true` hook (`tool_call`)",
				...perRun(trueHook, (run) => steadyOf(run, "tool_call")),
			},
			{
				what: "one `cat > /dev/null` hook (`tool_call`)",
				...perRun(catHook, (run) => steadyOf(run, "tool_call")),
			},
			{
				what: "each pi run's first call, one `true` hook (`tool_call`)",
				before: firstSpans(trueHook[0], "tool_call"),
				after: firstSpans(trueHook[1], "tool_call"),
			},
			{ what: "start-up added to `pi -p`, no hooks (load to session end)", ...added(noHooks, sessionMs) },
			{ what: "start-up added to `pi -p`, 200 hooks (load to session end)", ...added(withHooks, sessionMs) },
			{ what: "the extension's module load and factory, no hooks", ...added(noHooks, loadMs) },
		];
	} finally {
		for (const sandbox of sandboxes) sandbox.cleanup();
	}
};

/** The steady tool calls of one pi run whose median is its value (each run's first call is left out). */
export const STEADY_CALLS = CALLS - 1;
