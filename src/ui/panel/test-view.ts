/**
 * The test view of the /hooks panel: run one hook now against a stdin that is editable first (a sample in
 * Claude Code's shape, a recorded input to replay, or the editor's unsaved draft), then see what it did and
 * what it would have done. The stdin is pi-tui's Editor; the run is a dry run (see `HookEngine.testRun`).
 */
import type { Editor } from "@earendil-works/pi-tui";
import { withLineAndColumn } from "../../engine/config/parse.ts";
import type { TestRunOutcome } from "../../engine/dispatch/types.ts";
import { type WouldNotRun, wouldNotRunText } from "../../engine/dry-run/would-run.ts";
import { isObject } from "../../engine/is-object.ts";
import type { HookEntry } from "../../engine/types.ts";
import type { PanelTheme } from "../theme.ts";
import { entrySource, fit, hookTarget, oneLine, wordWrap } from "./format.ts";
import type { PanelKeys } from "./keys.ts";
import { ScrollWindow } from "./selection.ts";
import { MIN_EDITOR_LINES, setTextAtStart, stdinEditor } from "./stdin-editor.ts";
import { testResultLines } from "./test-result.ts";

/** Runs one hook with a stdin; undefined when no session is running. */
export type TestRunner = (entry: HookEntry, stdin: string, signal: AbortSignal) => Promise<TestRunOutcome> | undefined;

/**
 * Why `stdin` cannot be a hook's stdin: not JSON (with the line and column of the error), or JSON that is not an
 * object (Claude Code sends one object); undefined when it is a JSON object.
 */
export const stdinProblem = (stdin: string): string | undefined => {
	let value: unknown;
	try {
		value = JSON.parse(stdin);
	} catch (error) {
		return `The stdin is not valid JSON (${withLineAndColumn((error as Error).message, stdin)})`;
	}
	return isObject(value) ? undefined : "The stdin is not a JSON object (Claude Code sends one object)";
};

/** How the view was opened. */
export interface TestSetup {
	/** `test`: a hook row's sample; `replay`: a logged input; `draft`: the editor's unsaved hook. */
	readonly mode: "test" | "replay" | "draft";
	/** The hooks to choose from (one for `test` and `draft`; every hook of the event for `replay`). */
	readonly hooks: readonly HookEntry[];
	/** Index of the hook chosen first. */
	readonly selected?: number;
	readonly stdin: string;
	/** A line about the stdin, e.g. that a replayed input was masked. */
	readonly note?: string;
	/** A fresh sample for another hook (`test` mode), so switching hooks keeps the stdin in its event's shape. */
	readonly sampleFor?: (entry: HookEntry) => string;
	/** Why the hook would not run for this stdin in the session now (a test run runs it anyway), as a code. */
	readonly whyNot?: (entry: HookEntry, stdin: string) => WouldNotRun | undefined;
	/** Saves the run on screen as a fixture file of `pi-hook-manager test`; without it the view offers no key. */
	readonly saveCase?: (
		stdin: string,
		outcome: TestRunOutcome,
	) => { readonly file: string } | { readonly error: string };
}

/** What the TUI around the view offers: terminal rows (a page of the result) and re-rendering. */
export interface TestViewHost {
	rows(): number;
	requestRender(): void;
}

type Focus = "hook" | "stdin" | "result";

/** The test view; `handleInput` returns `"close"` when the user leaves it. */
export class TestView {
	focused = false;
	private readonly theme: PanelTheme;
	private readonly keys: PanelKeys;
	private readonly setup: TestSetup;
	private readonly run: TestRunner;
	private readonly host: TestViewHost;
	private readonly editor: Editor;
	private selected: number;
	private focus: Focus = "stdin";
	private running: AbortController | undefined;
	private result: { readonly outcome: TestRunOutcome; readonly lines: number } | undefined;
	private problem: string | undefined;
	/** What the last save said (the fixture file), shown above the hook. */
	private saved: string | undefined;
	private readonly window = new ScrollWindow();
	private sample: string;
	/** Text lines the stdin pane shows at most (between its borders), set by each render from the rows left. */
	private editorLines = MIN_EDITOR_LINES;

	constructor(theme: PanelTheme, keys: PanelKeys, setup: TestSetup, run: TestRunner, host: TestViewHost) {
		this.theme = theme;
		this.keys = keys;
		this.setup = setup;
		this.run = run;
		this.host = host;
		this.selected = Math.max(0, Math.min(setup.selected ?? 0, setup.hooks.length - 1));
		this.editor = stdinEditor(
			theme,
			() => this.editorLines,
			() => host.requestRender(),
		);
		setTextAtStart(this.editor, setup.stdin);
		this.sample = setup.stdin;
		if (setup.hooks.length > 1) this.focus = "hook";
	}

	/** The hook that runs. */
	entry(): HookEntry | undefined {
		return this.setup.hooks[this.selected];
	}

	/** The stdin as edited now. */
	stdin(): string {
		return this.editor.getText();
	}

	/** True while the hook runs. */
	isRunning(): boolean {
		return this.running !== undefined;
	}

