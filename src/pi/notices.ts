/**
 * Telling the user things from inside pi: `ctx.ui.notify` when there is a UI, stderr in print and JSON mode
 * (stdout belongs to pi there). Each distinct configuration problem is told once per session.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { UNAPPROVED_MESSAGE } from "../engine/config/merge.ts";
import { isPolicySource, sourceLabel } from "../engine/config/sources.ts";
import type { UserNotice } from "../engine/decide-tool.ts";
import { commandText } from "../engine/messages.ts";
import { terminalSafe } from "../engine/terminal-safe.ts";
import type { HookConfig } from "../engine/types.ts";

/** Prefix of every line pi-hook-manager prints on stderr. */
export const STDERR_PREFIX = "[pi-hook-manager]";

/**
 * Shows one notice to the user; never throws. The text is made terminal-safe here (line breaks kept), in the
 * TUI and on stderr alike: notices carry text from settings files, hook output and tool input.
 */
export const showNotice = (ctx: ExtensionContext, notice: UserNotice): void => {
	try {
		const text = terminalSafe(notice.text, { keepNewlines: true });
		if (ctx.hasUI) ctx.ui.notify(`hooks: ${text}`, notice.level);
		else process.stderr.write(`${STDERR_PREFIX} ${notice.level}: ${text}\n`);
	} catch {
		// A UI that went away must not break the event that wanted to tell something.
	}
};

/** Lines about the configuration a user must hear about: problems, untrusted and unsupported hooks. */
export const configNotices = (config: HookConfig): { key: string; notice: UserNotice }[] => {
	const notices: { key: string; notice: UserNotice }[] = [];
	for (const issue of config.issues) {
		const where = issue.path === "" ? issue.file : `${issue.file} at ${issue.path}`;
		// A whole-file problem either skips the file or (mid-session) keeps its last good hooks, as the message says.
		const outcome =
			issue.path !== ""
				? "; that entry is skipped"
				: issue.message.includes("keeping the") || issue.message.includes("no longer run")
					? ""
					: "; the file is skipped";
		notices.push({
			key: `issue:${issue.file}:${issue.path}:${issue.message}`,
			notice: { level: "error", text: `settings problem in ${where}: ${issue.message}${outcome}` },
		});
	}
	// Unapproved project hooks (change-aware trust) are asked about by the runtime, not listed here.
	const untrusted = config.skipped.filter(
		(skipped) => skipped.reason === "untrusted" && skipped.message !== UNAPPROVED_MESSAGE,
	);
	if (untrusted.length > 0) {
		const list = untrusted
			.slice(0, 5)
			.map((s) => `${s.entry.event} "${commandText(s.entry)}" (${sourceLabel(s.entry.source)})`)
			.join("; ");
		const more = untrusted.length > 5 ? `; and ${untrusted.length - 5} more` : "";
		notices.push({
			key: `untrusted:${untrusted.map((s) => s.entry.id).join(",")}`,
			notice: {
				level: "warning",
				text: `project is not trusted, so ${untrusted.length} project hook(s) will not run: ${list}${more}. Trust the folder in pi (or start pi with --approve) to run them.`,
			},
		});
	}
	for (const skipped of config.skipped.filter((s) => s.reason === "unsupported_type")) {
		notices.push({
			key: `unsupported:${skipped.entry.id}`,
			notice: {
				level: "warning",
				text: `${skipped.entry.event} hook in ${skipped.entry.source.file} (${skipped.entry.jsonPath}) is skipped: ${skipped.message}`,
			},
		});
	}
	for (const reason of ["managed_only", "plugin_only"] as const) {
		const held = config.skipped.filter((s) => s.reason === reason);
		const first = held[0];
		if (first === undefined) continue;
		notices.push({
			key: `${reason}:${held.length}`,
			notice: { level: "warning", text: `${held.length} hook(s) do not run: ${first.message}` },
		});
	}
	if (config.disableAllHooks) {
		const where = config.disableAllHooksSource === undefined ? "settings" : config.disableAllHooksSource;
		const spared = config.disableAllHooksManaged
			? 0
			: config.entries.filter((entry) => isPolicySource(entry.source)).length;
		const rest = spared > 0 ? ` except ${spared} managed hook(s) (only managed policy can switch them off)` : "";
		notices.push({
			key: "disableAllHooks",
			notice: { level: "warning", text: `disableAllHooks is set in ${where}: no hook runs${rest}` },
		});
	}
	return notices;
};
