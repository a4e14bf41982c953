/**
 * Editing one hook inside a settings file without touching anything else: jsonc-parser's modify/applyEdits
 * change only that hook's bytes (key order, indentation and every other key stay), a save is refused when
 * the file changed on disk since it was read, and the write is atomic (temp file + rename).
 */
import type { JSONPath } from "jsonc-parser";
import { writeFileAtomic } from "../io/atomic-write.ts";
import { readCapped } from "../io/capped-read.ts";
import { isObject } from "../is-object.ts";
import type { HookEventName } from "../types.ts";
import {
	appendChild,
	apply,
	detectLayout,
	nodeAt,
	prependProperty,
	propertyIndex,
	removeChild,
	replaceNode,
	type TextLayout,
} from "./json-text.ts";
import { MAX_SETTINGS_BYTES } from "./load.ts";
import { hookId } from "./parse.ts";

export { detectLayout, type TextLayout } from "./json-text.ts";

/** Where a handler sits in its file: `hooks.<event>[group].hooks[handler]`. */
export interface HookLocation {
	readonly event: string;
	readonly group: number;
	readonly handler: number;
}

/** A hook as the editor wants it written. */
export interface HookDraft {
	readonly event: HookEventName;
	/** The matcher as written; `""` = no matcher key (matches everything). */
	readonly matcher: string;
	/** The handler object exactly as it is to appear in the file (key order kept). */
	readonly handler: Readonly<Record<string, unknown>>;
}

/**
 * A change to one hook:
 * - `add`: append the draft (to a group of the same event and matcher if there is one, else a new group);
 * - `update`: replace hook `id` (expected at `at`) with the draft;
 * - `delete`: remove hook `id` (expected at `at`); a group or event left empty goes too.
 */
export type HookChange =
	| { readonly kind: "add"; readonly draft: HookDraft }
	| { readonly kind: "update"; readonly id: string; readonly at: HookLocation; readonly draft: HookDraft }
	| { readonly kind: "delete"; readonly id: string; readonly at: HookLocation };

/**
 * Why a change was not made:
 * - `changed_on_disk`: the file is not what was read; nothing was written;
 * - `not_found`: the hook to update or delete is no longer in the file (it changed since the panel read it);
 * - `invalid`: the file is not a JSON object, or its `"hooks"` has the wrong shape;
 * - `write_failed`: the file system refused (`message` has the error).
 */
export type EditFailure = "changed_on_disk" | "not_found" | "invalid" | "write_failed";

/** The result of a pure edit: the new text, or why there is none. */
export type TextEditResult =
	| {
			readonly ok: true;
			readonly text: string;
			readonly id: string | undefined;
			/** Something the user must know about the saved hook (e.g. it still waits for approval). */
			readonly note?: string;
	  }
	| { readonly ok: false; readonly reason: EditFailure; readonly message: string };

/** The content of a settings file at the moment the panel read it. */
export interface FileSnapshot {
	/** Absolute path as configured (may be a symlink). */
	readonly file: string;
	/** The text read; undefined when the file did not exist. */
	readonly text: string | undefined;
}

type Json = Record<string, unknown>;

/** Parses `hooks.PreToolUse[0].hooks[1]` (HookEntry.jsonPath); undefined for any other shape. */
export const parseHookPath = (jsonPath: string): HookLocation | undefined => {
	const match = /^hooks\.([A-Za-z]+)\[(\d+)\]\.hooks\[(\d+)\]$/.exec(jsonPath);
	if (match === null) return undefined;
	return { event: match[1] ?? "", group: Number(match[2]), handler: Number(match[3]) };
};

/** Finds hook `id` in parsed settings: at `at` when it is still there, else anywhere (the file was reordered). */
const locate = (file: string, data: Json, id: string, at: HookLocation): HookLocation | undefined => {
	const hooks = data.hooks;
	if (!isObject(hooks)) return undefined;
	const idAt = (loc: HookLocation): boolean => {
		const groups = hooks[loc.event];
		const group = Array.isArray(groups) ? (groups[loc.group] as unknown) : undefined;
		if (!isObject(group) || !Array.isArray(group.hooks)) return false;
		const matcher = typeof group.matcher === "string" ? group.matcher : undefined;
		const raw: unknown = group.hooks[loc.handler];
		return raw !== undefined && hookId(file, loc.event, matcher, raw) === id;
	};
	if (idAt(at)) return at;
	for (const [event, groups] of Object.entries(hooks)) {
		if (!Array.isArray(groups)) continue;
		for (let group = 0; group < groups.length; group++) {
			const handlers = (groups[group] as Json | undefined)?.hooks;
			if (!Array.isArray(handlers)) continue;
			for (let handler = 0; handler < handlers.length; handler++) {
				if (idAt({ event, group, handler })) return { event, group, handler };
			}
		}
	}
	return undefined;
};

