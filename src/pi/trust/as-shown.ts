/**
 * What Yes approves is what the dialog showed (issue #40): a project hook's definition and the content of each file
 * its approval covers, as read when the list was drawn. A file or definition that changed while the dialog was open
 * is not approved by that Yes: the hooks are shown again as they are now, with the new diff. The file check is the
 * approvals store's ({@link Approvals.approveShown}: the keys shown against the keys now); the definition check is
 * here, against the configuration read again.
 */
import type { HookConfig, HookEntry } from "../../engine/types.ts";
import type { Approvals, PendingApproval } from "../../host/trust/approvals.ts";

/**
 * What a Yes did: `approved` (all as shown; `problem` when saving the file failed), `moved`: nothing approved, as
 * `moved` (the shown hooks whose definition or covered files changed) are not what was shown; `again` is each
 * shown hook as it is now, to show again (a removed or meanwhile approved one left out); `failed`: nothing
 * approved, the files could not be read.
 */
export type ShownCheck =
	| { readonly kind: "approved"; readonly problem?: string }
	| { readonly kind: "moved"; readonly moved: readonly HookEntry[]; readonly again: readonly HookEntry[] }
	| { readonly kind: "failed"; readonly problem: string };

/** The hooks of `config`, configured or skipped. */
const allOf = (config: HookConfig): HookEntry[] => [
	...config.entries,
	...config.skipped.map((skipped) => skipped.entry),
];

/**
 * Approves `shown` if each hook's definition is still in the configuration `live` reads now (when given) and each
 * covered file is as shown; otherwise approves nothing and says which moved and what to show again (a hook whose
 * definition changed: the hook now at its place in its file, if one is). Never throws.
 */
export const approveAsShown = (
	approvals: Approvals,
	shown: readonly PendingApproval[],
	live?: () => HookConfig | undefined,
): ShownCheck => {
	let config: HookConfig | undefined;
	try {
		config = live?.();
	} catch {
		config = undefined;
	}
	const now = config === undefined ? undefined : allOf(config);
	const atPlace = (entry: HookEntry): HookEntry | undefined =>
		now?.find(
			(other) =>
				other.source.file === entry.source.file &&
				other.jsonPath === entry.jsonPath &&
				other.event === entry.event,
		);
	const gone = now === undefined ? [] : shown.filter((item) => !now.some((other) => other.id === item.entry.id));
	const againOf = (moved: readonly HookEntry[]): HookEntry[] =>
		shown.flatMap((item) => {
			if (!moved.includes(item.entry)) return [item.entry];
			const current =
				now?.some((other) => other.id === item.entry.id) === false ? atPlace(item.entry) : item.entry;
			return current === undefined || approvals.isApproved(current) ? [] : [current];
		});
	if (gone.length > 0) {
		const moved = gone.map((item) => item.entry);
		return { kind: "moved", moved, again: againOf(moved) };
	}
	const outcome = approvals.approveShown(shown.map((item) => ({ entry: item.entry, key: item.key })));
	if (outcome.kind === "changed") return { kind: "moved", moved: outcome.entries, again: againOf(outcome.entries) };
	return outcome;
};
