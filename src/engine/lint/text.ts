/** Lints of stdout that is not one JSON object: banners, two documents, broken JSON, ignored plain text. */
import { isObject } from "../is-object.ts";
import { firstLine } from "../text/lines.ts";
import { HOOK_KEYS, PLAIN_TEXT_EVENTS, plainTextIgnored } from "./rules.ts";
import type { HookLint, Json, LintInput } from "./types.ts";

/**
 * The end of the JSON value that starts at `start` (an object or array), scanning brackets and strings;
 * -1 when it never closes.
 */
const valueEnd = (text: string, start: number): number => {
	let depth = 0;
	let inString = false;
	for (let index = start; index < text.length; index++) {
		const char = text[index];
		if (inString) {
			if (char === "\\") index++;
			else if (char === '"') inString = false;
		} else if (char === '"') inString = true;
		else if (char === "{" || char === "[") depth++;
		else if (char === "}" || char === "]") {
			depth--;
			if (depth === 0) return index + 1;
		}
	}
	return -1;
};

/** The JSON object `text` is; undefined when it is not JSON or not an object. */
export const parseObject = (text: string): Json | undefined => {
	try {
		const value: unknown = JSON.parse(text);
		return isObject(value) ? value : undefined;
	} catch {
		return undefined;
	}
};

const parseError = (text: string): string => {
	try {
		JSON.parse(text);
		return "";
	} catch (error) {
		return (error as Error).message;
	}
};

const clip = (text: string, max = 40): string => (text.length <= max ? text : `${text.slice(0, max - 3)}...`);

/** Lints of stdout that is not one JSON object (banners, two documents, broken JSON, ignored plain text). */
export const lintText = (input: LintInput, trimmed: string): HookLint[] => {
	const { event } = input;
	if (trimmed.startsWith("{")) {
		const end = valueEnd(trimmed, 0);
		const first = end < 0 ? undefined : parseObject(trimmed.slice(0, end));
		if (first !== undefined) {
			const rest = trimmed.slice(end).trim();
			const two = rest.startsWith("{") || rest.startsWith("[");
			return [
				{
					code: two ? "two_json_documents" : "text_after_json",
					field: "stdout",
					problem: two
						? "stdout holds two JSON documents, so Claude Code reads none of it as JSON (it is plain text)"
						: `text after the JSON ("${clip(firstLine(rest))}") makes the whole stdout plain text`,
					fix: two
						? "print exactly one JSON object: merge the fields into one, and write logs to stderr"
						: "print only the JSON object on stdout; write other text to stderr (>&2)",
				},
			];
		}
		return [
			{
				code: "invalid_json",
				field: "stdout",
				problem: `stdout starts with "{" but is not valid JSON (${parseError(trimmed)}), so it is plain text`,
				fix:
					"print valid JSON (double-quoted keys and strings, no trailing commas): json.dumps or " +
					"JSON.stringify",
			},
		];
	}
	const brace = trimmed.search(/\n\s*\{/);
	if (brace > 0) {
		const start = trimmed.indexOf("{", brace);
		const end = valueEnd(trimmed, start);
		if (end > 0 && parseObject(trimmed.slice(start, end)) !== undefined) {
			return [
				{
					code: "banner_before_json",
					field: "stdout",
					problem: `a line before the JSON ("${clip(firstLine(trimmed))}") makes the whole stdout plain text`,
					fix:
						"print only the JSON object on stdout: send banners to stderr (>&2) or silence the " +
						"shell profile",
				},
			];
		}
	}
	if (trimmed.startsWith("[")) {
		return [
			{
				code: "invalid_json",
				field: "stdout",
				problem: "a JSON array on stdout is plain text: Claude Code reads only a JSON object",
				fix: 'print one JSON object, e.g. {"systemMessage": "..."}',
			},
		];
	}
	if (input.exitCode !== 0 || trimmed === "") return [];
	if (HOOK_KEYS.test(trimmed) && /[:=]/.test(trimmed)) {
		return [
			{
				code: "invalid_json",
				field: "stdout",
				problem:
					`stdout looks like hook fields ("${clip(firstLine(trimmed))}") but is not JSON, so it ` +
					`is plain text`,
				fix: 'print a JSON object, e.g. {"decision": "block", "reason": "..."}',
			},
		];
	}
	if (PLAIN_TEXT_EVENTS.has(event)) return [];
	return [plainTextIgnored(event, input.type)];
};
