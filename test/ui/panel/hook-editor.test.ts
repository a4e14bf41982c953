/**
 * The editor in the panel: validation errors shown inline in the error colour, the event chosen from the
 * list, a save that changes only that hook in the chosen file (every other byte kept), an edit that keeps
 * the hook's switch. Deleting and refused saves are tested with their screens (screens/delete, screens/editor).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { applyHookChange } from "../../../src/engine/config/edit.ts";
import { TEST_THEME_COLORS } from "../../../src/ui/theme.ts";
import { cellAt, findText, type Screen, screenLines } from "../../support/screen.ts";
import { entryWith } from "./fixtures.ts";
import { KEY, type PanelHarness, PROJECT_TEXT, usePanelMounts } from "./harness.ts";

const panels = usePanelMounts();

const mount = panels.project;

const text = (screen: Screen): string => screenLines(screen).join("\n");
/** The screen's text without borders and spaces, so a message wrapped at 40 columns reads in one piece. */
const flat = (screen: Screen): string => text(screen).replace(/[│\s]/g, "");
const squeeze = (message: string): string => message.replace(/\s/g, "");
const projectFile = (h: PanelHarness): string => h.sources[1]?.file ?? "";
const errorColor = `p${TEST_THEME_COLORS.error}`;

describe.each([40, 80, 120])("the editor at %i columns", (cols) => {
	it("shows what is wrong under each field, in the error colour, and saves nothing", async () => {
		const h = await mount(cols);
		let screen = await h.send(KEY.ctrlN);
		expect(text(screen)).toContain("Add a hook");
		screen = await h.send(KEY.enter);
		expect(flat(screen)).toContain(squeeze("the command must not be empty"));
		const problem = findText(screen, "the command must") ?? { row: 0, col: 0 };
		expect(cellAt(screen, problem.row, problem.col).fg).toBe(errorColor);
		expect(flat(screen)).toContain(squeeze("Fix the fields marked in red"));
		// Matcher: an unbalanced regex. Timeout: not a positive number.
		await h.send(KEY.shiftTab, KEY.shiftTab);
		await h.type("(");
		await h.send(KEY.tab, KEY.tab, KEY.tab);
		screen = await h.type("-5");
		await h.send(KEY.enter);
		screen = await h.screen();
		const all = flat(screen);
		expect(all).toContain("isnotavalidregularexpression");
		expect(all).toContain('thetimeoutmustbeapositivenumberofseconds,got"-5"');
		expect(readFileSync(projectFile(h), "utf8")).toBe(PROJECT_TEXT);
	});

	it("adds a hook to the chosen file, changing nothing else in it, and the list shows it", async () => {
		const h = await mount(cols);
		await h.send(KEY.ctrlN);
		await h.type("./lint.sh --fix");
		await h.send(KEY.enter);
		const expected = applyHookChange(PROJECT_TEXT, projectFile(h), {
			kind: "add",
			draft: { event: "PreToolUse", matcher: "Bash", handler: { type: "command", command: "./lint.sh --fix" } },
		});
		if (!expected.ok) throw new Error(expected.message);
		const saved = readFileSync(projectFile(h), "utf8");
		expect(saved).toBe(expected.text);
		// Byte for byte: the file is the old text with one line inserted after the existing hook.
		const insertAt = PROJECT_TEXT.indexOf('"async": false}') + '"async": false}'.length;
		expect(saved.slice(0, insertAt)).toBe(PROJECT_TEXT.slice(0, insertAt));
		expect(saved.slice(saved.length - (PROJECT_TEXT.length - insertAt))).toBe(PROJECT_TEXT.slice(insertAt));
		h.runScheduled();
		const screen = await h.screen();
		expect(flat(screen)).toContain(squeeze("Saved PreToolUse hook to Claude project"));
		expect(text(screen)).toContain("lint.sh");
	});
});

