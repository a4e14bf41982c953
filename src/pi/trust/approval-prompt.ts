/**
 * Asking the user to approve new or changed project hooks before they run (change-aware trust). In the TUI a
 * scrolling dialog lists every field of every hook and refuses Yes until the whole list was on screen; in RPC
 * mode pi's confirm dialog carries the same list; without a UI they stay off and the user is told which and
 * how to approve, unless `PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS=1` approved this pi process.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { KeybindingsManager, TUI } from "@earendil-works/pi-tui";
import { matchesKey } from "@earendil-works/pi-tui";
import { redactSecrets } from "../../engine/text/redact.ts";
import type { HookConfig, HookEntry, ProjectSetting } from "../../engine/types.ts";
import { type Approvals, type PendingApproval, runningIds } from "../../host/trust/approvals.ts";
import { ApprovalDialog, type DialogKey } from "../../ui/approval-dialog.ts";
import { approvalIntro } from "../../ui/approval-intro.ts";
import { approvalListLines } from "../../ui/approval-list.ts";
import { settingListLines, settingsIntro } from "../../ui/approval-settings.ts";
import { fromPiTheme } from "../../ui/theme.ts";
import { showNotice } from "../io/notices.ts";
import { type TryMode, tryMode } from "../manager/settings-copy.ts";
import { APPROVE_ENV } from "./approve-opt-in.ts";
import { approveAsShown } from "./as-shown.ts";
import { optInCovers } from "./opt-in-cover.ts";

export { APPROVE_ENV } from "./approve-opt-in.ts";

/** Reads `store`'s configuration again, every file checked now: what a Yes is compared with (as-shown.ts). */
export const liveConfig = (store: { invalidate(): void; current(): HookConfig }) => (): HookConfig => {
	store.invalidate();
	return store.current();
};

/** The project hooks of `config`, configured or skipped. */
const projectEntries = (config: HookConfig): HookEntry[] =>
	[...config.entries, ...config.skipped.map((skipped) => skipped.entry)].filter((entry) => entry.source.project);

/** `2 new or changed project hook(s) and 1 project setting(s)`, leaving out a part that is 0. */
const whatWaits = (hooks: number, settings: number): string =>
	[
		...(hooks === 0 ? [] : [`${hooks} new or changed project hook(s)`]),
		...(settings === 0 ? [] : [`${settings} project setting(s) that switch off or change your hooks`]),
	].join(" and ");

const dialogKey =
	(keybindings: KeybindingsManager) =>
	(data: string): DialogKey | undefined => {
		if (keybindings.matches(data, "tui.select.up")) return "up";
		if (keybindings.matches(data, "tui.select.down")) return "down";
		if (keybindings.matches(data, "tui.select.pageUp")) return "pageUp";
		if (keybindings.matches(data, "tui.select.pageDown")) return "pageDown";
		if (matchesKey(data, "home")) return "home";
		if (matchesKey(data, "end")) return "end";
		if (data === "y" || data === "Y" || keybindings.matches(data, "tui.select.confirm")) return "yes";
		if (data === "n" || data === "N" || keybindings.matches(data, "tui.select.cancel")) return "no";
		return undefined;
	};

/**
 * Asks with the scrolling dialog in the TUI (also keep-or-undo.ts, whose yes keeps a change: `yesText`); resolves
 * undefined where pi has no custom components (RPC mode), so the caller falls back to pi's confirm dialog.
 */
export const askInTui = (
	ctx: ExtensionContext,
	title: string,
	intro: readonly string[],
	lines: readonly string[],
	yesText?: string,
): Promise<boolean | undefined> =>
	ctx.ui.custom<boolean>((tui: TUI, theme, keybindings, done) => {
		return new ApprovalDialog({
			title,
			intro,
			lines,
			...(yesText === undefined ? {} : { yesText }),
			theme: fromPiTheme(theme),
			rows: () => tui.terminal.rows,
			key: dialogKey(keybindings),
			done,
			requestRender: () => tui.requestRender(),
		});
	});

/**
 * How to approve project hooks when pi cannot ask (print, JSON mode). Under `npm run try` with a throw-away agent
 * dir an approval given in its TUI is lost at exit, so only the one-run variable works (or a kept dir); with a
 * kept dir, approving in try's TUI is remembered for the next run with that dir.
 */
