/**
 * The events other pi extensions fire (PermissionRequest and PermissionDenied through the permission channel,
 * SubagentStart and SubagentStop from the subagent extensions), and what `/hooks` and `pi-hook-manager list` say about
 * their hooks: live and who fires them, or why they never fire. Pure.
 */
import type { HookEventName } from "../types.ts";

/** Who fires the extension events in this pi session, as pi saw it. */
export interface ExtensionFirers {
	/** Each `from` that asked through a permission channel this session (`cc-hooks:invoke` for cc-thingz's shape). */
	readonly askers: readonly string[];
	/** The subagent extensions loaded (by the tools they registered). */
	readonly subagents: readonly string[];
}

const PERMISSION: ReadonlySet<HookEventName> = new Set(["PermissionRequest", "PermissionDenied"]);
const SUBAGENT: ReadonlySet<HookEventName> = new Set(["SubagentStart", "SubagentStop"]);

/** True for the events only another extension fires. */
export const isExtensionEvent = (event: HookEventName): boolean => PERMISSION.has(event) || SUBAGENT.has(event);

/**
 * What is said about a hook of an extension event: `live` true when an extension fires it in this session (and
 * `text` names it), false when it never fires (and why), undefined from the command line, which cannot see pi's
 * extensions (`text` says on what it depends).
 */
export interface ExtensionEventNote {
	readonly live: boolean | undefined;
	readonly text: string;
}

/**
 * The note of a hook of an extension event: in pi (`firers` given) who fires it, or that it never fires because no
 * extension asked or no subagent extension is loaded; from the command line (no `firers`), on what it depends.
 * Undefined for every other event.
 */
export const extensionEventNote = (event: HookEventName, firers?: ExtensionFirers): ExtensionEventNote | undefined => {
	if (PERMISSION.has(event)) {
		if (firers === undefined)
			return {
				live: undefined,
				text: "fires only when another pi extension asks through the permission channel (docs/channel.md)",
			};
		return firers.askers.length > 0
			? { live: true, text: `live: asked by ${firers.askers.join(", ")} this session` }
			: { live: false, text: "never fired yet: no extension has asked through the permission channel" };
	}
	if (!SUBAGENT.has(event)) return undefined;
	if (firers === undefined)
		return { live: undefined, text: "fires only while pi-subagents or @tintinweb/pi-subagents is loaded in pi" };
	return firers.subagents.length > 0
		? { live: true, text: `live: fired by ${firers.subagents.join(", ")}` }
		: { live: false, text: "never fires: no subagent extension is loaded (pi-subagents, @tintinweb/pi-subagents)" };
};
