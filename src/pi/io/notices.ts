/**
 * Telling the user things from inside pi: `ctx.ui.notify` when there is a UI, stderr in print and JSON mode
 * (stdout belongs to pi there). What to tell about the configuration is planned in the engine
 * (engine/plan/config-notices.ts); each distinct notice is told once per session.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { UserNotice } from "../../engine/decide/tool.ts";
import { terminalSafe } from "../../engine/text/terminal-safe.ts";

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
