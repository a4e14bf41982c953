/**
 * The /hooks panel: a pi-tui component that routes keys to one screen at a time (`screens/`: the list with its
 * hooks and log tabs, details, editor, delete, approve, test) and draws the frame around it: the tab line, the
 * kill switch banner, the filter and message under the list, and the help line. It reads and changes hooks
 * only through {@link PanelServices}, so tests drive it with real files and a fake clock.
 */
import type { OverlayOptions } from "@earendil-works/pi-tui";
import { isPolicySource } from "../../engine/config/sources.ts";
import { countHooks } from "../../engine/dispatch/run-state.ts";
import { countsText } from "../hook-counts.ts";
import type { PanelTheme } from "../theme.ts";
import { fit, wordWrap } from "./format.ts";
import { FRAME_COLUMNS, frame, helpLines, type Message, messageLines } from "./frame.ts";
import type { PanelKeys } from "./keys.ts";
import { PanelState } from "./panel-state.ts";
import { ListScreen } from "./screens/list.ts";
import type { PanelContext, PanelScreen } from "./screens/screen.ts";
import type { PanelHost, PanelServices } from "./services.ts";

/** The /hooks panel component. */
export class HooksPanel {
	/** Page up/down and the other viewport keys reach the panel in pi's fullscreen mode too. */
	readonly capturesViewportInput = true;
	private readonly theme: PanelTheme;
	private readonly keys: PanelKeys;
	private readonly services: PanelServices;
	private readonly host: PanelHost;
	private readonly state: PanelState;
	private readonly list: ListScreen;
	private screen: PanelScreen;
	private message: Message | undefined;
	/** The inner width of the last render, so scrolling measures the lines that are drawn. */
	private lastInner = 80;
	private readonly unsubscribe: () => void;
	private focusedState = false;

	constructor(theme: PanelTheme, keys: PanelKeys, services: PanelServices, host: PanelHost) {
		this.theme = theme;
		this.keys = keys;
		this.services = services;
		this.host = host;
		this.state = new PanelState(theme, services);
		const context: PanelContext = {
			theme,
			keys,
			services,
			host,
			state: this.state,
			show: (screen) => {
				this.screen = screen;
			},
			current: () => this.screen,
			toList: () => {
				this.screen = this.list;
			},
			close: () => {
				this.dispose();
				host.close();
			},
			say: (message) => {
				this.message = message;
			},
			focused: () => this.focusedState,
			bodyHeight: () => this.bodyHeight(),
			innerWidth: () => this.lastInner,
		};
		this.list = new ListScreen(context);
		this.screen = this.list;
		this.unsubscribe = services.log.firings.subscribe(() => host.requestRender());
	}

	/** Focusable: the filter (or the editor's field) shows the terminal cursor while the panel has focus. */
	get focused(): boolean {
		return this.focusedState;
	}

	set focused(value: boolean) {
		this.focusedState = value;
		this.state.filter.focused = value;
	}

	/** Stops listening to the firing log; called when the overlay closes. */
	dispose(): void {
		this.unsubscribe();
	}

	/** Nothing is cached between renders: every render reads the live configuration and log. */
	invalidate(): void {}

	/** Shows a tab (`/hooks log` opens on the log). */
	showTab(tab: "hooks" | "log"): void {
		this.state.tab = tab;
	}

	/** Which tab is shown. */
	currentTab(): "hooks" | "log" {
		return this.state.tab;
	}

	/** Handles one key press: the kill switch works on every screen; every other key goes to the screen shown. */
	handleInput(data: string): void {
		if (this.keys.matches(data, "killSwitch")) this.services.hooks.toggleAllOff();
		else this.screen.handleInput(data);
		this.host.requestRender();
	}

	private panelHeight(): number {
		return Math.max(10, Math.min(this.host.rows() - 2, 40));
	}

	/** Rows left for the list, log or details once the fixed lines are drawn (an estimate for paging). */
	private bodyHeight(): number {
		return Math.max(3, this.panelHeight() - 8);
	}

