/**
 * Cards as pi session entries: one custom entry type (never sent to the model), reading the
 * records back from a branch, and drawing an entry as a card.
 */
import type { CustomEntry, EntryRenderOptions, SessionEntry, Theme } from "@earendil-works/pi-coding-agent";
import { type Component, truncateToWidth } from "@earendil-works/pi-tui";
import { isObject } from "../../engine/is-object.ts";
import { CARD_KINDS, CARD_VERSION, type Card, type CardKind } from "../../engine/plan/card.ts";
import { CardView } from "../../ui/card-view.ts";
import { fromPiTheme } from "../../ui/theme.ts";

/** The `customType` of every card entry pi-hook-manager appends. */
export const CARD_ENTRY_TYPE = "pi-hook-manager/decision";

const KINDS: ReadonlySet<CardKind> = new Set<CardKind>(CARD_KINDS);

const isString = (value: unknown): value is string => typeof value === "string";
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

const isHook = (value: unknown): boolean =>
	isObject(value) &&
	isString(value.command) &&
	(value.matcher === undefined || isString(value.matcher)) &&
	isString(value.source) &&
	isString(value.file) &&
	(value.exitCode === undefined || isNumber(value.exitCode)) &&
	isNumber(value.durationMs) &&
	isString(value.status) &&
	isString(value.stdout) &&
	isString(value.stderr);

/**
 * The record in an entry's data, or undefined when it is not a card this version can read
 * (another schema version, or a damaged session file).
 */
export const parseCard = (data: unknown): Card | undefined => {
	if (!isObject(data) || data.version !== CARD_VERSION) return undefined;
	if (!isString(data.kind) || !KINDS.has(data.kind as CardKind)) return undefined;
	if (!isString(data.event) || !isString(data.input) || !isString(data.reason) || !isNumber(data.time))
		return undefined;
	if (data.tool !== undefined && !isString(data.tool)) return undefined;
	if (data.answer !== undefined && data.answer !== "allowed" && data.answer !== "denied" && data.answer !== "no_ui")
		return undefined;
	if (!Array.isArray(data.hooks) || !data.hooks.every(isHook)) return undefined;
	if (data.said !== undefined && !(Array.isArray(data.said) && data.said.every(isString))) return undefined;
	// Checked field by field above; the JSON round trip drops nothing else the card reads.
	return data as unknown as Card;
};

/** True for an entry pi-hook-manager appended for a decision. */
export const isCardEntry = (entry: SessionEntry): entry is CustomEntry =>
	entry.type === "custom" && entry.customType === CARD_ENTRY_TYPE;

/** The readable cards among `entries` (e.g. `sessionManager.getBranch()`), in order. */
export const cardsIn = (entries: readonly SessionEntry[]): Card[] =>
	entries.flatMap((entry) => {
		if (!isCardEntry(entry)) return [];
		const record = parseCard(entry.data);
		return record === undefined ? [] : [record];
	});

/** A one-line stand-in for an entry this version cannot read, so nothing disappears silently. */
class UnreadableEntry implements Component {
	private readonly theme: Theme;

	constructor(theme: Theme) {
		this.theme = theme;
	}

	render(width: number): string[] {
		return [
			this.theme.fg(
				"muted",
				truncateToWidth(" ? hook decision from another pi-hook-manager version (not shown)", width, "..."),
			),
		];
	}

	invalidate(): void {}
}

/** A card that draws nothing (quiet routine context). */
const QUIET: Component = { render: () => [], invalidate: () => {} };

/** pi's entry renderer for {@link CARD_ENTRY_TYPE}: a compact card, the full record when expanded. */
export const renderCardEntry = (
	entry: CustomEntry<unknown>,
	options: EntryRenderOptions,
	theme: Theme,
	quiet: () => boolean = () => false,
): Component => {
	const record = parseCard(entry.data);
	if (record === undefined) return new UnreadableEntry(theme);
	// Routine context is quiet by default: the entry stays in the session, its card draws nothing.
	if (record.kind === "context" && quiet()) return QUIET;
	return new CardView(record, {
		expanded: options.expanded,
		theme: fromPiTheme(theme),
		collapseHint: options.keyHint("app.tools.expand", "to collapse"),
	});
};
