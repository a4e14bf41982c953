/**
 * The footer status of pi-hook-manager: a compact count of the session's hook decisions
 * (`hooks 3 blocked, 1 error`), `off` while the kill switch is on, how many hooks are disabled, and the
 * hook that is running right now. Pure.
 */

import type { HookCounts } from "../engine/dispatch/run-state.ts";
import type { Card, CardKind } from "../engine/plan/card.ts";
import { terminalSafe } from "../engine/text/terminal-safe.ts";
import { countParts } from "./hook-counts.ts";
import type { PanelTheme, UiColor } from "./theme.ts";

/** Decision counts by what a person cares about. */
export interface CardCounts {
	/** Calls, prompts and compactions hooks stopped (`block`, `prompt_blocked`, `compact_cancelled`). */
	readonly blocked: number;
	/** `ask` decisions, whatever the answer. */
	readonly asked: number;
	/** Inputs rewritten and outputs replaced. */
	readonly rewritten: number;
	/** Stop hooks that made the agent go on (`stop_continue`). */
	readonly keptGoing: number;
	/** The agent stopped by a hook (`continue_false`) or by the Stop block cap (`stop_cap`). */
	readonly stopped: number;
	/** Context added for the model. */
	readonly context: number;
	/** Hooks that failed or timed out. */
	readonly errors: number;
}

/** Which count each kind adds to. */
const BUCKET: Readonly<Record<CardKind, keyof CardCounts>> = {
	block: "blocked",
	prompt_blocked: "blocked",
	compact_cancelled: "blocked",
	ask: "asked",
	allow: "asked",
	rewrite: "rewritten",
	output_replaced: "rewritten",
	stop_continue: "keptGoing",
	stop_cap: "stopped",
	continue_false: "stopped",
	context: "context",
	error: "errors",
	timeout: "errors",
};

/** All zero. */
export const NO_CARDS: CardCounts = {
	blocked: 0,
	asked: 0,
	rewritten: 0,
	keptGoing: 0,
	stopped: 0,
	context: 0,
	errors: 0,
};

/** Counts records by {@link CardCounts} bucket. */
export const countCards = (records: readonly Pick<Card, "kind">[]): CardCounts => {
	const counts: Record<keyof CardCounts, number> = { ...NO_CARDS };
	for (const record of records) counts[BUCKET[record.kind]]++;
	return counts;
};

/** Adds one record to counts. */
export const addCard = (counts: CardCounts, record: Pick<Card, "kind">): CardCounts => {
	const bucket = BUCKET[record.kind];
	return { ...counts, [bucket]: counts[bucket] + 1 };
};

/** A hook that is running now. */
export interface RunningHook {
	/** The hook's short name, e.g. `guard.py`. */
	readonly name: string;
	/** The hook's `statusMessage`; undefined when it has none. */
	readonly statusMessage: string | undefined;
}

/** Everything the footer shows. */
export interface FooterState {
	readonly counts: CardCounts;
	/** True while the kill switch has every hook off. */
	readonly killSwitch: boolean;
	/**
	 * How many hooks are in each state (`countHooks`): the footer shows the switched-off and the waiting ones, in
	 * the words of `/hooks status`; undefined before the session started.
	 */
	readonly hooks: HookCounts | undefined;
	/** Hooks running for longer than a moment, oldest first. */
	readonly running: readonly RunningHook[];
	/** Whole seconds the oldest of `running` has run; from 1 on the footer shows them. Default 0. */
	readonly runningSeconds?: number;
	/** The key that stops a running hook (`Esc` in pi's TUI), named next to its seconds; undefined: none is. */
	readonly stopKey?: string;
}

/** Seconds as the footer shows them: `12s`, from a minute on `2m 05s`. */
export const formatRunningTime = (seconds: number): string => {
	const whole = Math.max(0, Math.floor(seconds));
	if (whole < 60) return `${whole}s`;
	return `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, "0")}s`;
};

/** The order and words of the counts; `errors` is singular for one. */
const COUNT_WORDS: readonly {
	readonly key: keyof CardCounts;
	readonly word: (n: number) => string;
	readonly color: UiColor;
}[] = [
	{ key: "blocked", word: () => "blocked", color: "error" },
	{ key: "asked", word: () => "asked", color: "warning" },
	{ key: "rewritten", word: () => "rewritten", color: "accent" },
	{ key: "keptGoing", word: () => "kept going", color: "warning" },
	{ key: "stopped", word: () => "stopped", color: "warning" },
	{ key: "context", word: () => "context", color: "success" },
	{ key: "errors", word: (n) => (n === 1 ? "error" : "errors"), color: "error" },
];

/**
 * The footer text, e.g. `hooks off · 2 switched off · running guard.py 12s · Esc stops it · 3 blocked, 1 error`;
 * undefined when there is nothing to show (no decision yet, everything on, nothing running), so the footer stays
 * clean.
 */
export const footerText = (state: FooterState, theme: PanelTheme): string | undefined => {
	const parts: string[] = [];
	if (state.killSwitch) parts.push(theme.fg("warning", theme.bold("off")));
	if (state.hooks !== undefined)
		for (const part of countParts(state.hooks, ["off", "waiting"])) parts.push(theme.fg("warning", part));
	const [first, ...others] = state.running;
	if (first !== undefined) {
		const seconds = Math.floor(state.runningSeconds ?? 0);
		// One form with or without a statusMessage: `running guard.sh 12s`, `running Scanning for secrets 12s`.
		const what = `running ${terminalSafe(first.statusMessage ?? first.name)}`;
		const time = seconds >= 1 ? ` ${formatRunningTime(seconds)}` : "";
		parts.push(theme.fg("accent", `${what}${time}${others.length === 0 ? "" : ` +${others.length}`}`));
		// A hook that runs for seconds may hang: say how to stop it (Esc cancels the hooks the event runs).
		if (seconds >= 1 && state.stopKey !== undefined) parts.push(theme.fg("muted", `${state.stopKey} stops it`));
	}
	const counts = COUNT_WORDS.filter(({ key }) => state.counts[key] > 0).map(({ key, word, color }) =>
		theme.fg(color, `${state.counts[key]} ${word(state.counts[key])}`),
	);
	if (counts.length > 0) parts.push(counts.join(theme.fg("dim", ", ")));
	if (parts.length === 0) return undefined;
	return `${theme.fg("dim", "hooks")} ${parts.join(theme.fg("dim", " \u00b7 "))}`;
};
