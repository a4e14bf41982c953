/**
 * The test view on its own, with a real engine running real hook processes: the stdin is editable before the
 * run (Enter is a new line), the run can be stopped, a choice of hooks carries an unedited sample along,
 * and a runner that cannot run or fails says so instead of throwing.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { KeybindingsManager, TUI_KEYBINDINGS, visibleWidth } from "@earendil-works/pi-tui";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { createEngine } from "../../../src/engine/engine.ts";
import type { HookEntry } from "../../../src/engine/types.ts";
import { panelKeys } from "../../../src/ui/panel/keys.ts";
import { type TestRunner, type TestSetup, TestView } from "../../../src/ui/panel/test-view.ts";
import { plainTheme } from "../../../src/ui/theme.ts";
import { engineDeps } from "../../support/engine-deps.ts";
import { engineSession } from "../../support/engine-session.ts";
import { KEY } from "./harness.ts";

let root: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "phm-test-view-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const keys = panelKeys(new KeybindingsManager(TUI_KEYBINDINGS, {}));

/** The PreToolUse Bash hooks running `commands`, and a test runner over a real engine. */
const hooksRunning = (...commands: string[]): { entries: HookEntry[]; run: TestRunner } => {
	const settings = {
		hooks: { PreToolUse: [{ matcher: "Bash", hooks: commands.map((command) => ({ type: "command", command })) }] },
	};
	const parsed = parseSettingsText(JSON.stringify(settings), {
		scope: "claude-user",
		file: join(root, "settings.json"),
		project: false,
	});
	const config = mergeSources([parsed], true);
	const engine = createEngine(engineDeps({ config: () => config, baseEnv: { PATH: process.env.PATH } }));
	const session = engineSession(root, { sessionId: "s" });
	return {
		entries: [...config.entries],
		run: (entry, stdin, signal) => engine.testRun({ entry, stdin, session, signal }),
	};
};

const SAMPLE = '{"tool_name": "Bash"}';

/** A test view of `setup` on a 30-row terminal; `renders` counts the view's render requests. */
const viewOf = (setup: TestSetup, run: TestRunner) => {
	const host = { renders: 0, rows: () => 30, requestRender: () => void host.renders++ };
	const view = new TestView(plainTheme, keys, setup, run, host);
	view.focused = true;
	return { view, host };
};

const type = (view: TestView, text: string): void => {
	for (const char of text) view.handleInput(char);
};

/** Waits until the hook run the view started has finished. */
const finished = async (view: TestView): Promise<void> => {
	while (view.isRunning()) await new Promise((resolve) => setTimeout(resolve, 5));
};

const screen = (view: TestView, width = 80): string => view.render(width, 40).join("\n");

/** A rendered line without the cursor's markers (pi-tui's APC sequences) and styles, trimmed. */
const APC = new RegExp(`${String.fromCharCode(27)}_[^${String.fromCharCode(7)}]*${String.fromCharCode(7)}`, "g");
const plain = (line: string | undefined): string => stripVTControlCharacters((line ?? "").replace(APC, "")).trim();