describe("the editor", () => {
	it("chooses the event from the list of events pi fires, with the arrow keys or by typing its name", async () => {
		const h = await mount(100);
		await h.send(KEY.ctrlN, KEY.up, KEY.up, KEY.up);
		// PermissionRequest comes next in Claude Code's list: it fires when an extension asks through the channel.
		let screen = await h.send(KEY.right);
		expect(text(screen)).toContain("< PermissionRequest >");
		screen = await h.type("sto");
		expect(text(screen)).toContain("< Stop >");
		expect(text(screen)).toContain("type to jump: sto");
		// SubagentStop (fired when a subagent extension is loaded) sits before Stop in Claude Code's list, then
		// SubagentStart and MessageDisplay (which pi fires too).
		screen = await h.send(KEY.left);
		expect(text(screen)).toContain("< SubagentStop >");
		screen = await h.send(KEY.left, KEY.left);
		expect(text(screen)).toContain("< MessageDisplay >");
		const seen = new Set<string>();
		for (let i = 0; i < 40; i++) {
			const match = /< (\w+) >/.exec(text(await h.send(KEY.right)));
			if (match?.[1] !== undefined) seen.add(match[1]);
		}
		for (const never of ["TeammateIdle", "CwdChanged", "TaskCompleted", "Setup"]) expect(seen).not.toContain(never);
		expect(seen).toContain("SessionStart");
		await h.send(KEY.ctrlU);
		await h.type("subagent");
		expect(text(await h.screen())).not.toContain("< TeammateIdle >");
	});

	it("keeps the event of an edited hook pi does not fire, with a warning", async () => {
		const harness = await panels.mount({
			cols: 100,
			rows: 40,
			settings: { 0: { hooks: { TeammateIdle: [{ hooks: [{ type: "command", command: "./sub.sh" }] }] } } },
		});
		await harness.type("sub");
		const screen = await harness.send(KEY.ctrlE);
		expect(text(screen)).toContain("TeammateIdle");
		expect(flat(screen)).toContain(squeeze("pi never fires TeammateIdle: this hook does not run in pi"));
	});

	it('offers onFailure "block" with the arrow keys and writes it', async () => {
		const h = await mount(100);
		await h.send(KEY.ctrlN);
		await h.type("echo guard");
		await h.send(KEY.down, KEY.down, KEY.down, KEY.down);
		let screen = await h.send(KEY.right);
		expect(text(screen)).toContain("< block (a failing hook blocks) >");
		screen = await h.send(KEY.enter);
		expect(text(screen)).toContain("Saved PreToolUse hook");
		const saved = JSON.stringify(JSON.parse(readFileSync(h.sources[1]?.file ?? "", "utf8")));
		expect(saved).toContain('{"type":"command","command":"echo guard","onFailure":"block"}');
	});

	it("adds to another of the five files chosen with the arrow keys, creating it", async () => {
		const h = await mount(100);
		await h.send(KEY.ctrlN);
		await h.type("echo pi-level");
		await h.send(KEY.down, KEY.down, KEY.down);
		let screen = await h.send(KEY.right, KEY.right);
		expect(text(screen)).toContain("< pi global");
		screen = await h.send(KEY.enter);
		expect(text(screen)).toContain("Saved PreToolUse hook to pi global");
		expect(JSON.parse(readFileSync(h.sources[3]?.file ?? "", "utf8"))).toEqual({
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo pi-level" }] }] },
		});
	});

	it("edits a hook in place, keeping its other fields, and a disabled hook stays disabled", async () => {
		const h = await mount(100);
		await h.type("guard");
		await h.send(KEY.ctrlT);
		expect(h.state.isEnabled(entryWith(h.config(), "./guard.sh"))).toBe(false);
		let screen = await h.send(KEY.ctrlE);
		expect(text(screen)).toContain("Edit hook");
		expect(text(screen)).toMatch(/Command\s+\.\/guard\.sh/);
		await h.send(KEY.down, KEY.down, KEY.down, KEY.down, KEY.backspace, KEY.backspace);
		screen = await h.type("20");
		await h.send(KEY.enter);
		expect(readFileSync(projectFile(h), "utf8")).toBe(PROJECT_TEXT.replace('"timeout": 10', '"timeout": 20'));
		h.runScheduled();
		screen = await h.screen();
		expect(text(screen)).toContain("Saved PreToolUse hook");
		const edited = entryWith(h.config(), "./guard.sh");
		expect(edited.handler.timeout).toBe(20);
		expect(h.state.isEnabled(edited)).toBe(false);
		expect(text(screen)).toMatch(/off +cmd +guard\.sh · \.\/guard\.sh/);
	});

	it("does not open the editor on an http hook, and says where to edit it", async () => {
		const harness = await panels.mount({
			cols: 100,
			rows: 30,
			settings: { 3: { hooks: { Stop: [{ hooks: [{ type: "http", url: "http://127.0.0.1:1/h" }] }] } } },
		});
		const screen = await harness.send(KEY.ctrlE);
		expect(text(screen)).toContain("Only command hooks can be edited here");
	});
});