	/** The last run's outcome, once there is one. */
	lastOutcome(): TestRunOutcome | undefined {
		return this.result?.outcome;
	}

	/** Handles one key. */
	handleInput(data: string): "close" | undefined {
		const is = (action: Parameters<PanelKeys["matches"]>[1]): boolean => this.keys.matches(data, action);
		if (is("cancel")) {
			// Esc stops a running hook and goes back, as it leaves an idle view (the log keeps the stopped run).
			this.running?.abort();
			return "close";
		}
		if (is("test")) {
			this.start();
			return undefined;
		}
		if (this.setup.saveCase !== undefined && is("saveCase")) {
			this.saveCase(this.setup.saveCase);
			return undefined;
		}
		if (is("nextField") || is("previousField")) {
			const order: Focus[] = [
				...(this.setup.hooks.length > 1 ? (["hook"] as const) : []),
				"stdin",
				...(this.result === undefined ? [] : (["result"] as const)),
			];
			const index = order.indexOf(this.focus);
			this.focus = order[(index + (is("previousField") ? -1 : 1) + order.length) % order.length] ?? "stdin";
			return undefined;
		}
		if (this.focus === "hook") {
			if (is("left") || is("right")) this.choose(is("left") ? -1 : 1);
			return undefined;
		}
		if (this.focus === "result") {
			const height = Math.max(3, this.host.rows() - 12);
			const total = this.result?.lines ?? 0;
			if (is("up") || is("down")) this.window.scrollBy(is("up") ? -1 : 1, total + 100, height);
			else if (is("pageUp") || is("pageDown"))
				this.window.scrollBy((is("pageUp") ? -1 : 1) * height, total + 100, height);
			else if (is("top") || is("bottom"))
				this.window.scrollBy((is("top") ? -1 : 1) * Number.MAX_SAFE_INTEGER, total, height);
			return undefined;
		}
		// The stdin is JSON: Enter starts a new line instead of submitting.
		if (is("confirm")) this.editor.insertTextAtCursor("\n");
		else this.editor.handleInput(data);
		return undefined;
	}

	private choose(step: number): void {
		const count = this.setup.hooks.length;
		if (count < 2) return;
		this.selected = (this.selected + step + count) % count;
		const entry = this.entry();
		// A sample the user did not edit follows the chosen hook; an edited stdin or a replayed input stays.
		if (entry !== undefined && this.setup.sampleFor !== undefined && this.stdin() === this.sample) {
			this.sample = this.setup.sampleFor(entry);
			setTextAtStart(this.editor, this.sample);
		}
	}

	/** Saves the last run with the stdin it ran on (not an edit made since) as a fixture, and says where. */
	private saveCase(save: NonNullable<TestSetup["saveCase"]>): void {
		const result = this.result;
		if (result === undefined || this.running !== undefined) {
			const run = this.keys.label("test");
			this.problem = `Run the hook first (${run}): a fixture saves the case with its outcome.`;
			this.host.requestRender();
			return;
		}
		const answer = save(result.outcome.record.stdin, result.outcome);
		if ("error" in answer) this.problem = answer.error;
		else {
			this.problem = undefined;
			this.saved = `Saved as ${answer.file}: pi-hook-manager test runs it through every hook of the event.`;
		}
		this.host.requestRender();
	}

	private start(): void {
		const entry = this.entry();
		if (entry === undefined || this.running !== undefined) return;
		// Claude Code always sends one JSON object: a hook run on anything else would test nothing real
		// (every `${tool_input.x}` empty, a decision the session never sees). Nothing runs; the draft stays.
		const invalid = stdinProblem(this.stdin());
		if (invalid !== undefined) {
			this.problem = `${invalid}: nothing ran. Fix the stdin, then ${this.keys.label("test")} runs it.`;
			this.focus = "stdin";
			this.result = undefined;
			this.host.requestRender();
			return;
		}
		const controller = new AbortController();
		const pending = this.run(entry, this.stdin(), controller.signal);
		if (pending === undefined) {
			this.problem = "The hook cannot run before pi's session has started.";
			return;
		}
		this.problem = undefined;
		this.running = controller;
		void pending.then(
			(outcome) => {
				this.running = undefined;
				this.result = { outcome, lines: 0 };
				this.focus = "result";
				this.window.reset();
				this.host.requestRender();
			},
			(error: unknown) => {
				this.running = undefined;
				this.problem = `The test run failed: ${(error as Error).message}`;
				this.host.requestRender();
			},
		);
	}

