/**
 * Asking the user to approve new or changed project hooks before they run (change-aware trust). With a UI
 * pi's confirm dialog lists them; without one they stay off and the user is told which and how to approve,
 * unless `PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS=1` approves them explicitly.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { UNAPPROVED_MESSAGE } from "../engine/config/merge.ts";
import { sourceLabel } from "../engine/config/sources.ts";
import { commandText, visibleText } from "../engine/messages.ts";
import type { HookConfig, HookEntry } from "../engine/types.ts";
import type { Approvals, PendingApproval } from "./approvals.ts";
import { showNotice } from "./notices.ts";

/** The environment variable that approves every new or changed project hook without asking. */
export const APPROVE_ENV = "PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS";

const describe = (pending: PendingApproval): string => {
	const { entry } = pending;
	const matcher = entry.matcher.source ? ` [${entry.matcher.source}]` : "";
	// The whole command, escaped: the user approves exactly what will run, with nothing cut or hidden.
	return `${pending.change} ${entry.event}${visibleText(matcher)}: ${visibleText(commandText(entry))} (${sourceLabel(entry.source.scope)})`;
};

/**
 * Asks about the project hooks in `config` that wait for approval and were not asked about yet this session
 * (`asked` holds their ids). Approved hooks run from the next event on; resolves with them. Never throws.
 */
export const askForApprovals = async (
	ctx: ExtensionContext,
	config: HookConfig,
	approvals: Approvals,
	asked: Set<string>,
	env: Readonly<Record<string, string | undefined>>,
): Promise<readonly HookEntry[]> => {
	const waiting = config.skipped.filter(
		(skipped) => skipped.message === UNAPPROVED_MESSAGE && !asked.has(skipped.entry.id),
	);
	if (waiting.length === 0) return [];
	for (const skipped of waiting) asked.add(skipped.entry.id);
	const pending = approvals.pending(waiting.map((skipped) => skipped.entry));
	const list = pending.map((item) => `  ${describe(item)}`).join("\n");
	const entries = pending.map((item) => item.entry);
	if (env[APPROVE_ENV] === "1") {
		// An explicit opt-in for this pi process only: nothing is written to the approvals file.
		approvals.approveForRun(entries);
		showNotice(ctx, {
			level: "info",
			text: `${APPROVE_ENV}=1: running ${pending.length} unapproved project hook(s) for this run only:\n${list}`,
		});
		return entries;
	}
	let approved = false;
	if (ctx.hasUI) {
		try {
			approved = await ctx.ui.confirm(
				`Run ${pending.length} new or changed project hook(s)?`,
				`These hooks come from this project's settings and run commands on your machine:\n${list}\n\nApprove them to run them; they are asked about again whenever their definition changes.`,
			);
		} catch {
			approved = false;
		}
	}
	if (approved) {
		const problem = approvals.approve(entries);
		if (problem !== undefined) showNotice(ctx, { level: "error", text: problem });
		showNotice(ctx, { level: "info", text: `approved ${pending.length} project hook(s); they run from now on` });
		return entries;
	}
	const how = ctx.hasUI
		? "Approve them in /hooks (Ctrl+T on a hook marked skip), or answer again in your next session."
		: `To approve them, start pi interactively in this project and accept, or set ${APPROVE_ENV}=1 for this run.`;
	showNotice(ctx, {
		level: "warning",
		text: `${pending.length} new or changed project hook(s) will not run until approved:\n${list}\n${how}`,
	});
	return [];
};
