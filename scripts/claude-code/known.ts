/**
 * What pi-hook-manager knows, for the drift check: the events of its `HOOK_EVENTS` (src/engine/types.ts: an event
 * it lacks is unknown whatever the reviewed lists say), and the input and output fields of the SDK release the
 * project was last reviewed against (`known-fields.json` beside this file, written by `npm run check:claude-code
 * -- --accept` once a release's new fields are handled).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { HOOK_EVENTS } from "../../src/engine/types.ts";
import type { FieldLists, KnownLists, SdkLists } from "./lists.ts";

/** The reviewed field lists: `{reviewed, claudeCode, input, output}`. */
export const KNOWN_FIELDS_FILE: string = join(dirname(fileURLToPath(import.meta.url)), "known-fields.json");

/** The reviewed fields as stored. */
interface KnownFields {
	readonly reviewed: string;
	readonly claudeCode?: string;
	readonly input: FieldLists;
	readonly output: FieldLists;
}

/** Our lists: `HOOK_EVENTS` and the reviewed fields (`file`: another reviewed-fields file, for tests). */
export const knownLists = (file: string = KNOWN_FIELDS_FILE): KnownLists & { readonly reviewed: string } => {
	const fields = JSON.parse(readFileSync(file, "utf8")) as KnownFields;
	return { events: HOOK_EVENTS, reviewed: fields.reviewed, input: fields.input, output: fields.output };
};

/** Writes `lists`' fields as the reviewed ones (`--accept`); events stay `HOOK_EVENTS`'. Returns the file. */
export const acceptFields = (lists: SdkLists, file: string = KNOWN_FIELDS_FILE): string => {
	const fields: KnownFields = {
		reviewed: lists.version,
		...(lists.claudeCode === undefined ? {} : { claudeCode: lists.claudeCode }),
		input: lists.input,
		output: lists.output,
	};
	writeFileSync(file, `${JSON.stringify(fields, null, "\t")}\n`);
	return file;
};
