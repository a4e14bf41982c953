/**
 * `/hooks` and its subcommands, for the common actions without the panel (and on terminals that cannot send
 * the kill switch key): `/hooks` opens the panel, `/hooks log` opens it on the firing log, `/hooks off` and
 * `/hooks on` set the kill switch, `/hooks approve` asks about every new or changed project hook in the approval
 * dialog, `/hooks status` says in one line what is configured and what is off.
 */

import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { AutocompleteItem } from "@earendil-works/pi-tui";
import { showNotice } from "../io/notices.ts";
import type { HookManager } from "./hook-manager.ts";

/** The subcommands, with what each does (the completion list and the help line). */
export const HOOKS_SUBCOMMANDS: readonly { readonly name: string; readonly description: string }[] = [
	{ name: "log", description: "open the panel on the firing log" },
	{ name: "off", description: "kill switch: every hook off for this pi session" },
	{ name: "on", description: "every hook on again" },
	{ name: "approve", description: "review and approve every new or changed project hook" },
	{ name: "status", description: "what is configured, switched off and waiting for approval" },
];

/**
 * Completions for `/hooks <prefix>`; null for none, and for a subcommand typed in full: pi's editor takes Enter
 * in an open argument menu to apply the completion instead of running the command, so `/hooks log` offers no
 * menu and one Enter runs it.
 */
export const hooksCompletions = (prefix: string): AutocompleteItem[] | null => {
	if (HOOKS_SUBCOMMANDS.some((sub) => sub.name === prefix.trim())) return null;
	const items = HOOKS_SUBCOMMANDS.filter((sub) => sub.name.startsWith(prefix.trim())).map((sub) => ({
		value: sub.name,
		label: sub.name,
		description: sub.description,
	}));
	return items.length === 0 ? null : items;
};

/** Runs `/hooks <args>`; `openPanel` opens the panel (through the session, which keeps the context). */
export const runHooksCommand = async (
	args: string,
	ctx: ExtensionContext,
	manager: Pick<HookManager, "setAllOff" | "approveWaiting" | "status">,
	openPanel: (ctx: ExtensionContext, options?: { readonly tab?: "hooks" | "log" }) => Promise<void>,
): Promise<void> => {
	const sub = args.trim().toLowerCase();
	switch (sub) {
		case "":
			return openPanel(ctx);
		case "log":
			return openPanel(ctx, { tab: "log" });
		case "off":
			return manager.setAllOff(ctx, true);
		case "on":
			return manager.setAllOff(ctx, false);
		case "approve":
			return manager.approveWaiting(ctx);
		case "status":
			return manager.status(ctx);
		default: {
			const known = HOOKS_SUBCOMMANDS.map((item) => `/hooks ${item.name} (${item.description})`).join(", ");
			showNotice(ctx, {
				level: "warning",
				text: `/hooks ${sub}: unknown. Try ${known}, or /hooks for the panel.`,
			});
		}
	}
};
