/**
 * The contract between the /hooks panel's router and its screens: a screen handles keys, draws its body and
 * names its keys; the router draws the frame, the tab line, the banners and the help line around it. Screens
 * reach the shared list state, the services and each other only through {@link PanelContext}.
 */
import type { SaveResult } from "../../../engine/config/edit.ts";
import { sourceLabel } from "../../../engine/config/sources.ts";
import type { HookEntry } from "../../../engine/types.ts";
import type { PanelTheme } from "../../theme.ts";
import type { Hint, Message } from "../frame.ts";
import type { PanelKeys } from "../keys.ts";
import type { PanelState } from "../panel-state.ts";
import type { HooksPort, PanelHost, PanelServices } from "../services.ts";

/** One screen of the panel. */
export interface PanelScreen {
	/** The frame's title, e.g. `Hooks > editor`. */
	readonly title: string;
	/** Handles one key press (the kill switch is the router's). */
	handleInput(data: string): void;
	/** Exactly `height` lines of `width` columns. */
	body(width: number, height: number): string[];
	/** The keys that work on this screen now, without the kill switch. */
	hints(): Hint[];
}

/** What a screen can use: the services, the list state and the router. */
export interface PanelContext {
	readonly theme: PanelTheme;
	readonly keys: PanelKeys;
	readonly services: PanelServices;
	readonly host: PanelHost;
	readonly state: PanelState;
	/** Shows `screen` in place of the current one. */
	show(screen: PanelScreen): void;
	/** The screen shown now. */
	current(): PanelScreen;
	/** Back to the list (the message under it stays). */
	toList(): void;
	/** Closes the panel. */
	close(): void;
	/** Sets (or clears) the message under the list. */
	say(message: Message | undefined): void;
	/** True while the panel has focus (editors show the terminal cursor). */
	focused(): boolean;
	/** Rows left for a screen's body once the fixed lines are drawn (an estimate for paging). */
	bodyHeight(): number;
	/** The inner width of the last render, so scrolling measures the lines that are drawn. */
	innerWidth(): number;
}

/** Milliseconds after a save before the panel re-reads the configuration (the store checks files every 100 ms). */
export const RELOAD_DELAY_MS = 150;

/** The message for a hook whose file the panel does not write (plugins, managed policy, skills, agents). */
export const readOnlyMessage = (hooks: HooksPort, entry: HookEntry | undefined): string | undefined => {
	if (entry === undefined) return undefined;
	const reason = hooks.readOnlyReason(entry);
	if (reason !== undefined) return reason;
	if (hooks.sources.some((source) => source.file === entry.source.file)) return undefined;
	return `${sourceLabel(entry.source)} hooks are read-only here; change them in ${entry.source.file}.`;
};

/** After a save: back to the list with what happened; reload so the list shows the file as it is now. */
export const finishSave = (ctx: PanelContext, result: SaveResult, done: string): void => {
	ctx.toList();
	if (result.ok)
		ctx.say(
			result.note === undefined
				? { level: "info", text: done }
				: { level: "error", text: `${result.note} ${done}` },
		);
	else if (result.reason === "changed_on_disk" || result.reason === "not_found")
		ctx.say({
			level: "error",
			text: `${result.message}. The panel reloaded the file: check the list and try again.`,
		});
	else ctx.say({ level: "error", text: result.message });
	ctx.host.schedule(() => ctx.host.requestRender(), RELOAD_DELAY_MS);
};

/** Pads or cuts `lines` to exactly `height` lines of `width` blanks at the end. */
export const padLines = (lines: string[], width: number, height: number): string[] => {
	const out = lines.slice(0, height);
	while (out.length < height) out.push(" ".repeat(width));
	return out;
};

/** The kill switch's hint: what pressing it does now. */
export const killSwitchHint = (ctx: PanelContext): Hint => [
	ctx.keys.label("killSwitch"),
	ctx.services.hooks.allOff() ? "all on" : "all off",
];
