/**
 * The /hooks panel's test screen: one hook run now on an editable stdin ({@link TestView}), opened from a hook
 * row (a sample input), a log row (the recorded input, replayed) or the editor (the unsaved draft). Leaving
 * it goes back to the screen it was opened from.
 */

import { type WouldNotRun, wouldNotRun, wouldNotRunText } from "../../../engine/dry-run/would-run.ts";
import type { HookEntry } from "../../../engine/types.ts";
import { prettyJson } from "../detail-lines.ts";
import { formatClock, hookTarget, oneLine } from "../format.ts";
import type { Hint } from "../frame.ts";
import type { LogRow } from "../log-rows.ts";
import { type TestSetup, TestView } from "../test-view.ts";
import { killSwitchHint, type PanelContext, type PanelScreen } from "./screen.ts";

/** A test run; Esc (or the view's close) shows `back` again, and says so through `stopped` if a run was cut short. */
export class TestScreen implements PanelScreen {
	readonly title = "Hooks > test";
	private readonly ctx: PanelContext;
	private readonly view: TestView;
	private readonly back: PanelScreen;
	private readonly stopped: (() => void) | undefined;

	constructor(ctx: PanelContext, view: TestView, back: PanelScreen, stopped: (() => void) | undefined) {
		this.ctx = ctx;
		this.view = view;
		this.back = back;
		this.stopped = stopped;
	}

	handleInput(data: string): void {
		const running = this.view.isRunning();
		if (this.view.handleInput(data) !== "close") return;
		this.ctx.show(this.back);
		if (running) this.stopped?.();
	}

	body(width: number, height: number): string[] {
		this.view.focused = this.ctx.focused();
		return this.view.render(width, height);
	}

	hints(): Hint[] {
		return [...this.view.hints(), killSwitchHint(this.ctx)];
	}
}

/**
 * Opens the test screen over the current one. `stopped` runs when the user leaves while the hook still runs
 * (the run is stopped).
 */
export const showTest = (ctx: PanelContext, setup: TestSetup, stopped?: () => void): void => {
	const { hooks, tests } = ctx.services;
	const whyNot = (entry: HookEntry, stdin: string): WouldNotRun | undefined => {
		const config = hooks.config();
		const session = tests.session();
		return wouldNotRun(entry, stdin, {
			allOff: hooks.allOff() || (config?.disableAllHooks ?? false),
			enabled: hooks.isEnabled(entry),
			cwd: session?.cwd ?? "",
			projectDir: session?.projectDir ?? "",
			home: session?.home ?? "",
			skipped: config?.skipped.find((skipped) => skipped.entry.id === entry.id)?.reason,
		});
	};
	const saveCase = (stdin: string, outcome: Parameters<typeof tests.saveCase>[1]) => tests.saveCase(stdin, outcome);
	const view = new TestView(ctx.theme, ctx.keys, { ...setup, whyNot, saveCase }, tests.run, {
		rows: () => ctx.host.rows(),
		requestRender: () => ctx.host.requestRender(),
	});
	view.focused = ctx.focused();
	ctx.show(new TestScreen(ctx, view, ctx.current(), stopped));
};

/** Why `entry` cannot be test-run: it would not run in this session (it needs trust or approval first). */
const notRunnable = (ctx: PanelContext, entry: HookEntry): string | undefined => {
	const config = ctx.services.hooks.config();
	const skipped = config?.skipped.find((candidate) => candidate.entry.id === entry.id);
	if (skipped !== undefined) return `${skipped.message} It cannot be test-run either.`;
	if (config !== undefined && !config.entries.some((candidate) => candidate.id === entry.id))
		return "This hook is no longer in the settings (the file changed).";
	return undefined;
};

