/**
 * The session's card log: persists each card as a session entry (the cards), keeps the
 * records of the current branch for the panel's history, and keeps the footer status up to date (counts,
 * kill switch, disabled hooks, the hook running now). Rebuilt from the branch on every `session_start`.
 */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { HookCounts } from "../../engine/dispatch/run-state.ts";
import type { Card } from "../../engine/plan/card.ts";
import { commandText } from "../../engine/text/messages.ts";
import type { HookEntry } from "../../engine/types.ts";
import { hookShortName } from "../../ui/card-format.ts";
import {
	addCard,
	type CardCounts,
	countCards,
	type FooterState,
	footerText,
	NO_CARDS,
	type RunningHook,
} from "../../ui/footer-status.ts";
import { fromPiTheme, type PanelTheme, plainTheme } from "../../ui/theme.ts";
import { CARD_ENTRY_TYPE, cardsIn, renderCardEntry } from "./card-entries.ts";

/** The footer status key (`ctx.ui.setStatus(key, ...)`). */
export const STATUS_KEY = "pi-hook-manager";

/** Milliseconds a hook must run before the footer says it is running (no flicker for quick hooks). */
export const RUNNING_DELAY_MS = 250;

/** What the log needs from pi and the clock. */
export interface CardLogDeps {
	/** `pi.appendEntry`. */
	readonly appendEntry: (customType: string, data: Card) => void;
	/** Delay before a running hook shows; default {@link RUNNING_DELAY_MS}; 0 shows it at once. */
	readonly runningDelayMs?: number;
	/** Runs `callback` after `ms`; returns a cancel function. Default: setTimeout (unref'd). */
	readonly schedule?: (callback: () => void, ms: number) => () => void;
	/** The clock for how long a hook has run, epoch milliseconds. Default: Date.now. */
	readonly now?: () => number;
	/** True while routine context is quiet: context-only decisions are not counted in the footer. */
	readonly quietContext?: () => boolean;
	/**
	 * The session's pi context of the latest event (the session object owns it), for footer updates no event brings.
	 */
	readonly currentCtx: () => ExtensionContext | undefined;
}

/** The card log of one pi session runtime (the extension instance). */
export interface CardLog {
	/** Persists `record` as a session entry (a card), adds it to the history and the counts. Never throws. */
	record(record: Card, ctx: ExtensionContext): void;
	/** Rebuilds history and counts from the current branch's card entries (on `session_start`, `session_tree`). */
	restore(ctx: ExtensionContext): void;
	/** The decisions on the current branch, oldest first (the panel's history). */
	records(): readonly Card[];
	/** Counts of {@link records} by bucket. */
	counts(): CardCounts;
	/** Calls `listener` after every change to the records; returns a function that unsubscribes. */
	onChange(listener: () => void): () => void;
	/** Redraws the footer (after the view choice of what it counts changed). */
	refresh(ctx?: ExtensionContext): void;
	/** Shows `off` in the footer while the kill switch has every hook off. */
	setKillSwitch(on: boolean, ctx?: ExtensionContext): void;
	/** Shows how many hooks are switched off and waiting for approval (`countHooks`; zeros are hidden). */
	setHookCounts(counts: HookCounts, ctx?: ExtensionContext): void;
	/** A hook started (engine `onRunStart`): after a moment the footer shows it, with its `statusMessage`. */
	runStarted(entry: HookEntry, ctx: ExtensionContext): void;
	/** The hook of an earlier `runStarted` finished. */
	runEnded(entry: HookEntry, ctx: ExtensionContext): void;
	/** The session ended: forgets the running hooks and stops the footer's timers (a hook may outlive its event). */
	dispose(): void;
	/** The footer text now (plain, naming no key), or undefined when the footer shows nothing; for tests. */
	statusText(): string | undefined;
}

interface Run {
	readonly entry: HookEntry;
	/** When it started, epoch milliseconds. */
	readonly started: number;
	visible: boolean;
	cancel: (() => void) | undefined;
}

const sameCounts = (a: HookCounts, b: HookCounts): boolean =>
	(Object.keys(a) as (keyof HookCounts)[]).every((key) => a[key] === b[key]);

/** Milliseconds between the footer's updates of a running hook's seconds. */
const TICK_MS = 1000;

/** What the footer shows of each running hook, made the first time it shows (a run that stays short never does). */
const runningHooks = new WeakMap<HookEntry, RunningHook>();
const runningHook = (entry: HookEntry): RunningHook => {
	let hook = runningHooks.get(entry);
	if (hook === undefined) {
		const statusMessage = entry.handler.statusMessage;
		hook = {
			name: hookShortName(commandText(entry)),
			statusMessage: statusMessage === "" ? undefined : statusMessage,
		};
		runningHooks.set(entry, hook);
	}
	return hook;
};

const defaultSchedule = (callback: () => void, ms: number): (() => void) => {
	const timer = setTimeout(callback, ms);
	timer.unref?.();
	return () => clearTimeout(timer);
};

/** The theme for the footer: pi's colours in the TUI; plain text elsewhere (RPC clients get no ANSI codes). */
const footerTheme = (ctx: ExtensionContext): PanelTheme =>
	ctx.mode === "tui" ? fromPiTheme(ctx.ui.theme) : plainTheme;