describe("TestView", () => {
	it("renders exactly the size asked, before and after a run", async () => {
		const { entries, run } = hooksRunning('cat >/dev/null; echo \'{"systemMessage": "checked"}\'');
		const { view } = viewOf({ mode: "test", hooks: entries, stdin: SAMPLE }, run);
		for (const [width, height] of [
			[30, 10],
			[80, 24],
			[120, 40],
		] as const) {
			const lines = view.render(width, height);
			expect(lines).toHaveLength(height);
			for (const line of lines) expect(visibleWidth(line)).toBe(width);
		}
		view.handleInput(KEY.ctrlR);
		await finished(view);
		const lines = view.render(40, 12);
		expect(lines).toHaveLength(12);
		for (const line of lines) expect(visibleWidth(line)).toBe(40);
	});

	it("runs the hook on the stdin as edited, Enter adding a line, and shows the result", async () => {
		const got = join(root, "stdin.txt");
		const { entries, run } = hooksRunning(`cat > '${got}'`);
		const { view, host } = viewOf({ mode: "test", hooks: entries, stdin: SAMPLE }, run);
		expect(screen(view)).toContain("Test a hook");
		expect(screen(view)).toContain("ctrl+r runs the hook now: a dry run");
		// The cursor starts on the first line: end goes to the end of it (the sample has one line).
		view.handleInput(KEY.end);
		view.handleInput(KEY.backspace);
		type(view, ",");
		view.handleInput(KEY.enter);
		type(view, '"note": "edited"}');
		expect(view.stdin()).toBe('{"tool_name": "Bash",\n"note": "edited"}');
		view.handleInput(KEY.ctrlR);
		expect(view.isRunning()).toBe(true);
		await finished(view);
		expect(readFileSync(got, "utf8")).toBe('{"tool_name": "Bash",\n"note": "edited"}\n');
		expect(view.lastOutcome()?.record.test).toBe(true);
		expect(view.lastOutcome()?.verdict.status).toBe("success");
		expect(screen(view)).toContain("Result of the test run");
		expect(host.renders).toBeGreaterThan(0);
	});

	it("says it is running above the stdin; the cancel key stops the running hook and goes back", async () => {
		const { entries, run } = hooksRunning("sleep 30");
		const tall = `{\n${Array.from({ length: 60 }, (_, i) => `"k${i}": ${i},`).join("\n")}\n"end": 0}`;
		const { view } = viewOf({ mode: "test", hooks: entries, stdin: tall }, run);
		view.handleInput(KEY.ctrlR);
		// The stdin is taller than the view: the running line is still on it, under the title.
		const lines = view.render(80, 20);
		expect(lines[1]).toMatch(/Running sleep 30\.\.\. esc stops it and goes back/);
		expect(view.hints()).toContainEqual(["esc", "stop and back"]);
		expect(view.handleInput(KEY.escape)).toBe("close");
		await finished(view);
		expect(view.lastOutcome()?.verdict.status).toBe("cancelled");
		expect(view.handleInput(KEY.escape)).toBe("close");
	});

	it("a run stopped from elsewhere (the kill switch) says once that it was cancelled", async () => {
		const { entries, run } = hooksRunning("sleep 30");
		const outside = new AbortController();
		const stoppable: TestRunner = (entry, stdin, signal) =>
			run(entry, stdin, AbortSignal.any([signal, outside.signal]));
		const { view } = viewOf({ mode: "test", hooks: entries, stdin: SAMPLE }, stoppable);
		view.handleInput(KEY.ctrlR);
		outside.abort();
		await finished(view);
		const text = screen(view, 200);
		expect(text).toContain("it decided nothing: cancelled (the run was aborted)");
		const headline = text.split("\n").find((line) => line.includes("it decided nothing")) ?? "";
		expect(headline.match(/cancelled/g)).toHaveLength(1);
	});

	it("with several hooks, starts on the choice of hook; an unedited sample follows it, an edited stdin stays", () => {
		const { entries, run } = hooksRunning("echo one", "echo two", "echo three");
		const sampleFor = (entry: HookEntry) =>
			`{"for": ${JSON.stringify(entry.handler.type === "command" ? entry.handler.command : "")}}`;
		const first = entries[0] as HookEntry;
		const { view } = viewOf(
			{ mode: "replay", hooks: entries, selected: 0, stdin: sampleFor(first), sampleFor },
			run,
		);
		expect(screen(view)).toContain("Replay a logged event");
		expect(screen(view)).toContain("1/3 < PreToolUse");
		expect(view.hints().map(([, what]) => what)).toContain("hook");
		view.handleInput(KEY.left);
		expect(view.entry()).toBe(entries[2]);
		expect(view.stdin()).toBe('{"for": "echo three"}');
		view.handleInput(KEY.right);
		expect(view.entry()).toBe(entries[0]);
		// Edit the stdin, then choose another hook: the edit stays.
		view.handleInput(KEY.tab);
		type(view, "x");
		view.handleInput(KEY.shiftTab);
		view.handleInput(KEY.right);
		expect(view.entry()).toBe(entries[1]);
		expect(view.stdin()).toBe('x{"for": "echo one"}');
	});

	it("starts the stdin at its first line, gives it the rows the view has and keeps the cursor in them", () => {
		const { entries, run } = hooksRunning("cat >/dev/null");
		const tall = `{\n${Array.from({ length: 60 }, (_, i) => `"k${i}": ${i},`).join("\n")}\n"end": 0}`;
		const { view } = viewOf({ mode: "test", hooks: entries, stdin: tall }, run);
		let lines = view.render(80, 30);
		const label = lines.findIndex((line) => line.includes("Stdin (Claude Code's JSON"));
		// Under the label: the pane's top border with nothing hidden above, then the first line of the stdin.
		expect(lines[label + 1]).toMatch(/^─+ *$/);
		expect(plain(lines[label + 2])).toBe("{");
		expect(plain(lines[label + 3])).toBe('"k0": 0,');
		// The pane reaches the last row: its bottom border there says how many lines are below.
		expect(lines[29]).toMatch(/↓ \d+ more/);
		const shown = 29 - (label + 2);
		expect(plain(lines[label + 2 + shown - 1])).toBe(`"k${shown - 2}": ${shown - 2},`);
		// Moving the cursor below the pane scrolls it, so the cursor's line stays in view.
		for (let i = 0; i < 40; i++) view.handleInput(KEY.down);
		lines = view.render(80, 30);
		expect(lines[label + 1]).toMatch(/↑ \d+ more/);
		expect(lines.some((line) => plain(line) === '"k39": 39,')).toBe(true);
		// A short stdin takes only its own lines; a bigger view gives a tall one more of them.
		expect(view.render(80, 50).filter((line) => /"k\d+"/.test(line)).length).toBeGreaterThan(shown);
	});

	it("keeps the chosen hook in range whatever index it was given", () => {
		const { entries, run } = hooksRunning("echo one", "echo two");
		expect(viewOf({ mode: "replay", hooks: entries, selected: 9, stdin: "" }, run).view.entry()).toBe(entries[1]);
		expect(viewOf({ mode: "replay", hooks: entries, selected: -3, stdin: "" }, run).view.entry()).toBe(entries[0]);
		expect(viewOf({ mode: "draft", hooks: [], stdin: "" }, run).view.entry()).toBeUndefined();
	});

	it("says why when the runner cannot run yet or fails, and runs nothing twice at once", async () => {
		const { entries } = hooksRunning("echo one");
		const idle = viewOf({ mode: "draft", hooks: entries, stdin: SAMPLE }, () => undefined).view;
		expect(screen(idle)).toContain("Test the unsaved hook");
		idle.handleInput(KEY.ctrlR);
		expect(idle.isRunning()).toBe(false);
		expect(screen(idle)).toContain("The hook cannot run before pi's session has started.");
		let calls = 0;
		const failing = viewOf({ mode: "test", hooks: entries, stdin: SAMPLE }, () => {
			calls++;
			return Promise.reject(new Error("runner broke"));
		}).view;
		failing.handleInput(KEY.ctrlR);
		failing.handleInput(KEY.ctrlR);
		expect(calls).toBe(1);
		await finished(failing);
		expect(screen(failing)).toContain("The test run failed: runner broke");
		expect(failing.lastOutcome()).toBeUndefined();
	});

	it("refuses to run on a stdin that is not a JSON object, says why, and keeps the typing", async () => {
		const got = join(root, "ran.txt");
		const { entries, run } = hooksRunning(`cat > '${got}'`);
		const { view } = viewOf({ mode: "test", hooks: entries, stdin: SAMPLE }, run);
		view.handleInput(KEY.end);
		type(view, "}}garbage");
		view.handleInput(KEY.ctrlR);
		expect(view.isRunning()).toBe(false);
		const text = screen(view, 200);
		expect(text).toMatch(
			/The stdin is not valid JSON \(.*line 1,? column 22\)+: nothing ran\. Fix the stdin, then ctrl\+r/,
		);
		expect(view.stdin()).toBe(`${SAMPLE}}}garbage`);
		expect(view.lastOutcome()).toBeUndefined();
		expect(existsSync(got)).toBe(false);
		// JSON that is not an object is refused the same way; a fixed stdin runs.
		for (let i = 0; i < SAMPLE.length + 9; i++) view.handleInput(KEY.backspace);
		type(view, "[1, 2]");
		view.handleInput(KEY.ctrlR);
		expect(view.isRunning()).toBe(false);
		expect(screen(view, 200)).toContain("The stdin is not a JSON object (Claude Code sends one object)");
		for (let i = 0; i < 6; i++) view.handleInput(KEY.backspace);
		type(view, SAMPLE);
		view.handleInput(KEY.ctrlR);
		expect(view.isRunning()).toBe(true);
		await finished(view);
		expect(readFileSync(got, "utf8")).toBe(`${SAMPLE}\n`);
		expect(screen(view, 200)).not.toContain("nothing ran");
	});

	it("notes in the result when the session would not run the hook for this input", async () => {
		const { entries, run } = hooksRunning("cat >/dev/null");
		const whyNot = () => "disabled" as const;
		const { view } = viewOf({ mode: "test", hooks: entries, stdin: SAMPLE, whyNot }, run);
		expect(screen(view, 200)).toContain(
			"It would not run in this session now: it is switched off in /hooks. ctrl+r runs it anyway, as a dry run.",
		);
		view.handleInput(KEY.ctrlR);
		await finished(view);
		expect(screen(view, 200)).toContain(
			"Note: in this session the hook would not run for this input now: it is switched off in /hooks.",
		);
		expect(screen(view, 200)).not.toContain("It would not run in this session now");
	});

	it("saves the last run's case with ctrl+f once it ran, and says where", async () => {
		const { entries, run } = hooksRunning("cat >/dev/null; echo no >&2; exit 2");
		const saves: { stdin: string; event: string; status: string }[] = [];
		const saveCase: NonNullable<TestSetup["saveCase"]> = (stdin, outcome) => {
			saves.push({ stdin, event: outcome.record.event, status: outcome.verdict.status });
			return { file: ".pi/hook-tests/case.json" };
		};
		const { view } = viewOf({ mode: "test", hooks: entries, stdin: SAMPLE, saveCase }, run);
		view.handleInput(KEY.ctrlF);
		expect(saves).toEqual([]);
		expect(screen(view, 120)).toContain("Run the hook first (ctrl+r): a fixture saves the case with its outcome.");
		expect(view.hints().map(([, what]) => what)).not.toContain("save as fixture");
		view.handleInput(KEY.ctrlR);
		await finished(view);
		expect(view.hints().map(([, what]) => what)).toContain("save as fixture");
		view.handleInput(KEY.ctrlF);
		expect(saves).toEqual([{ stdin: `${SAMPLE}\n`, event: "PreToolUse", status: "blocking" }]);
		expect(screen(view, 120)).toContain("Saved as .pi/hook-tests/case.json: pi-hook-manager test runs it");
	});

	it("shows why a save failed", async () => {
		const { entries, run } = hooksRunning("cat >/dev/null");
		const saveCase: NonNullable<TestSetup["saveCase"]> = () => ({ error: "the disk is full" });
		const { view } = viewOf({ mode: "test", hooks: entries, stdin: SAMPLE, saveCase }, run);
		view.handleInput(KEY.ctrlR);
		await finished(view);
		view.handleInput(KEY.ctrlF);
		expect(screen(view)).toContain("the disk is full");
		expect(screen(view)).not.toContain("Saved as");
	});
});
