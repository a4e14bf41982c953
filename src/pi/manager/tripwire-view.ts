/**
 * The tripwire's items (host/trust/tripwire.ts) as the /hooks panel's "new or changed" view shows them: the new
 * and changed hooks only (seen and exempt ones are left out), each with its command as last seen, the lines of its
 * definition that differ and the covered files that changed.
 */
import { definitionDiff, fileChanges, type TripItem } from "../../host/trust/tripwire.ts";
import type { ChangedHook } from "../../ui/panel/services.ts";

/** The new and changed hooks of `items`, in their order, for the panel's tripwire port. */
export const changedHooksOf = (items: readonly TripItem[]): ChangedHook[] =>
	items.flatMap((item): ChangedHook[] => {
		if (item.state !== "new" && item.state !== "changed") return [];
		return [
			{
				entry: item.entry,
				change: item.state,
				...(item.before === undefined ? {} : { before: item.before.command }),
				diff: definitionDiff(item),
				files: fileChanges(item),
			},
		];
	});