/** Creates an empty log; `restore` fills it from the session. */
export const createCardLog = (deps: CardLogDeps): CardLog => {
	const schedule = deps.schedule ?? defaultSchedule;
	const now = deps.now ?? Date.now;
	const delay = deps.runningDelayMs ?? RUNNING_DELAY_MS;
	let history: Card[] = [];
	let counts: CardCounts = NO_CARDS;
	let killSwitch = false;
	let hooks: HookCounts | undefined;
	/** The context the counts were last drawn for. */
	let countedFor: ExtensionContext | undefined;
	let runs: Run[] = [];
	/** Cancels the next update of a running hook's seconds; undefined while none is due. */
	let tick: (() => void) | undefined;
	const listeners = new Set<() => void>();

	const state = (mode: ExtensionContext["mode"] | undefined): FooterState => {
		const visible = runs.filter((run) => run.visible);
		const oldest = visible[0];
		return {
			counts: deps.quietContext?.() ? { ...counts, context: 0 } : counts,
			killSwitch,
			hooks,
			running: visible.map((run) => runningHook(run.entry)),
			runningSeconds: oldest === undefined ? 0 : Math.floor((now() - oldest.started) / 1000),
			// In pi's TUI Esc stops the hooks of the event (pi's abort, or the Esc watch of hook-context.ts).
			...(mode === "tui" ? { stopKey: "Esc" } : {}),
		};
	};

	/** Pushes the footer text; a session without UI (print, JSON) has no footer, and a UI that went away is ignored. */
	const refresh = (ctx: ExtensionContext | undefined = deps.currentCtx()): void => {
		try {
			if (ctx === undefined || !ctx.hasUI) return;
			keepTicking();
			ctx.ui.setStatus(STATUS_KEY, footerText(state(ctx.mode), footerTheme(ctx)));
		} catch {
			// The footer is informational (and a stale context throws): losing one update must not break the event
			// that caused it.
		}
	};

	/** While a hook is shown running, updates the footer when its next whole second is reached; else stops. */
	const keepTicking = (): void => {
		const oldest = runs.find((run) => run.visible);
		if (oldest === undefined) {
			stopTicking();
			return;
		}
		if (tick !== undefined) return;
		const wait = TICK_MS - ((now() - oldest.started) % TICK_MS);
		tick = schedule(() => {
			tick = undefined;
			refresh();
		}, wait);
	};

	const stopTicking = (): void => {
		tick?.();
		tick = undefined;
	};

	const changed = (): void => {
		for (const listener of [...listeners]) {
			try {
				listener();
			} catch {
				// A listener's failure is its own; the log and the other listeners carry on.
			}
		}
	};

	return {
		record(record, ctx) {
			try {
				deps.appendEntry(CARD_ENTRY_TYPE, record);
			} catch {
				// Still count it and keep it in the history: the footer must not under-report a block.
			}
			history = [...history, record];
			counts = addCard(counts, record);
			refresh(ctx);
			changed();
		},
		restore(ctx) {
			for (const run of runs) run.cancel?.();
			runs = [];
			stopTicking();
			try {
				history = cardsIn(ctx.sessionManager.getBranch());
			} catch {
				history = [];
			}
			counts = countCards(history);
			refresh(ctx);
			changed();
		},
		records: () => history,
		counts: () => counts,
		onChange(listener) {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
		setKillSwitch(on, ctx) {
			killSwitch = on;
			refresh(ctx);
		},
		setHookCounts(value, ctx) {
			// Once per change: the same counts for the same context draw nothing new.
			const same = hooks !== undefined && ctx === countedFor && sameCounts(hooks, value);
			hooks = value;
			countedFor = ctx;
			if (!same) refresh(ctx);
		},
		runStarted(entry, ctx) {
			const run: Run = { entry, started: now(), visible: delay <= 0, cancel: undefined };
			runs = [...runs, run];
			if (run.visible) {
				refresh(ctx);
				return;
			}
			run.cancel = schedule(() => {
				run.visible = true;
				run.cancel = undefined;
				if (runs.includes(run)) refresh();
			}, delay);
		},
		runEnded(entry, ctx) {
			const run = runs.find((candidate) => candidate.entry.id === entry.id);
			if (run === undefined) return;
			runs = runs.filter((candidate) => candidate !== run);
			run.cancel?.();
			if (run.visible) {
				// The next second is the next shown hook's, if any.
				stopTicking();
				refresh(ctx);
			}
		},
		dispose() {
			for (const run of runs) run.cancel?.();
			runs = [];
			stopTicking();
		},
		statusText: () => footerText(state(undefined), plainTheme),
		refresh: (ctx) => refresh(ctx),
	};
};

/** Registers the card renderer of card entries; `quiet`: context-only decisions draw nothing (view-settings.ts). */
export const registerCardRenderer = (
	pi: Pick<ExtensionAPI, "registerEntryRenderer">,
	quiet: () => boolean = () => false,
): void => {
	pi.registerEntryRenderer(CARD_ENTRY_TYPE, (entry, options, theme) => renderCardEntry(entry, options, theme, quiet));
};