/** Sets `hooks.<event>` (creating `"hooks"` when the file has none). */
const addEvent = (text: string, event: string, groups: unknown[], layout: TextLayout): string => {
	const root = nodeAt(text, []);
	const hooksIndex = propertyIndex(root, "hooks");
	if (hooksIndex < 0) return apply(text, appendChild(text, root, { [event]: groups }, layout, "hooks"));
	return apply(text, appendChild(text, nodeAt(text, ["hooks"]), groups, layout, event));
};

/**
 * Removes the handler at `at`, then its group if that became empty, then the event if that became empty, then
 * `"hooks"` itself if that became empty (no `"hooks": {}` is left behind).
 */
const removeAt = (text: string, data: Json, at: HookLocation): string => {
	const groups = (data.hooks as Json)[at.event] as Json[];
	const handlers = groups[at.group]?.hooks as unknown[];
	if (handlers.length > 1)
		return apply(text, removeChild(nodeAt(text, ["hooks", at.event, at.group, "hooks"]), at.handler));
	if (groups.length > 1) return apply(text, removeChild(nodeAt(text, ["hooks", at.event]), at.group));
	const hooks = nodeAt(text, ["hooks"]);
	if ((hooks.children ?? []).length > 1) return apply(text, removeChild(hooks, propertyIndex(hooks, at.event)));
	const root = nodeAt(text, []);
	return apply(text, removeChild(root, propertyIndex(root, "hooks")));
};

/** Sets or removes (`""`) the matcher of the group at `path`. */
const setMatcher = (text: string, path: JSONPath, matcher: string, layout: TextLayout): string => {
	const group = nodeAt(text, path);
	const index = propertyIndex(group, "matcher");
	const property = group.children?.[index];
	if (matcher === "") return index < 0 ? text : apply(text, removeChild(group, index));
	if (property?.children?.[1] !== undefined)
		return apply(text, replaceNode(text, property.children[1], matcher, layout));
	return apply(text, prependProperty(text, group, "matcher", matcher, layout));
};

const sameMatcher = (group: unknown, matcher: string): boolean => {
	if (!isObject(group) || !Array.isArray(group.hooks)) return false;
	const written = typeof group.matcher === "string" ? group.matcher : group.matcher === undefined ? "" : undefined;
	return written === matcher;
};

const newGroup = (draft: HookDraft): Json => ({
	...(draft.matcher === "" ? {} : { matcher: draft.matcher }),
	hooks: [draft.handler],
});

/** Appends the draft: into the last group of its event with the same matcher, else as a new group. */
const append = (text: string, data: Json, draft: HookDraft, layout: TextLayout): string => {
	const hooks = data.hooks;
	const groups = isObject(hooks) ? hooks[draft.event] : undefined;
	if (!Array.isArray(groups)) return addEvent(text, draft.event, [newGroup(draft)], layout);
	for (let index = groups.length - 1; index >= 0; index--) {
		if (sameMatcher(groups[index], draft.matcher)) {
			return apply(
				text,
				appendChild(text, nodeAt(text, ["hooks", draft.event, index, "hooks"]), draft.handler, layout),
			);
		}
	}
	return apply(text, appendChild(text, nodeAt(text, ["hooks", draft.event]), newGroup(draft), layout));
};

/**
 * Checks that `text` is a settings object whose `hooks` (if any) is an object and whose `hooks.<event>` is an
 * array for each event in `events` (the ones the change writes to). A bad entry of another event is left
 * alone: it must not refuse a valid change elsewhere (the loader skips only that entry, too).
 */
const parseForEdit = (
	text: string,
	file: string,
	events: readonly string[] = [],
): { ok: true; data: Json } | { ok: false; message: string } => {
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (error) {
		return {
			ok: false,
			message: `${file} is not valid JSON (${(error as Error).message}); fix it first, nothing was written`,
		};
	}
	if (!isObject(data)) return { ok: false, message: `${file} does not hold a JSON object; nothing was written` };
	if (data.hooks !== undefined && !isObject(data.hooks)) {
		return { ok: false, message: `"hooks" in ${file} is not an object; nothing was written` };
	}
	if (isObject(data.hooks)) {
		for (const event of events) {
			const groups = data.hooks[event];
			if (groups !== undefined && !Array.isArray(groups))
				return { ok: false, message: `"hooks.${event}" in ${file} is not an array; nothing was written` };
		}
	}
	return { ok: true, data };
};

const draftId = (file: string, draft: HookDraft): string =>
	hookId(file, draft.event, draft.matcher === "" ? undefined : draft.matcher, draft.handler);

/**
 * Applies one change to the text of `file` (undefined = the file does not exist yet). Pure: returns the new
 * text and the new hook's id (undefined after a delete). Only the hook's own bytes change.
 */
