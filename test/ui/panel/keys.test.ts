/** The panel's keys: pi's keybinding ids for moving, confirming, cancelling and switching, so remaps apply. */
import { KeybindingsManager, TUI_KEYBINDINGS } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { killSwitchKey, panelKeys } from "../../../src/ui/panel/keys.ts";
import { screenLines } from "../../support/screen.ts";
import { KEY, usePanelMounts } from "./harness.ts";

const panels = usePanelMounts();

describe("panelKeys", () => {
	const keys = panelKeys(new KeybindingsManager(TUI_KEYBINDINGS));

	it.each([
		["up", KEY.up],
		["down", KEY.down],
		["confirm", KEY.enter],
		["cancel", KEY.escape],
		["switchView", KEY.tab],
		["toggle", KEY.ctrlT],
		["add", KEY.ctrlN],
		["edit", KEY.ctrlE],
		["delete", KEY.ctrlD],
		["killSwitch", KEY.ctrlShiftH],
		["killSwitch", "\x1b[27;6;104~"],
	] as const)("%s matches %j", (action, data) => {
		expect(keys.matches(data, action)).toBe(true);
	});

	it("does not take plain letters, which go to the filter", () => {
		for (const action of ["toggle", "add", "edit", "delete", "up", "down", "confirm"] as const)
			expect(keys.matches("t", action)).toBe(false);
	});

	it("names keys for the help line the way pi does", () => {
		expect([
			keys.label("up"),
			keys.label("confirm"),
			keys.label("cancel"),
			keys.label("toggle"),
			keys.label("killSwitch"),
		]).toEqual(["↑", "enter", "esc", "ctrl+t", "ctrl+shift+h"]);
	});

	it("follows the user's remapping of pi's keybinding ids", () => {
		const remapped = panelKeys(
			new KeybindingsManager(TUI_KEYBINDINGS, { "tui.select.down": "ctrl+j", "tui.select.cancel": "ctrl+g" }),
		);
		expect(remapped.matches("\x0a", "down")).toBe(true);
		expect(remapped.matches(KEY.down, "down")).toBe(false);
		expect(remapped.label("down")).toBe("ctrl+j");
		expect(remapped.label("cancel")).toBe("ctrl+g");
	});
});

describe("a remapped key in the panel", () => {
	it("moves the selection and shows in the help line", async () => {
		const harness = await panels.fixture(100, {
			rows: 30,
			keybindings: { "tui.select.down": "ctrl+j" },
		});
		const screen = await harness.send("\x0a");
		const lines = screenLines(screen).join("\n");
		expect(lines).toMatch(/> on +cmd +block-rm\.sh · ~\/\.claude\/hooks\/block-/);
		expect(lines).toContain("↑/ctrl+j move");
	});
});

describe("the kill switch key", () => {
	it("comes from PI_HOOK_MANAGER_KILL_SWITCH_KEY when it names a key; none means no shortcut", () => {
		expect(killSwitchKey({})).toBe("ctrl+shift+h");
		expect(killSwitchKey({ PI_HOOK_MANAGER_KILL_SWITCH_KEY: "Alt+H" })).toBe("alt+h");
		expect(killSwitchKey({ PI_HOOK_MANAGER_KILL_SWITCH_KEY: "ctrl+alt+h" })).toBe("ctrl+alt+h");
		expect(killSwitchKey({ PI_HOOK_MANAGER_KILL_SWITCH_KEY: "none" })).toBe("none");
		expect(killSwitchKey({ PI_HOOK_MANAGER_KILL_SWITCH_KEY: "hit me" })).toBe("ctrl+shift+h");
	});

	it("is the panel's kill switch key and label too", () => {
		const keys = panelKeys(new KeybindingsManager(TUI_KEYBINDINGS), "alt+h");
		expect(keys.matches("\x1bh", "killSwitch")).toBe(true);
		expect(keys.matches(KEY.ctrlShiftH, "killSwitch")).toBe(false);
		expect(keys.label("killSwitch")).toBe("alt+h");
	});
});
