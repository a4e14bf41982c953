/**
 * The editor screen of the /hooks panel (screens/editor.ts): a refused save (file changed on disk, hook
 * removed meanwhile, file not valid JSON) keeps the draft and says what to do; Esc on an edited draft asks.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TEST_THEME_COLORS } from "../../../../src/ui/theme.ts";
import { cellAt, findText, frameInside, type Screen, screenLines } from "../../../support/screen.ts";
import { entryWith, exitedWith, firingRecord } from "../fixtures.ts";
import { KEY, type PanelHarness, PROJECT_TEXT, usePanelMounts } from "../harness.ts";

const panels = usePanelMounts();

const mount = panels.project;

const text = (screen: Screen): string => screenLines(screen).join("\n");
/** The screen's text without borders and spaces, so a message wrapped at 40 columns reads in one piece. */
const flat = (screen: Screen): string => text(screen).replace(/[│\s]/g, "");
const squeeze = (message: string): string => message.replace(/\s/g, "");
const projectFile = (h: PanelHarness): string => h.sources[1]?.file ?? "";
const errorColor = `p${TEST_THEME_COLORS.error}`;

describe.each([40, 80, 120])("the editor keeps the draft at %i columns", (cols) => {
	it("refuses to save over a file changed on disk, keeps the draft; a retry saves into the new file", async () => {
		const h = await mount(cols);
		await h.send(KEY.ctrlN);
		await h.type("./new.sh");
		const external = PROJECT_TEXT.replace('"./guard.sh"', '"./guard-v2.sh"');
		writeFileSync(projectFile(h), external);
		let screen = await h.send(KEY.enter);
		expect(readFileSync(projectFile(h), "utf8")).toBe(external);
		expect(frameInside(screen)).toContain(squeeze("changed on disk since the panel read it; nothing was written"));
		expect(frameInside(screen)).toContain(squeeze("Your draft is kept: enter saves it into the file as it is now"));
		const message = findText(screen, "changed on disk") ?? { row: 0, col: 0 };
		expect(cellAt(screen, message.row, message.col).fg).toBe(errorColor);
		h.runScheduled();
		screen = await h.screen();
		expect(text(screen)).toContain("Add a hook");
		expect(text(screen)).toMatch(/Command\s+\.\/new\.sh/);
		screen = await h.send(KEY.enter);
		expect(frameInside(screen)).toContain(squeeze("Saved PreToolUse hook to Claude project"));
		const saved = readFileSync(projectFile(h), "utf8");
		expect(saved).toContain("./guard-v2.sh");
		expect(saved).toContain("./new.sh");
	});

	it("saves on the second enter once the file is fixed after a refused save", async () => {
		const h = await mount(cols);
		await h.send(KEY.ctrlN);
		await h.type("./new.sh");
		// Changed on disk: broken by another program; the first enter says so.
		writeFileSync(projectFile(h), `${PROJECT_TEXT},`);
		let screen = await h.send(KEY.enter);
		expect(frameInside(screen)).toContain(squeeze("changed on disk since the panel read it"));
		// The user fixes the file, then presses enter once more: that saves.
		const fixed = PROJECT_TEXT.replace('"./guard.sh"', '"./guard-fixed.sh"');
		writeFileSync(projectFile(h), fixed);
		screen = await h.send(KEY.enter);
		expect(frameInside(screen)).not.toContain(squeeze("changed on disk"));
		expect(frameInside(screen)).toContain(squeeze("Saved PreToolUse hook to Claude project"));
		const saved = readFileSync(projectFile(h), "utf8");
		expect(saved).toContain("./guard-fixed.sh");
		expect(saved).toContain("./new.sh");
	});

	it("saves on the next enter once a file that was not valid JSON is fixed", async () => {
		const h = await mount(cols);
		h.writeText(1, `${PROJECT_TEXT},`);
		await h.send(KEY.ctrlN);
		await h.type("./new.sh");
		let screen = await h.send(KEY.enter);
		expect(frameInside(screen)).toContain(squeeze("is not valid JSON"));
		writeFileSync(projectFile(h), PROJECT_TEXT);
		screen = await h.send(KEY.enter);
		expect(frameInside(screen)).toContain(squeeze("Saved PreToolUse hook to Claude project"));
		expect(readFileSync(projectFile(h), "utf8")).toContain("./new.sh");
	});

	it("keeps an edit of a hook another program removed meanwhile, and saves it as a new hook on retry", async () => {
		const h = await mount(cols);
		await h.type("guard");
		await h.send(KEY.ctrlE);
		await h.send(KEY.down, KEY.down, KEY.down, KEY.down, KEY.backspace, KEY.backspace);
		await h.type("20");
		writeFileSync(projectFile(h), PROJECT_TEXT.replace("./guard.sh", "./other.sh"));
		let screen = await h.send(KEY.enter);
		expect(frameInside(screen)).toContain(squeeze("changed on disk since the panel read it"));
		expect(text(screen)).toContain("Edit hook");
		screen = await h.send(KEY.enter);
		expect(frameInside(screen)).toContain(squeeze("is no longer in"));
		expect(frameInside(screen)).toContain(squeeze("enter adds it to the file as a new hook"));
		screen = await h.send(KEY.enter);
		expect(frameInside(screen)).toContain(squeeze("Saved PreToolUse hook"));
		const saved = JSON.parse(readFileSync(projectFile(h), "utf8"));
		expect(saved.hooks.PreToolUse[0].hooks).toEqual([
			{ type: "command", command: "./other.sh", timeout: 10, async: false },
			{ type: "command", command: "./guard.sh", timeout: 20, async: false },
		]);
	});

	it("keeps the draft when the target file is not valid JSON; another file can be chosen", async () => {
		const h = await mount(cols);
		h.writeText(1, `${PROJECT_TEXT},`);
		await h.send(KEY.ctrlN);
		await h.type("./keep-me.sh");
		let screen = await h.send(KEY.enter);
		expect(frameInside(screen)).toContain(squeeze("is not valid JSON"));
		expect(frameInside(screen)).toContain(
			squeeze("Your draft is kept: fix the file, then press enter again, or choose another file"),
		);
		expect(text(screen)).toMatch(/Command\s+\.\/keep-me\.sh/);
		await h.send(KEY.down, KEY.down, KEY.down);
		await h.send(KEY.left);
		screen = await h.send(KEY.enter);
		expect(frameInside(screen)).toContain(squeeze("Saved PreToolUse hook to Claude user"));
		expect(readFileSync(h.sources[0]?.file ?? "", "utf8")).toContain("./keep-me.sh");
		expect(readFileSync(projectFile(h), "utf8")).toBe(`${PROJECT_TEXT},`);
	});

	it("saves a valid new hook into a file with an unrelated bad entry", async () => {
		const h = await mount(cols);
		const bad = PROJECT_TEXT.replace('"hooks": {', '"hooks": {\n\t\t"Stop": "not a list",');
		h.writeText(1, bad);
		await h.send(KEY.ctrlN);
		await h.type("./fine.sh");
		const screen = await h.send(KEY.enter);
		expect(flat(screen)).toContain(squeeze("Saved PreToolUse hook to Claude project"));
		const saved = readFileSync(projectFile(h), "utf8");
		expect(saved).toContain('"Stop": "not a list"');
		expect(saved).toContain("./fine.sh");
	});

	it("keeps a hook's statistics when an edit changes its identity (the timeout here)", async () => {
		const h = await mount(cols);
		const guard = entryWith(h.config(), "guard.sh");
		h.log.add(firingRecord(1, 1000, [[guard, exitedWith(2, 40, "", "no")]]));
		h.log.add(firingRecord(2, 2000, [[guard, exitedWith(0, 60)]]));
		await h.type("guard");
		await h.send(KEY.ctrlE);
		await h.send(KEY.down, KEY.down, KEY.down, KEY.down, KEY.backspace, KEY.backspace);
		await h.type("20");
		expect(flat(await h.send(KEY.enter))).toContain(squeeze("Saved PreToolUse hook"));
		h.runScheduled();
		const edited = entryWith(h.config(), "guard.sh");
		expect(edited.id).not.toBe(guard.id);
		expect(h.log.stats(edited.id)).toMatchObject({ runs: 2, blocks: 1 });
		await h.screen();
		await h.send(KEY.enter);
		const details = await h.allPages();
		expect(details).toMatch(/Runs\s+2\b/);
		expect(details).toMatch(/Blocks\s+1\b/);
	});

	it("asks before esc discards a draft (other keys wait); esc keeps editing; a clean one closes", async () => {
		const h = await mount(cols);
		await h.send(KEY.ctrlN);
		let screen = await h.send(KEY.escape);
		expect(text(screen)).not.toContain("Add a hook");
		await h.send(KEY.ctrlN);
		await h.type("./draft.sh");
		screen = await h.send(KEY.escape);
		expect(text(screen)).toContain("Add a hook");
		expect(flat(screen)).toContain(squeeze("Discard your changes? enter discards them, esc keeps editing."));
		// The key line says the same, not "save" / "cancel".
		expect(flat(screen)).toContain(squeeze("keep editing"));
		expect(flat(screen)).not.toContain(squeeze("enter save"));
		// Any other key is ignored while the question shows: nothing is typed, the question stays.
		screen = await h.type("x");
		expect(flat(screen)).toContain(squeeze("Discard your changes? enter discards them, esc keeps editing."));
		expect(text(screen)).toMatch(/Command\s+\.\/draft\.sh\s/);
		screen = await h.send(KEY.escape);
		expect(flat(screen)).not.toContain(squeeze("Discard your changes?"));
		expect(flat(screen)).not.toContain(squeeze("keep editing"));
		screen = await h.type(" --x");
		expect(text(screen)).toMatch(/Command\s+\.\/draft\.sh --x/);
		await h.send(KEY.escape);
		screen = await h.send(KEY.enter);
		expect(text(screen)).not.toContain("Add a hook");
		expect(readFileSync(projectFile(h), "utf8")).toBe(PROJECT_TEXT);
	});
});
