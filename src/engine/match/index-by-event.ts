/**
 * The engine's per-configuration indexes, so the per-event path does nothing but look up: the entries of each
 * event, whether an event has any hook at all (running or skipped), and which entries' matchers accept a given
 * set of match values. All are built once per configuration object (the store returns the same object while no
 * file changed) and dropped with it. Matchers are pure (exact names, or regexes without the `g` flag), so a
 * remembered answer is the answer.
 */
import type { HookConfig, HookEntry, HookEventName } from "../types.ts";

/** Distinct match-value lists remembered per configuration; past this the memo starts over (bounded memory). */
export const MATCH_MEMO_LIMIT = 512;

interface ConfigIndex {
	readonly byEvent: Map<HookEventName, HookEntry[]>;
	/** Events with at least one entry or skipped hook. */
	readonly configured: Set<HookEventName>;
	/**
	 * The entries whose matcher accepts one of the values, in configuration order, by event, then by the match
	 * values joined with `\u0001`, then by the pi match values joined the same way (a tool event's one name and its
	 * pi name are looked up as they are, without building a key).
	 */
	readonly matched: Map<HookEventName, Map<string, Map<string, readonly HookEntry[]>>>;
	/** How many answers `matched` holds (bounded by {@link MATCH_MEMO_LIMIT}). */
	remembered: number;
}

const indexes = new WeakMap<HookConfig, ConfigIndex>();

const indexOf = (config: HookConfig): ConfigIndex => {
	let index = indexes.get(config);
	if (index === undefined) {
		const byEvent = new Map<HookEventName, HookEntry[]>();
		const configured = new Set<HookEventName>();
		for (const entry of config.entries) {
			const list = byEvent.get(entry.event);
			if (list === undefined) byEvent.set(entry.event, [entry]);
			else list.push(entry);
			configured.add(entry.event);
		}
		for (const skipped of config.skipped) configured.add(skipped.entry.event);
		index = { byEvent, configured, matched: new Map(), remembered: 0 };
		indexes.set(config, index);
	}
	return index;
};

const NONE: readonly HookEntry[] = [];
const NO_VALUES: readonly string[] = [];

/** The configured entries of one event, in configuration order. */
export const entriesFor = (config: HookConfig, event: HookEventName): readonly HookEntry[] =>
	indexOf(config).byEvent.get(event) ?? NONE;

/** True when the event has any configured hook, one that may run or one that is skipped. */
export const hasConfiguredHooks = (config: HookConfig, event: HookEventName): boolean =>
	indexOf(config).configured.has(event);

/** True for pi's own settings files (`~/.pi/agent/settings.json`, `.pi/settings.json`): matchers accept pi's names. */
export const isPiSettingsFile = (scope: HookEntry["source"]["scope"]): boolean =>
	scope === "pi-global" || scope === "pi-project";

/**
 * The entries of `event` whose matcher accepts one of `matchValues` (Claude Code's names), or, for entries of pi's
 * own settings files, one of `piMatchValues` too; in configuration order, remembered per configuration. An entry
 * with no value to test matches.
 */
export const matchingEntries = (
	config: HookConfig,
	event: HookEventName,
	matchValues: readonly string[],
	piMatchValues: readonly string[] = NO_VALUES,
): readonly HookEntry[] => {
	const index = indexOf(config);
	const entries = index.byEvent.get(event) ?? NONE;
	if ((matchValues.length === 0 && piMatchValues.length === 0) || entries.length === 0) return entries;
	const key = matchValues.length === 1 ? (matchValues[0] as string) : matchValues.join("\u0001");
	const piKey = piMatchValues.length === 1 ? (piMatchValues[0] as string) : piMatchValues.join("\u0001");
	let byValue = index.matched.get(event);
	let byPiValue = byValue?.get(key);
	let matched = byPiValue?.get(piKey);
	if (matched === undefined) {
		const both = [...matchValues, ...piMatchValues];
		matched = entries.filter((entry) => {
			const values = piMatchValues.length > 0 && isPiSettingsFile(entry.source.scope) ? both : matchValues;
			return values.length === 0 || values.some((value) => entry.matcher.test(value));
		});
		if (index.remembered >= MATCH_MEMO_LIMIT) {
			index.matched.clear();
			index.remembered = 0;
			byValue = undefined;
			byPiValue = undefined;
		}
		if (byValue === undefined) {
			byValue = new Map();
			index.matched.set(event, byValue);
		}
		if (byPiValue === undefined) {
			byPiValue = new Map();
			byValue.set(key, byPiValue);
		}
		byPiValue.set(piKey, matched);
		index.remembered++;
	}
	return matched;
};
