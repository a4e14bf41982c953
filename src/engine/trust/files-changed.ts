/**
 * A project hook stopped before its run because a file its approval covers changed since the user approved it
 * (the per-run check, `EngineDeps.stillApproved`). It does not run; the event it guards goes the way its
 * `onFailure` says, as for any hook that cannot run (Claude Code 2.1.295): `"block"` blocks the event with this
 * reason, anything else skips the hook (not-run reason `files_changed`, shown in /hooks and the log).
 */
import { type HookVerdict, interpretOutcome, onFailureApplies } from "../decide/interpret.ts";
import type { HookEntry, HookEventName } from "../types.ts";

/** The failure a stopped `onFailure: "block"` hook reports (read after Claude Code's words for a failing hook). */
export const FILES_CHANGED_MESSAGE =
	"not run: a file its approval covers changed since you approved it; approve it again (/hooks approve) to run it";

/** The failure a fail-closed hook held by strict mode (`strictHooks`) reports: nobody has seen it as it is now. */
export const UNSEEN_BLOCK_MESSAGE =
	"not run: new or changed since you last looked, and strictHooks is on; approve it (/hooks approve) to run it";

/**
 * The verdicts of the stopped hooks that block the event: those with `onFailure: "block"` where it applies, with
 * `message` as their failure (a changed file by default).
 */
export const filesChangedVerdicts = (
	stopped: readonly HookEntry[],
	event: HookEventName,
	message: string = FILES_CHANGED_MESSAGE,
): HookVerdict[] => {
	if (!onFailureApplies(event)) return [];
	return stopped
		.filter((entry) => (entry.handler as { readonly onFailure?: string }).onFailure === "block")
		.map((entry) => interpretOutcome(entry, event, { kind: "spawn_failed", message, durationMs: 0 }));
};
