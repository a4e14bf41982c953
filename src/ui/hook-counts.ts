/**
 * The words for how many hooks are in each state (`countHooks`), the same in `/hooks status`, the /hooks
 * panel's header and the footer: `5 hooks: 2 on, 1 switched off, 1 waiting for approval, 1 skipped`. Pure.
 */
import type { HookCounts } from "../engine/dispatch/run-state.ts";

/** A count other than the total. */
export type CountKey = Exclude<keyof HookCounts, "total">;

/** The order and words of the counts. */
const WORDS: readonly { readonly key: CountKey; readonly word: (n: number) => string }[] = [
	{ key: "on", word: () => "on" },
	{ key: "off", word: () => "switched off" },
	{ key: "allOff", word: () => "off (all)" },
	{ key: "waiting", word: () => "waiting for approval" },
	{ key: "skipped", word: () => "skipped" },
	{ key: "invalid", word: (n) => (n === 1 ? "invalid entry" : "invalid entries") },
];

/** The counts of `keys` (all when omitted) that are not zero, in a fixed order: `["1 switched off", ...]`. */
export const countParts = (counts: HookCounts, keys?: readonly CountKey[]): string[] =>
	WORDS.filter(({ key }) => counts[key] > 0 && (keys === undefined || keys.includes(key))).map(
		({ key, word }) => `${counts[key]} ${word(counts[key])}`,
	);

/** The whole summary: `5 hooks: 2 on, 1 switched off, ...`; `no hooks` (with any invalid entries) for none. */
export const countsText = (counts: HookCounts): string => {
	const hooks = counts.total === 0 ? "no hooks" : `${counts.total} ${counts.total === 1 ? "hook" : "hooks"}`;
	const parts = countParts(counts);
	return parts.length === 0 ? hooks : `${hooks}: ${parts.join(", ")}`;
};
