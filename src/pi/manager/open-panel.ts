/**
 * Opens the /hooks panel over pi with `ctx.ui.custom` (interactive mode only): the switches of hooks deleted
 * since the session started are forgotten first, the preflight of the hooks is looked up afresh (at opening, not at
 * start-up), and the panel and its editor load on first use.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { KeybindingsManager, TUI } from "@earendil-works/pi-tui";
import { panelKeys } from "../../ui/panel/keys.ts";
import { fromPiTheme } from "../../ui/theme.ts";
import { createExternalEditor } from "./external-editor.ts";
import type { ManagerCore } from "./manager-core.ts";
import { panelServices } from "./panel-wiring.ts";
import type { RecordFeed } from "./record-feed.ts";
import type { Switches } from "./switches.ts";

/** What the kill switch asks of the open panel: a redraw. */
export interface PanelHost {
	requestRender(): void;
}

/**
 * Opens the panel (on the log tab with `tab: "log"`) and resolves when it closes; `onHost` receives the open
 * panel's host, and undefined once it closed. Without a UI it says so on stderr.
 */
export const openPanel = async (
	parts: { readonly core: ManagerCore; readonly switches: Switches; readonly feed: RecordFeed },
	ctx: ExtensionContext,
	options: { readonly tab?: "hooks" | "log" } | undefined,
	onHost: (host: PanelHost | undefined) => void,
): Promise<void> => {
	const { core, switches, feed } = parts;
	if (!ctx.hasUI) {
		process.stderr.write("[pi-hook-manager] /hooks opens a panel in pi's interactive mode only\n");
		return;
	}
	if (core.sources().length === 0) core.readSources(ctx);
	// Hooks deleted from their files since the session started lose their switch now.
	core.reconcile();
	let openTui: TUI | undefined;
	// The preflight (and the shell parser it uses) loads on first use, not at start-up.
	const { createPreflightChecker } = await import("../../host/preflight/probe.ts");
	const services = {
		...(await panelServices(core, switches, feed, ctx)),
		externalEditor: createExternalEditor(
			() => openTui,
			core.env,
			() => ({
				projectDir: ctx.cwd,
				home: core.deps.home(),
			}),
		),
		// The preflight of this opening: a fresh probe, so a program installed or a chmod since shows now.
		preflight: {
			...createPreflightChecker(
				{ path: core.env.PATH, home: core.env.HOME ?? core.deps.home() },
				{ projectDir: ctx.cwd },
			),
			projectDir: ctx.cwd,
		},
	};
	// The panel (and fuse.js, the editor) load on first use, not at start-up.
	const { HooksPanel, PANEL_OVERLAY_OPTIONS } = await import("../../ui/panel/hooks-panel.ts");
	await ctx.ui.custom<undefined>(
		(tui: TUI, theme, keybindings: KeybindingsManager, done) => {
			openTui = tui;
			const host = {
				requestRender: () => tui.requestRender(),
				close: () => done(undefined),
				rows: () => tui.terminal.rows,
				schedule: (callback: () => void, ms: number) => void setTimeout(callback, ms).unref(),
			};
			onHost(host);
			const panel = new HooksPanel(fromPiTheme(theme), panelKeys(keybindings, switches.killKey), services, host);
			if (options?.tab === "log") panel.showTab("log");
			return panel;
		},
		{ overlay: true, overlayOptions: PANEL_OVERLAY_OPTIONS },
	);
	openTui = undefined;
	onHost(undefined);
};
