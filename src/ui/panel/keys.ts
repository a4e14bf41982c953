/**
 * The panel's keys in one place. Moving, confirming, cancelling and switching use pi's keybinding ids
 * (`tui.select.*`, `tui.input.tab`), so a user's remapping applies; the panel's own actions use ctrl keys,
 * because plain typing goes to the filter. The help line is built from the same table.
 */

import type { Keybinding } from "@earendil-works/pi-tui";
import { type KeyId, matchesKey } from "@earendil-works/pi-tui";

/** What a key does in the panel. */
export type PanelAction =
	| "up"
	| "down"
	| "pageUp"
	| "pageDown"
	| "top"
	| "bottom"
	| "confirm"
	| "cancel"
	| "switchView"
	| "toggle"
	| "add"
	| "edit"
	| "delete"
	| "killSwitch"
	| "save"
	| "nextField"
	| "previousField"
	| "left"
	| "right"
	| "test"
	| "history"
	| "export"
	| "approveAll"
	| "contextCards"
	| "saveCase"
	| "undo"
	| "openFile"
	| "openScript"
	| "cost"
	| "changed";

/** The part of pi's KeybindingsManager the panel uses. */
export interface KeybindingsLike {
	matches(data: string, keybinding: Keybinding): boolean;
	getKeys(keybinding: Keybinding): KeyId[];
}

/** pi keybinding ids behind actions that have one. */
const BINDINGS: Partial<Record<PanelAction, Keybinding>> = {
	up: "tui.select.up",
	down: "tui.select.down",
	pageUp: "tui.select.pageUp",
	pageDown: "tui.select.pageDown",
	confirm: "tui.select.confirm",
	cancel: "tui.select.cancel",
	switchView: "tui.input.tab",
	save: "tui.input.submit",
	nextField: "tui.input.tab",
	left: "tui.editor.cursorLeft",
	right: "tui.editor.cursorRight",
};

/** Actions without a pi keybinding id. */
type OwnAction =
	| "top"
	| "bottom"
	| "toggle"
	| "add"
	| "edit"
	| "delete"
	| "killSwitch"
	| "previousField"
	| "test"
	| "history"
	| "export"
	| "approveAll"
	| "contextCards"
	| "saveCase"
	| "undo"
	| "openFile"
	| "openScript"
	| "cost"
	| "changed";

/** The panel's own keys (no pi id exists for these actions). */
export const PANEL_KEYS: Readonly<Record<OwnAction, KeyId>> = {
	top: "home",
	bottom: "end",
	toggle: "ctrl+t",
	add: "ctrl+n",
	edit: "ctrl+e",
	delete: "ctrl+d",
	killSwitch: "ctrl+shift+h",
	previousField: "shift+tab",
	test: "ctrl+r",
	history: "ctrl+l",
	export: "ctrl+x",
	approveAll: "ctrl+y",
	contextCards: "ctrl+k",
	saveCase: "ctrl+f",
	undo: "ctrl+z",
	openFile: "ctrl+o",
	openScript: "ctrl+g",
	cost: "ctrl+p",
	changed: "ctrl+s",
};

/** The kill switch shortcut by default, also registered with `pi.registerShortcut`. */
export const KILL_SWITCH_KEY: KeyId = PANEL_KEYS.killSwitch;

/** The environment variable that changes the kill switch key (for terminals that cannot send ctrl+shift+h). */
export const KILL_SWITCH_KEY_ENV = "PI_HOOK_MANAGER_KILL_SWITCH_KEY";

/**
 * The kill switch key: `PI_HOOK_MANAGER_KILL_SWITCH_KEY` when it names a key in pi's format (`alt+h`,
 * `ctrl+alt+h`: lower-case modifiers ctrl, shift, alt, super joined by `+`, then a key), else
 * {@link KILL_SWITCH_KEY}. `none` registers no shortcut (`/hooks off` and `/hooks on` still work).
 */
export const killSwitchKey = (env: Readonly<Record<string, string | undefined>>): KeyId | "none" => {
	const raw = env[KILL_SWITCH_KEY_ENV]?.trim().toLowerCase();
	if (raw === "none") return "none";
	if (raw !== undefined && /^(?:(?:ctrl|shift|alt|super)\+)*[a-z0-9]+$/.test(raw)) return raw as KeyId;
	return KILL_SWITCH_KEY;
};

/** Matches input against panel actions and names keys for the help line. */
export interface PanelKeys {
	matches(data: string, action: PanelAction): boolean;
	/** The first key of an action as people write it: `up`, `enter`, `ctrl+t`. */
	label(action: PanelAction): string;
}

const ARROWS: Readonly<Record<string, string>> = {
	up: "↑",
	down: "↓",
	left: "←",
	right: "→",
	pageUp: "pgup",
	pageDown: "pgdn",
	escape: "esc",
};

/**
 * The panel keys over pi's keybindings (the manager `ctx.ui.custom` hands to the panel); `killSwitch` is the
 * configured kill switch key (see {@link killSwitchKey}).
 */
export const panelKeys = (keybindings: KeybindingsLike, killSwitch: KeyId | "none" = KILL_SWITCH_KEY): PanelKeys => {
	const own = (action: OwnAction): KeyId =>
		action === "killSwitch" ? (killSwitch === "none" ? KILL_SWITCH_KEY : killSwitch) : PANEL_KEYS[action];
	return {
		matches(data, action) {
			const binding = BINDINGS[action];
			if (binding !== undefined) return keybindings.matches(data, binding);
			return matchesKey(data, own(action as OwnAction));
		},
		label(action) {
			const binding = BINDINGS[action];
			const key = binding === undefined ? own(action as OwnAction) : (keybindings.getKeys(binding)[0] ?? "");
			return ARROWS[key] ?? key;
		},
	};
};
