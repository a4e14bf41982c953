/**
 * Test a hook and replay an event, in the panel on a headless terminal at 40, 80 and 120 columns, with real
 * hook processes: a sample input in Claude Code's shape, editable before the run; the result with what it
 * would have done, its exit code, stdout, stderr and lint findings; a test run logged as a test and counted
 * nowhere; a logged input replayed against another hook of its event; the editor's unsaved draft tested
 * before it is saved.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { frameInside, type Screen, screenLines } from "../../../support/screen.ts";
import { entryWith, exitedWith, firingRecord } from "../fixtures.ts";
import { KEY, type PanelHarness, usePanelMounts } from "../harness.ts";

const panels = usePanelMounts();

const squeeze = (text: string): string => text.replace(/\s/g, "");

/** Waits until the panel's inside shows `text` (a test run finishes on its own time). */
const waitInside = async (h: PanelHarness, text: string): Promise<Screen> => {
	const deadline = Date.now() + 10_000;
	for (;;) {
		const screen = await h.screen();
		if (frameInside(screen).includes(squeeze(text))) return screen;
		if (Date.now() > deadline) throw new Error(`"${text}" did not appear:\n${screenLines(screen).join("\n")}`);
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
};

const DENY = JSON.stringify({
	hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no rm" },
});

/** A guard that denies when its stdin holds MARKER (exit 2 with the reason on stderr) and says nothing otherwise. */
const GUARD = `grep -q MARKER && { echo "marker seen" >&2; exit 2; }; exit 0`;

const SETTINGS = {
	0: {
		hooks: {
			PreToolUse: [
				{ matcher: "Bash", hooks: [{ type: "command", command: GUARD }] },
				{ matcher: "Bash", hooks: [{ type: "command", command: `echo '${DENY}'` }] },
			],
			UserPromptSubmit: [
				{ hooks: [{ type: "command", command: `echo '{"additionalContext": "it is Monday"}'` }] },
			],
		},
	},
};

const mount = (cols: number): Promise<PanelHarness> => panels.mount({ cols, rows: 44, settings: SETTINGS });

describe.each([40, 80, 120])("test runs at %i columns", (cols) => {
	it("runs a hook on a sample input edited first, shows the result, logs it as a test, counts nothing", async () => {
		const h = await mount(cols);
		await h.type("grep -q");
		let screen = await h.send(KEY.ctrlR);
		expect(frameInside(screen)).toContain(squeeze("Test a hook"));
		expect(frameInside(screen)).toContain(squeeze('"tool_name": "Bash"'));
		expect(frameInside(screen)).toContain(squeeze('"command": "echo hello"'));
		// The cursor starts on the sample's first line, "{": one more field after it, that the guard looks for.
		await h.send(KEY.right);
		await h.type(' "note": "MARKER",');
		h.terminal.send(KEY.ctrlR);
		screen = await waitInside(h, "Result of the test run");
		const result = frameInside(screen);
		expect(result).toContain(squeeze("a dry run: nothing in the session changed"));
		expect(result).toContain(squeeze("would block: PreToolUse:Bash hook error:"));
		expect(result).toContain(squeeze("marker seen"));
		expect(result).toMatch(/Exitcode2/);
		expect(result).toContain("stderr");
		const records = h.log.records();
		expect(records).toHaveLength(1);
		expect(records[0]?.test).toBe(true);
		expect(records[0]?.stdin).toContain('"note": "MARKER"');
		// Nothing counts: the hook's session statistics are untouched.
		const entry = records[0]?.verdicts[0]?.entry;
		expect(entry && h.log.stats(entry.id).runs).toBe(0);
		// Back in the list, the log marks the run as a test.
		await h.send(KEY.escape);
		screen = await h.send(KEY.escape, KEY.tab);
		expect(frameInside(screen)).toContain("[test]");
	});

	it("shows the lint of output Claude Code ignores, naming the field and what to write instead", async () => {
		const h = await mount(cols);
		await h.type("Monday");
		await h.send(KEY.ctrlR);
		expect(frameInside(await h.screen())).toContain(squeeze('"prompt": "Hello from the hook test"'));
		h.terminal.send(KEY.ctrlR);
		const screen = await waitInside(h, "Result of the test run");
		const result = frameInside(screen);
		expect(result).toContain(squeeze("would change nothing"));
		expect(result).toContain(squeeze("Output that Claude Code ignores"));
		expect(result).toContain(squeeze('! additionalContext: top-level "additionalContext" is ignored'));
		expect(result).toContain(
			squeeze('write {"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "..."}}'),
		);
	});
});

describe.each([40, 80, 120])("replay and the editor loop at %i columns", (cols) => {
	it("replays a logged input against the current definition of another hook of the event", async () => {
		const h = await mount(cols);
		await h.engine.dispatch({
			event: "PreToolUse",
			matchValues: ["Bash", "bash"],
			tool: { ccToolName: "Bash", ccInput: { command: "rm -rf MARKER" } },
			payload: { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf MARKER" } },
			session: h.session,
			summary: "rm -rf MARKER",
		});
		await h.send(KEY.tab);
		let screen = await h.send(KEY.ctrlR);
		expect(frameInside(screen)).toContain(squeeze("Replay a logged event"));
		expect(frameInside(screen)).toContain(squeeze('"command": "rm -rf MARKER"'));
		expect(frameInside(screen)).toMatch(/[12]\/2</);
		// Choose the JSON deny hook (the second in the settings), then run.
		const chosen = frameInside(screen).includes("2/2<") ? screen : await h.send(KEY.right);
		expect(frameInside(chosen)).toContain("2/2<");
		h.terminal.send(KEY.ctrlR);
		screen = await waitInside(h, "Result of the test run");
		expect(frameInside(screen)).toContain(squeeze("would deny: no rm"));
		// The run's Reason field holds the JSON's permissionDecisionReason too, not "-".
		expect(frameInside(screen)).toContain(squeeze("Reason no rm"));
		const [test] = h.log.records();
		expect(test?.test).toBe(true);
		expect(JSON.parse(test?.stdin ?? "{}").tool_input).toEqual({ command: "rm -rf MARKER" });
		// Replaying again from the same row with the guard: the recorded input holds MARKER, so it blocks.
		await h.send(KEY.shiftTab, KEY.shiftTab);
		screen = await h.send(KEY.left);
		h.terminal.send(KEY.ctrlR);
		screen = await waitInside(h, "Result of the test run");
		expect(frameInside(screen)).toContain(squeeze("would block: PreToolUse:Bash hook error"));
		expect(frameInside(screen)).toContain(squeeze("stderr marker seen"));
	});

	it("tests the editor's unsaved draft, comes back to the draft, then saves it", async () => {
		const h = await mount(cols);
		await h.send(KEY.ctrlN);
		await h.type(`echo '{"decision": "block", "reason": "draft says no"}'`);
		let screen = await h.send(KEY.ctrlR);
		expect(frameInside(screen)).toContain(squeeze("Test the unsaved hook"));
		h.terminal.send(KEY.ctrlR);
		screen = await waitInside(h, "would block: draft says no");
		const file = h.sources[1]?.file ?? "";
		expect(() => readFileSync(file, "utf8")).toThrow();
		screen = await h.send(KEY.escape);
		expect(frameInside(screen)).toContain(squeeze("Add a hook"));
		// The command field shows the end of the draft when it is wider than the field.
		expect(frameInside(screen)).toContain(squeeze(`"draft says no"}'`));
		screen = await h.send(KEY.enter);
		expect(frameInside(screen)).toContain(squeeze("Saved PreToolUse hook to Claude project"));
		expect(readFileSync(file, "utf8")).toContain("draft says no");
	});
});

describe("test runs", () => {
	it.each([40, 80])(
		"opens the stdin at its first line and gives it the panel's rows, at %i columns",
		async (cols) => {
			const h = await panels.mount({ cols, rows: 40, settings: SETTINGS });
			const tool_input = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`field${i}`, i]));
			await h.engine.dispatch({
				event: "PreToolUse",
				matchValues: ["Bash", "bash"],
				tool: { ccToolName: "Bash", ccInput: tool_input },
				payload: { hook_event_name: "PreToolUse", session_id: "s-1", tool_name: "Bash", tool_input },
				session: h.session,
				summary: "a tall input",
			});
			await h.send(KEY.tab);
			const lines = screenLines(await h.send(KEY.ctrlR));
			const label = lines.findIndex((line) => line.includes("Stdin (Claude"));
			// Under the label (and the note on the logged input): the pane's top border, hiding nothing above.
			const border = lines.findIndex((line, row) => row > label && line.includes("─────"));
			expect(label).toBeGreaterThan(0);
			expect(lines[border]).not.toContain("more");
			// The input's first line, "{", is under it; its session_id is in view.
			expect(lines[border + 1]).toMatch(/│ \{ +│/);
			expect(lines.slice(border).join("\n")).toContain('"session_id"');
			// It reaches down to the help line: its bottom border, saying how much is below, is right above it.
			const help = lines.findIndex((line) => line.includes("ctrl+r run ·"));
			expect(lines[help - 1]).toMatch(/↓ \d+ more/);
		},
	);

	it("shows the lint of a logged run in its details", async () => {
		const h = await mount(100);
		await h.engine.dispatch({
			event: "UserPromptSubmit",
			matchValues: [],
			payload: { hook_event_name: "UserPromptSubmit", prompt: "hi" },
			session: h.session,
			summary: "hi",
		});
		await h.send(KEY.tab);
		const screen = await h.send(KEY.enter);
		expect(frameInside(screen)).toContain(squeeze('! additionalContext: top-level "additionalContext" is ignored'));
		expect(h.log.records()[0]?.verdicts[0]?.lints?.map((lint) => lint.code)).toEqual([
			"top_level_additional_context",
		]);
	});

	it("runs a hook switched off in /hooks anyway, and says it would not run in the session now", async () => {
		const h = await mount(100);
		await h.type("grep -q");
		await h.send(KEY.ctrlT);
		await h.send(KEY.ctrlR);
		h.terminal.send(KEY.ctrlR);
		const screen = await waitInside(h, "Result of the test run");
		expect(frameInside(screen)).toContain(
			squeeze("Note: in this session the hook would not run for this input now: it is switched off in /hooks."),
		);
		expect(frameInside(screen)).toContain(squeeze("would change nothing"));
	});

	it("Esc stops a running test and goes back: the process is killed, the log lists the run as stopped", async () => {
		const pidFile = join(mkdtempSync(join(tmpdir(), "phm-esc-")), "pid");
		const h = await panels.mount({
			cols: 100,
			rows: 44,
			settings: {
				0: {
					hooks: { Stop: [{ hooks: [{ type: "command", command: `echo $$ > ${pidFile}; exec sleep 30` }] }] },
				},
			},
		});
		await h.type("sleep");
		await h.send(KEY.ctrlR);
		h.terminal.send(KEY.ctrlR);
		let screen = await waitInside(h, "Running echo");
		expect(frameInside(screen)).toContain(squeeze("esc stops it and goes back"));
		while (!existsSync(pidFile) || readFileSync(pidFile, "utf8").trim() === "")
			await new Promise((r) => setTimeout(r, 10));
		const pid = Number(readFileSync(pidFile, "utf8"));
		screen = await h.send(KEY.escape);
		expect(frameInside(screen)).toContain(
			squeeze("Test run stopped: the log lists it; nothing in the session changed."),
		);
		expect(frameInside(screen)).not.toContain(squeeze("Test a hook"));
		while (h.log.records().length === 0) await new Promise((r) => setTimeout(r, 10));
		expect(h.log.records()[0]?.verdicts[0]?.outcome.kind).toBe("aborted");
		expect(() => process.kill(pid, 0)).toThrow();
	});

	it("does not test-run a project hook that waits for trust", async () => {
		const harness = await panels.mount({
			cols: 100,
			rows: 40,
			trusted: false,
			settings: { 1: { hooks: { Stop: [{ hooks: [{ type: "command", command: "./check.sh" }] }] } } },
		});
		await harness.type("check");
		const screen = await harness.send(KEY.ctrlR);
		expect(frameInside(screen)).toContain(squeeze("It cannot be test-run either"));
		expect(harness.log.records()).toHaveLength(0);
	});

	it("replays a row's own hook by id when policy now skips it, as a dry run saying why not now", async () => {
		const managed = {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo corp" }] }] },
		};
		const h = await panels.mount({
			cols: 100,
			rows: 44,
			managed,
			settings: {
				0: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: GUARD }] }] } },
			},
		});
		await h.engine.dispatch({
			event: "PreToolUse",
			matchValues: ["Bash", "bash"],
			tool: { ccToolName: "Bash", ccInput: { command: "rm MARKER" } },
			payload: { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm MARKER" } },
			session: h.session,
			summary: "rm MARKER",
		});
		// Policy now allows managed hooks only: the user's guard is skipped (same id), the managed hook runs.
		writeFileSync(
			join(h.root, "managed", "managed-settings.json"),
			JSON.stringify({ ...managed, allowManagedHooksOnly: true }),
		);
		expect(h.config().skipped.map((skipped) => skipped.reason)).toEqual(["managed_only"]);
		await h.send(KEY.tab);
		await h.type("block");
		let screen = await h.send(KEY.ctrlR);
		expect(frameInside(screen)).toContain(squeeze("Replay a logged event"));
		expect(frameInside(screen)).toContain(squeeze("1/2 < PreToolUse grep -q MARKER"));
		expect(frameInside(screen)).toContain(
			squeeze(
				"It would not run in this session now: managed policy allows only managed hooks " +
					"(allowManagedHooksOnly)",
			),
		);
		h.terminal.send(KEY.ctrlR);
		screen = await waitInside(h, "Result of the test run");
		expect(frameInside(screen)).toContain(squeeze("stderr marker seen"));
		expect(h.log.records()[0]?.test).toBe(true);
		expect(JSON.stringify(h.log.records()[0]?.verdicts[0]?.entry.handler)).toContain("grep -q MARKER");
	});

	it("does not replay a row whose hook now waits for trust, and says so instead of running another", async () => {
		const h = await panels.mount({
			cols: 100,
			rows: 40,
			trusted: false,
			settings: {
				0: { hooks: { Stop: [{ hooks: [{ type: "command", command: "echo user-stop" }] }] } },
				1: { hooks: { Stop: [{ hooks: [{ type: "command", command: "./check.sh" }] }] } },
			},
		});
		h.log.add(firingRecord(1, 1000, [[entryWith(h.config(), "check.sh"), exitedWith(0, 5)]], [], "stop"));
		await h.send(KEY.tab);
		const screen = await h.send(KEY.ctrlR);
		expect(frameInside(screen)).not.toContain(squeeze("Replay a logged event"));
		expect(frameInside(screen)).toContain(
			squeeze("The hook of this row would not run now: the project is not trusted, so its hooks do not run."),
		);
	});

	it("says when a row's hook is no longer in its file and chooses the hook now at its place", async () => {
		const h = await mount(100);
		await h.engine.dispatch({
			event: "UserPromptSubmit",
			matchValues: [],
			payload: { hook_event_name: "UserPromptSubmit", prompt: "hi" },
			session: h.session,
			summary: "hi",
		});
		h.writeSettings(0, {
			hooks: {
				...SETTINGS[0].hooks,
				UserPromptSubmit: [{ hooks: [{ type: "command", command: "echo edited-since" }] }],
			},
		});
		await h.send(KEY.tab);
		const screen = await h.send(KEY.ctrlR);
		expect(frameInside(screen)).toContain(squeeze("is no longer in its file (edited or deleted): choose the hook"));
		expect(frameInside(screen)).toContain(squeeze("UserPromptSubmit echo edited-since"));
	});
});