export const applyHookChange = (text: string | undefined, file: string, change: HookChange): TextEditResult => {
	if (text === undefined || text.trim() === "") {
		if (change.kind !== "add") return { ok: false, reason: "not_found", message: `${file} no longer exists` };
		const created = { hooks: { [change.draft.event]: [newGroup(change.draft)] } };
		return { ok: true, text: `${JSON.stringify(created, null, 2)}\n`, id: draftId(file, change.draft) };
	}
	const parsed = parseForEdit(text, file, change.kind === "delete" ? [] : [change.draft.event]);
	if (!parsed.ok) return { ok: false, reason: "invalid", message: parsed.message };
	const layout = detectLayout(text);
	if (change.kind === "add")
		return { ok: true, text: append(text, parsed.data, change.draft, layout), id: draftId(file, change.draft) };
	const at = locate(file, parsed.data, change.id, change.at);
	if (at === undefined) {
		return {
			ok: false,
			reason: "not_found",
			message: `the hook is no longer in ${file} (the file changed since the panel read it)`,
		};
	}
	if (change.kind === "delete") return { ok: true, text: removeAt(text, parsed.data, at), id: undefined };
	const { draft } = change;
	const groupPath: JSONPath = ["hooks", at.event, at.group];
	const group = ((parsed.data.hooks as Json)[at.event] as Json[])[at.group];
	const alone = (group?.hooks as unknown[] | undefined)?.length === 1;
	if (draft.event === at.event && (alone || sameMatcher(group, draft.matcher))) {
		// Same group (or the hook is alone in it): rewrite the matcher in place if needed, then the handler.
		const withMatcher = sameMatcher(group, draft.matcher)
			? text
			: setMatcher(text, groupPath, draft.matcher, layout);
		const handler = nodeAt(withMatcher, [...groupPath, "hooks", at.handler]);
		return {
			ok: true,
			text: apply(withMatcher, replaceNode(withMatcher, handler, draft.handler, layout)),
			id: draftId(file, draft),
		};
	}
	const removed = removeAt(text, parsed.data, at);
	const reparsed = parseForEdit(removed, file, [draft.event]);
	if (!reparsed.ok) return { ok: false, reason: "invalid", message: reparsed.message };
	return { ok: true, text: append(removed, reparsed.data, draft, layout), id: draftId(file, draft) };
};

/**
 * The handler object of hook `id` as written in `text` (found at `at`, or anywhere after a reorder), so an
 * edit can keep the fields the editor does not show; undefined when it is not there.
 */
export const readHandler = (
	text: string | undefined,
	file: string,
	id: string,
	at: HookLocation,
): Readonly<Record<string, unknown>> | undefined => {
	if (text === undefined) return undefined;
	const parsed = parseForEdit(text, file);
	if (!parsed.ok) return undefined;
	const found = locate(file, parsed.data, id, at);
	if (found === undefined) return undefined;
	const groups = (parsed.data.hooks as Json)[found.event] as Json[];
	const handler: unknown = (groups[found.group]?.hooks as unknown[] | undefined)?.[found.handler];
	return isObject(handler) ? handler : undefined;
};

/** Reads `file` for a later {@link saveHookChange}; a missing file is a snapshot with no text. */
export const snapshotFile = (file: string): FileSnapshot | { readonly error: string } => {
	const found = readCapped(file, MAX_SETTINGS_BYTES);
	switch (found.kind) {
		case "ok":
			return { file, text: found.bytes.toString("utf8") };
		case "missing":
			return { file, text: undefined };
		case "error":
			return { error: `${file} cannot be read: ${found.message}` };
		case "large":
			return { error: `${file} cannot be read: it holds more than ${MAX_SETTINGS_BYTES} bytes` };
		default:
			return { error: `${file} cannot be read: it is not a regular file on disk` };
	}
};

/** The result of a save: the new text and hook id, or why nothing was written. */
export type SaveResult = TextEditResult;

/**
 * Saves one change to the file of `snapshot`. Refused (nothing written) when the file on disk is no longer
 * the snapshot's text, so an edit made elsewhere is never overwritten. Never throws.
 */
export const saveHookChange = (snapshot: FileSnapshot, change: HookChange): SaveResult => {
	const now = snapshotFile(snapshot.file);
	if ("error" in now) return { ok: false, reason: "write_failed", message: now.error };
	if (now.text !== snapshot.text) {
		return {
			ok: false,
			reason: "changed_on_disk",
			message: `${snapshot.file} changed on disk since the panel read it; nothing was written`,
		};
	}
	const result = applyHookChange(snapshot.text, snapshot.file, change);
	if (!result.ok) return result;
	try {
		writeFileAtomic(snapshot.file, result.text);
	} catch (error) {
		return {
			ok: false,
			reason: "write_failed",
			message: `${snapshot.file} could not be written: ${(error as Error).message}`,
		};
	}
	return result;
};