	/** Exactly `height` lines of exactly `width` columns. */
	render(width: number, height: number): string[] {
		const t = this.theme;
		const entry = this.entry();
		const title =
			this.setup.mode === "replay"
				? "Replay a logged event"
				: this.setup.mode === "draft"
					? "Test the unsaved hook"
					: "Test a hook";
		const head: string[] = [t.bold(fit(title, width))];
		// What is happening comes first, above a stdin that may be taller than the panel.
		if (this.problem !== undefined)
			for (const line of wordWrap(this.problem, width)) head.push(t.fg("error", fit(line, width)));
		if (this.saved !== undefined)
			for (const line of wordWrap(this.saved, width)) head.push(t.fg("success", fit(line, width)));
		if (this.running !== undefined)
			head.push(
				t.fg(
					"warning",
					fit(
						`Running ${entry === undefined ? "" : oneLine(hookTarget(entry))}... ` +
							`${this.keys.label("cancel")} stops it and goes back`,
						width,
					),
				),
			);
		else if (this.result === undefined)
			head.push(
				t.fg(
					"dim",
					fit(
						`${this.keys.label("test")} runs the hook now: a dry run, nothing in the session changes.`,
						width,
					),
				),
			);
		if (entry !== undefined) {
			const choose = this.setup.hooks.length > 1;
			const label = `${entry.event}  ${oneLine(hookTarget(entry))}  (${entrySource(entry)})`;
			const text = choose ? `${this.selected + 1}/${this.setup.hooks.length} < ${label} >` : label;
			const active = this.focus === "hook";
			head.push(
				(active ? t.bold(t.fg("accent", fit("> Hook ", 8))) : t.fg("muted", fit("  Hook ", 8))) +
					t.fg("text", fit(text, Math.max(1, width - 8))),
			);
		}
		// Before a run: when the session would not run this hook now, say so and why (the run is a dry run anyway).
		const whyNow =
			entry === undefined || this.result !== undefined ? undefined : this.setup.whyNot?.(entry, this.stdin());
		if (entry !== undefined && whyNow !== undefined)
			for (const line of wordWrap(
				`It would not run in this session now: ${wouldNotRunText(entry, whyNow)}. ` +
					`${this.keys.label("test")} runs it anyway, as a dry run.`,
				width,
			))
				head.push(t.fg("warning", fit(line, width)));
		const stdinLabel =
			(this.focus === "stdin" ? "> " : "  ") +
			`Stdin (Claude Code's JSON for ${entry?.event ?? "the event"}; edit it before running)`;
		head.push(
			this.focus === "stdin"
				? t.bold(t.fg("accent", fit(stdinLabel, width)))
				: t.fg("muted", fit(stdinLabel, width)),
		);
		if (this.setup.note !== undefined)
			for (const line of wordWrap(this.setup.note, width)) head.push(t.fg("dim", fit(line, width)));
		this.editor.focused = this.focused && this.focus === "stdin";
		const resultLines = this.result !== undefined && this.running === undefined ? this.resultLines(width) : [];
		// The stdin pane takes the rows under the head (less its two borders); a result below leaves it at least
		// half of them and takes the rest. The Editor shows no more lines than the stdin has.
		const free = height - head.length - 2;
		this.editorLines = Math.max(
			MIN_EDITOR_LINES,
			resultLines.length === 0 ? free : Math.max(free - resultLines.length, Math.floor(free / 2)),
		);
		const editorLines = this.editor.render(width).map((line) => line as string);
		const body: string[] = [...head, ...editorLines];
		if (this.result !== undefined && this.running === undefined) {
			const lines = resultLines;
			this.result = { ...this.result, lines: lines.length };
			const top = this.focus === "result" ? body.length : 0;
			body.push(...lines);
			if (this.focus === "result") {
				// Scrolling moves within the result; the stdin stays reachable with tab.
				const offset = Math.min(this.window.offset, Math.max(0, lines.length - 1));
				const visible = body.slice(0, head.length).concat(body.slice(top + offset));
				return this.pad(visible, width, height);
			}
		}
		return this.pad(body, width, height);
	}

	/** The last run's result: a note when the session would not run the hook now, then what it did. */
	private resultLines(width: number): string[] {
		const t = this.theme;
		if (this.result === undefined) return [];
		const { verdict, record } = this.result.outcome;
		const whyNot = this.setup.whyNot?.(verdict.entry, record.stdin);
		return [
			...(whyNot === undefined
				? []
				: wordWrap(
						"Note: in this session the hook would not run for this input now: " +
							`${wouldNotRunText(verdict.entry, whyNot)}.`,
						width,
					).map((line) => t.fg("warning", fit(line, width)))),
			...testResultLines(t, verdict, width, record.stdin, record.matchQuery),
		];
	}

	private pad(lines: readonly string[], width: number, height: number): string[] {
		const out = lines.slice(0, height);
		while (out.length < height) out.push(" ".repeat(width));
		return out;
	}

	/** The help-line hints of the view. */
	hints(): [string, string][] {
		const k = (action: Parameters<PanelKeys["matches"]>[1]): string => this.keys.label(action);
		return [
			[k("test"), "run"],
			...(this.setup.saveCase !== undefined && this.result !== undefined
				? ([[k("saveCase"), "save as fixture"]] as [string, string][])
				: []),
			[k("nextField"), this.setup.hooks.length > 1 ? "hook/stdin/result" : "stdin/result"],
			...(this.setup.hooks.length > 1 ? ([[`${k("left")}${k("right")}`, "hook"]] as [string, string][]) : []),
			[k("cancel"), this.running === undefined ? "back" : "stop and back"],
		];
	}
}