export const howToApprove = (mode: TryMode): string =>
	mode === "throwaway"
		? `To approve them, set ${APPROVE_ENV}=1 for this run (npm run try forgets approvals at exit; ` +
			"started with --keep, it remembers those you accept in its TUI)."
		: mode === "kept"
			? `To approve them, start npm run try with the same --keep or --agent-dir in a terminal and accept, or ` +
				`set ${APPROVE_ENV}=1 for this run.`
			: `To approve them, start pi interactively in this project and accept, or set ${APPROVE_ENV}=1 for ` +
				"this run.";

/**
 * Asks about the project hooks in `config` that wait for approval and were not asked about yet this session
 * (`asked` holds their approval keys, so a hook whose script changed is asked about again). Approved hooks run from the
 * next event on; resolves with them. `optIn` is the one-process opt-in. Never throws.
 */
export const askForApprovals = async (
	ctx: ExtensionContext,
	config: HookConfig,
	approvals: Approvals,
	asked: Set<string>,
	optIn: boolean,
	live?: () => HookConfig | undefined,
): Promise<readonly HookEntry[]> => {
	// A fail-closed hook whose files changed stays configured (it blocks until approved): it waits all the same.
	const waiting = [
		...config.skipped.filter((skipped) => skipped.reason === "unapproved").map((skipped) => skipped.entry),
		...approvals.blockingWaiting(config.entries),
	].filter((entry) => !asked.has(approvals.keyOf(entry)));
	const settings = (config.pendingSettings ?? []).filter((setting) => !asked.has(setting.key));
	// The opt-in covers the project as this process first saw it: record every project hook at the first look.
	if (optIn) optInCovers(projectEntries(config), config.pendingSettings ?? [], approvals.keyOf);
	if (waiting.length === 0 && settings.length === 0) return [];
	for (const entry of waiting) asked.add(approvals.keyOf(entry));
	for (const setting of settings) asked.add(setting.key);
	return askAbout(ctx, waiting, approvals, optIn, runningIds(config), settings, live);
};

/**
 * Asks about `entries` (project hooks waiting for approval) with every field of each shown, and `settings` (project
 * settings that would switch hooks off or change plugin options) with what each would do, and approves them all
 * when the user says Yes (or `optIn` approves this process). `running`: the ids of the hooks configured now, so a
 * hook inserted before an approved one reads as new, not changed. `live` reads the configuration again (its files
 * checked now): a hook whose definition changed while the dialog was open is shown again as it is now instead of
 * approved. Resolves with the approved hooks. Never throws.
 */
export const askAbout = async (
	ctx: ExtensionContext,
	waiting: readonly HookEntry[],
	approvals: Approvals,
	optIn: boolean,
	running?: ReadonlySet<string>,
	settings: readonly ProjectSetting[] = [],
	live?: () => HookConfig | undefined,
): Promise<readonly HookEntry[]> => {
	if (waiting.length === 0 && settings.length === 0) return [];
	const all = approvals.pending(waiting, running);
	if (!optIn) return askPerson(ctx, all, settings, approvals, false, live);
	// An explicit opt-in for this pi process only (nothing is written to the approvals file), of the hooks and
	// settings as this process first saw them; what changed since waits for a person.
	const covers = optInCovers(
		all.map((item) => item.entry),
		settings,
		approvals.keyOf,
	);
	const pending = all.filter((item) => covers.entries.includes(item.entry));
	if (pending.length > 0 || covers.settings.length > 0) {
		approvals.approveForRun(covers.entries);
		approvals.approveSettings(covers.settings, true);
		const told = redactSecrets(listOf(pending, covers.settings));
		showNotice(ctx, {
			level: "info",
			text:
				covers.settings.length === 0
					? `${APPROVE_ENV}=1: running ${pending.length} unapproved project hook(s) for this run only:\n` +
						told
					: `${APPROVE_ENV}=1: ${whatWaits(pending.length, covers.settings.length)} approved for this run ` +
						`only:\n${told}`,
		});
	}
	const rest = all.filter((item) => !covers.entries.includes(item.entry));
	const restSettings = settings.filter((setting) => !covers.settings.includes(setting));
	if (rest.length === 0 && restSettings.length === 0) return covers.entries;
	return [...covers.entries, ...(await askPerson(ctx, rest, restSettings, approvals, true, live))];
};

/** The dialog's list: settings, then hooks, each line indented. */
const listOf = (pending: readonly PendingApproval[], settings: readonly ProjectSetting[]): string =>
	[...settingListLines(settings), ...approvalListLines(pending)].map((line) => `  ${line}`).join("\n");

/**
 * Asks a person about `pending` and `settings` (the dialog in the TUI, the confirm dialog over RPC); without a UI
 * they stay off and the notice says which, and how to approve. `changedInRun`: the opt-in is set, and these
 * changed since this process first saw them. Yes approves what was shown (as-shown.ts): when a hook changed while
 * the dialog was open, nothing is approved and the dialog shows the hooks again as they are now. Resolves with the
 * approved hooks.
 */
