/**
 * The /hooks panel and the kill switch wired to pi: the firing log fed by the engine (record-feed.ts), the
 * persisted per-hook switches and the in-memory kill switch the engine asks (switches.ts), the footer kept in
 * step, and the overlay opened with `ctx.ui.custom` (open-panel.ts). index.ts only registers what this returns.
 */
import { countsText } from "../../ui/hook-counts.ts";
import { KILL_SWITCH_KEY } from "../../ui/panel/keys.ts";
import { afterEvent } from "../io/after-event.ts";
import { showNotice } from "../io/notices.ts";
import { createManagerCore } from "./manager-core.ts";
import type { HookManager, HookManagerDeps } from "./manager-types.ts";
import { openPanel, type PanelHost } from "./open-panel.ts";
import { createRecordFeed } from "./record-feed.ts";
import { createSwitches } from "./switches.ts";

export type { FooterControls, HookManager, HookManagerDeps, LiveSession } from "./manager-types.ts";
export { RAW_INPUT_CHARS } from "./record-feed.ts";

/** The kill switch key, for `pi.registerShortcut`. */
export { KILL_SWITCH_KEY };

/** Creates the manager; the state file is read on first use. */
export const createHookManager = (deps: HookManagerDeps): HookManager => {
	// The core counts hooks under the kill switch, which the switches (made from the core) own.
	let killSwitchOff = (): boolean => false;
	const core = createManagerCore(deps, () => killSwitchOff());
	let openHost: PanelHost | undefined;
	const switches = createSwitches(core, () => openHost?.requestRender());
	killSwitchOff = () => switches.killSwitch.isOff();
	const feed = createRecordFeed(core);
	const { killSwitch, setAllOff } = switches;
	let runStart: number | undefined;
	return {
		log: core.log,
		isEnabled: (entry) => core.hookState().isEnabled(entry),
		allOff: () => killSwitch.isOff(),
		onRecord: feed.onRecord,
		sessionStart(ctx) {
			core.readSources(ctx);
			core.reconcile();
			deps.footer.setKillSwitch(killSwitch.isOff(), ctx);
			core.updateFooter(ctx);
		},
		configChanged: (config) => core.updateFooter(undefined, config),
		runStarted() {
			runStart ??= core.clock();
		},
		runSettled(ctx) {
			const start = runStart;
			runStart = undefined;
			if (start === undefined || core.hookCounts().total === 0) return;
			const end = core.clock();
			const journal = core.openJournal(ctx);
			const session = core.sessionOf(ctx);
			afterEvent(() => journal.appendTurn(session, start, end));
		},
		openPanel: (ctx, options) =>
			openPanel({ core, switches, feed }, ctx, options, (host) => {
				openHost = host;
			}),
		toggleKillSwitch(ctx) {
			setAllOff(ctx, !killSwitch.isOff());
		},
		setAllOff,
		switchSignal: switches.switchSignal,
		killSwitchKey: () => switches.killKey,
		async approveWaiting(ctx) {
			const config = deps.live.config();
			const waiting = config?.skipped.filter((skipped) => skipped.reason === "unapproved") ?? [];
			const settings = [
				...(config?.pendingSettings ?? []),
				...(config === undefined ? [] : (deps.live.serverSettings?.(config) ?? [])),
			];
			// Strict mode's held hooks of any source (skip code `unseen`, or a held fail-closed guard) first.
			const unseen =
				(config?.skipped.some((skipped) => skipped.reason === "unseen") ?? false) ||
				config?.heldUnseen !== undefined;
			if (unseen) await deps.live.approveUnseen(ctx);
			if (waiting.length === 0 && settings.length === 0) {
				if (unseen) {
					core.updateFooter(ctx);
					return;
				}
				showNotice(ctx, { level: "info", text: "no project hook or setting waits for approval" });
				return;
			}
			// Never blind: the dialog lists every field of every hook, and says what it approved or why not.
			await deps.live.askApproval(
				waiting.map((skipped) => skipped.entry),
				ctx,
				settings,
			);
			core.updateFooter(ctx);
		},
		status(ctx) {
			// The counts and their words are the panel's header and the footer's (countHooks, countsText).
			const counts = core.hookCounts();
			const settings = deps.live.config()?.pendingSettings?.length ?? 0;
			const parts = [
				countsText(counts),
				...(settings > 0 ? [`${settings} project setting(s) waiting for approval`] : []),
				...(counts.waiting > 0 || settings > 0 ? ["/hooks approve reviews what waits"] : []),
				killSwitch.isOff() ? "ALL OFF (kill switch; /hooks on)" : "kill switch not set",
				`${core.log.added()} event(s) logged this session`,
				...(deps.telemetryStatus === undefined ? [] : [deps.telemetryStatus()]),
			];
			showNotice(ctx, { level: "info", text: parts.join("; ") });
		},
	};
};