/** From a hook row: run it now against a sample input for its event. */
export const openTest = (ctx: PanelContext, entry: HookEntry | undefined, stopped?: () => void): void => {
	if (entry === undefined) {
		ctx.say({ level: "error", text: "Select a hook to test it." });
		return;
	}
	const problem = notRunnable(ctx, entry);
	if (problem !== undefined) {
		ctx.say({ level: "error", text: problem });
		return;
	}
	const sample = (hook: HookEntry): string => ctx.services.tests.sampleInput(hook);
	showTest(ctx, { mode: "test", hooks: [entry], stdin: sample(entry), sampleFor: sample }, stopped);
};

/** Skip reasons under which a hook's code must not run at all, not even as a dry run: it was never approved. */
const NEVER_RUN: ReadonlySet<WouldNotRun> = new Set(["untrusted", "unapproved"]);

/**
 * The hooks a log row can be replayed on and the one chosen first: the row's own hook by id (also when the
 * configuration skips it now, e.g. its plugin is switched off: the view says it would not run), then the event's
 * other hooks. Without its own hook (edited or deleted since), `gone` is set and the hook now at its place in its
 * file is chosen first, when there is one.
 */
const replayHooks = (
	ctx: PanelContext,
	row: LogRow,
): { hooks: HookEntry[]; selected: number; gone: HookEntry | undefined } => {
	const config = ctx.services.hooks.config();
	const event = row.record.event;
	const own = row.verdict?.entry;
	const entries = (config?.entries ?? []).filter((entry) => entry.event === event);
	if (own === undefined) return { hooks: entries, selected: 0, gone: undefined };
	const at = entries.findIndex((entry) => entry.id === own.id);
	if (at >= 0) return { hooks: entries, selected: at, gone: undefined };
	const skipped = config?.skipped.find((candidate) => candidate.entry.id === own.id)?.entry;
	if (skipped !== undefined) return { hooks: [skipped, ...entries], selected: 0, gone: undefined };
	const same = entries.findIndex((entry) => entry.source.file === own.source.file && entry.jsonPath === own.jsonPath);
	return { hooks: entries, selected: Math.max(0, same), gone: own };
};

/**
 * From a log row: the recorded input again, against the current definition of the row's own hook (chosen first,
 * by id) or of another hook of the event. A hook that would not run now is replayed as a dry run and the view says
 * why; one never approved (waiting for approval, untrusted project) is not run.
 */
export const openReplay = (ctx: PanelContext, row: LogRow | undefined, stopped?: () => void): void => {
	if (row === undefined) {
		ctx.say({ level: "error", text: "Select a logged event to replay it." });
		return;
	}
	const event = row.record.event;
	const { hooks, selected, gone } = replayHooks(ctx, row);
	const first = hooks[selected];
	const skip = ctx.services.hooks.config()?.skipped.find((candidate) => candidate.entry.id === first?.id);
	if (first !== undefined && skip !== undefined && NEVER_RUN.has(skip.reason)) {
		ctx.say({
			level: "error",
			text:
				`The hook of this row would not run now: ${wouldNotRunText(first, skip.reason)}. ` +
				"It is not replayed until you approve it (ctrl+t in the hook list).",
		});
		return;
	}
	if (hooks.length === 0) {
		ctx.say({ level: "error", text: `No ${event} hook is configured now: there is nothing to replay it on.` });
		return;
	}
	const input = ctx.services.log.recordedInput(row.record);
	const when = formatClock(row.record.time);
	const lost =
		gone === undefined
			? ""
			: ` The hook of this row (${oneLine(hookTarget(gone))}) is no longer in its file (edited or deleted): ` +
				"choose the hook to replay it on.";
	showTest(
		ctx,
		{
			mode: "replay",
			hooks,
			selected,
			stdin: prettyJson(input.stdin),
			note:
				(input.exact
					? `The input ${event} sent at ${when}.`
					: `The log's copy of the input ${event} sent at ${when}: secrets masked and long inputs cut, as ` +
						`the log keeps it.`) + lost,
		},
		stopped,
	);
};