	/** Renders the panel: exactly the panel height, every line exactly `width` columns. */
	render(width: number): string[] {
		const t = this.theme;
		const { hooks } = this.services;
		const inner = Math.max(1, width - FRAME_COLUMNS);
		this.lastInner = inner;
		const height = this.panelHeight();
		this.state.refresh();
		const config = hooks.config();
		const onList = this.screen === this.list;
		const top: string[] = [this.tabLine(inner), ...this.banner(inner)];
		if (onList) top.push(t.fg("muted", "Filter: ") + (this.state.filter.render(inner - 8)[0] ?? ""));
		const bottom: string[] = [];
		if (this.message !== undefined && onList) bottom.push(...messageLines(t, this.message, inner));
		bottom.push(...helpLines(t, this.screen.hints(), inner));
		const bodyHeight = Math.max(1, height - 2 - top.length - bottom.length);
		const body = this.screen.body(inner, bodyHeight);
		// The counts in the words of `/hooks status` and the footer (one rule: countHooks).
		const counts = countHooks(config, { allOff: hooks.allOff(), isEnabled: (entry) => hooks.isEnabled(entry) });
		const right = (hooks.allOff() ? "ALL OFF · " : "") + countsText(counts);
		return frame(
			t,
			this.screen.title,
			right,
			[...top, ...body, ...bottom],
			width,
			hooks.allOff() ? "error" : counts.off + counts.waiting + counts.allOff > 0 ? "warning" : "muted",
		);
	}

	/** The kill switch's banner, or the one of `disableAllHooks`; managed hooks that still run are named. */
	private banner(inner: number): string[] {
		const t = this.theme;
		const { hooks } = this.services;
		const config = hooks.config();
		const policyHooks = config?.entries.filter((entry) => isPolicySource(entry.source)).length ?? 0;
		const spared =
			policyHooks > 0
				? ` ${policyHooks} managed hook(s) still run: only managed policy can switch them off.`
				: "";
		if (hooks.allOff())
			return wordWrap(
				`ALL HOOKS ARE OFF in this pi session. ${this.keys.label("killSwitch")} turns them back on.${spared}`,
				inner,
			).map((line) => t.bold(t.fg("error", fit(line, inner))));
		if (config?.disableAllHooks) {
			const where = config.disableAllHooksSource ?? "the settings";
			const rest = config.disableAllHooksManaged ? "" : spared;
			return wordWrap(`disableAllHooks is set in ${where}: no hook runs.${rest}`, inner).map((line) =>
				t.fg("warning", fit(line, inner)),
			);
		}
		return [];
	}

	private tabLine(width: number): string {
		const t = this.theme;
		const hooks = ` Hooks ${this.state.hookList.count()} `;
		const log = ` Log ${this.state.log.count()} `;
		const style = (text: string, active: boolean): string =>
			active ? t.inverse(t.bold(text)) : t.fg("muted", text);
		// The tripwire's hooks of this run, when there are any and the line has room: how many, and their key.
		const changed = this.services.tripwire?.changed().length ?? 0;
		const wanted = changed === 0 ? "" : ` ${changed} new or changed (${this.keys.label("changed")}) `;
		const tabs = hooks.length + log.length + 1;
		const badge = tabs + wanted.length + 1 <= width ? wanted : "";
		const used = tabs + (badge === "" ? 0 : badge.length + 1);
		return (
			style(hooks, this.state.tab === "hooks") +
			" " +
			style(log, this.state.tab === "log") +
			(badge === "" ? "" : ` ${t.fg("warning", badge)}`) +
			" ".repeat(Math.max(0, width - used))
		);
	}
}

/** How the panel opens as an overlay: centred, nearly the full width (at least 40 columns), at most the full height. */
export const PANEL_OVERLAY_OPTIONS = {
	anchor: "center",
	width: "94%",
	minWidth: 40,
	maxHeight: "100%",
} as const satisfies OverlayOptions;