const askPerson = async (
	ctx: ExtensionContext,
	shown: readonly PendingApproval[],
	settings: readonly ProjectSetting[],
	approvals: Approvals,
	changedInRun: boolean,
	live?: () => HookConfig | undefined,
): Promise<readonly HookEntry[]> => {
	let pending = shown;
	for (;;) {
		const answer = ctx.hasUI ? await askOnce(ctx, pending, settings) : false;
		if (!answer) return declined(ctx, pending, settings, changedInRun);
		const entries = pending.map((item) => item.entry);
		const what = whatWaits(pending.length, settings.length);
		const check = entries.length === 0 ? ({ kind: "approved" } as const) : approveAsShown(approvals, pending, live);
		if (check.kind === "moved") {
			const config = live?.();
			pending = approvals.pending(check.again, config === undefined ? undefined : runningIds(config));
			showNotice(ctx, {
				level: "warning",
				text:
					`nothing approved: ${check.moved.length} project hook(s) changed while the dialog showed them ` +
					`(${check.moved.map((entry) => entry.event).join(", ")}); ` +
					(pending.length > 0 || settings.length > 0
						? "they are shown again as they are now"
						: "none is left"),
			});
			if (pending.length === 0 && settings.length === 0) return [];
			continue;
		}
		const problem = check.kind === "approved" ? check.problem : check.problem;
		if (check.kind === "failed") {
			showNotice(ctx, { level: "error", text: check.problem });
			return [];
		}
		const settingsProblem = approvals.approveSettings(settings, false);
		for (const text of [problem, settingsProblem])
			if (text !== undefined) showNotice(ctx, { level: "error", text });
		const text =
			settings.length === 0
				? `approved ${pending.length} project hook(s); they run from now on`
				: `approved ${what}; they apply from now on`;
		showNotice(ctx, { level: "info", text });
		return entries;
	}
};

/** One showing of the dialog (TUI) or the confirm dialog (RPC); true on Yes. Never throws (an error is No). */
const askOnce = async (
	ctx: ExtensionContext,
	pending: readonly PendingApproval[],
	settings: readonly ProjectSetting[],
): Promise<boolean> => {
	const lines = [...settingListLines(settings), ...approvalListLines(pending)];
	const list = lines.map((line) => `  ${line}`).join("\n");
	const entries = pending.map((item) => item.entry);
	const what = whatWaits(pending.length, settings.length);
	const title = settings.length === 0 ? `Run ${pending.length} new or changed project hook(s)?` : `Approve ${what}?`;
	try {
		const intro = [...settingsIntro(settings), ...(entries.length === 0 ? [] : approvalIntro(entries))];
		const answer = await askInTui(ctx, title, intro, lines);
		return (
			answer ??
			(await ctx.ui.confirm(
				title,
				`${intro.join("\n")}\n${list}\n\nApprove them to run them; they are asked about again ` +
					`whenever their definition or a file their approval covers changes.`,
			))
		);
	} catch {
		return false;
	}
};

/** Declined, or no UI: the notice says what waits and how to approve it. Resolves with nothing approved. */
const declined = (
	ctx: ExtensionContext,
	pending: readonly PendingApproval[],
	settings: readonly ProjectSetting[],
	changedInRun: boolean,
): readonly HookEntry[] => {
	// Notices are not where you approve, and print-mode stderr often ends up in a CI log: secrets masked there.
	const told = redactSecrets(listOf(pending, settings));
	const entries = pending.map((item) => item.entry);
	const what = whatWaits(pending.length, settings.length);
	const how = !ctx.hasUI
		? changedInRun
			? `${APPROVE_ENV}=1 approves project hooks as this pi first saw them; these changed during the run, so ` +
				'they do not run until a person approves them (a guard with onFailure "block" blocks what it guards).'
			: howToApprove(tryMode(process.env))
		: entries.length === 0
			? "You are asked about the settings again in your next session."
			: "Approve them in /hooks (Ctrl+T on a hook marked skip), or answer again in your next session.";
	showNotice(ctx, {
		level: "warning",
		text:
			settings.length === 0
				? `${pending.length} new or changed project hook(s) will not run until approved:\n${told}\n${how}`
				: `${what} wait for your approval: the hooks do not run and the settings do not apply (your own ` +
					`hooks keep running as you configured them):\n${told}\n${how}`,
	});
	return [];
};
