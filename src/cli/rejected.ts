/**
 * What lint rejects where a hook would have been, for `test`, `why` and `list` (as the /hooks panel shows a
 * `bad` row): a settings file that cannot be read or does not parse (`unparsable`, with the parser's
 * `file:line:column`), and an entry of an event skipped for a problem (`rejected`: a misspelt event such as
 * `PostToolUSe`, a matcher that is not a regular expression such as `Bash(`, a handler without a command).
 */
import { isHookEventName, nearestEventName } from "../engine/events/facts.ts";
import { issueFindings } from "../engine/plan/config-lint.ts";
import type { HookEventName } from "../engine/types.ts";
import type { CliContext } from "./context.ts";
import { safe, shownPath } from "./format.ts";
import { createLocator } from "./locate.ts";

/** One rejected place: a file that does not parse, or an entry lint rejects. */
export interface RejectedPlace {
	/** `unparsable`: the whole file is skipped; `rejected`: one entry of it is. */
	readonly kind: "unparsable" | "rejected";
	/** Absolute path of the file. */
	readonly file: string;
	readonly line: number;
	readonly column: number;
	/** The entry's JSON path (`hooks.PreToolUse[0].matcher`); `""` for the whole file. */
	readonly jsonPath: string;
	/** The event key the entry is under as written (`PostToolUSe`); undefined for a whole file. */
	readonly eventKey: string | undefined;
	/** Lint's sentence, with what it skips. */
	readonly message: string;
}

/** The event key of a JSON path (`hooks.PostToolUSe[0]` → `PostToolUSe`), undefined when it names none. */
const eventKeyOf = (jsonPath: string): string | undefined => /(?:^|\.)hooks\.([A-Za-z_]\w*)/.exec(jsonPath)?.[1];

/** True when an entry under `key` is about `event`: the same name, or a misspelling of it. */
const isAbout = (key: string, event: HookEventName): boolean =>
	key === event || (!isHookEventName(key) && nearestEventName(key) === event);

/**
 * The rejected places of the context's configuration, located; with `event`, only those where a hook of that
 * event could have been (every file that does not parse, the entries under that event or a misspelling of it,
 * and a `hooks` field that is not an object).
 */
export const rejectedPlaces = (ctx: CliContext, event?: HookEventName): RejectedPlace[] => {
	const locator = createLocator();
	return issueFindings(ctx.config.issues).flatMap((finding): RejectedPlace[] => {
		const jsonPath = finding.jsonPath;
		const unparsable = jsonPath === "";
		const eventKey = eventKeyOf(jsonPath);
		const inHooks = unparsable || eventKey !== undefined || /(?:^|\.)hooks$/.test(jsonPath);
		if (!inHooks) return [];
		if (event !== undefined && eventKey !== undefined && !isAbout(eventKey, event)) return [];
		const position = finding.position ?? locator.position(finding.file, jsonPath);
		return [
			{
				kind: unparsable ? "unparsable" : "rejected",
				file: finding.file,
				line: position.line,
				column: position.column,
				jsonPath,
				eventKey,
				message: finding.message,
			},
		];
	});
};

/** True when a settings file of the configuration cannot be read or does not parse (`list` and `why` exit 1). */
export const hasUnparsable = (ctx: CliContext): boolean => ctx.config.issues.some((issue) => issue.path === "");

/** A place as one line: `.claude/settings.json:3:19: matcher "Bash(" is not ...; that entry is skipped`. */
export const placeText = (ctx: CliContext, place: RejectedPlace): string =>
	`${shownPath(place.file, process.cwd(), ctx.home)}:${place.line}:${place.column}: ${safe(place.message)}`;
