/**
 * Where a JSON path of the configuration (`hooks.PreToolUse[0].hooks[1].timeout`, as `HookEntry.jsonPath` and
 * `ConfigIssue.path` write them) is in a file's text, as the line and column (from 1) editors and CI annotations
 * use. Pure; jsonc-parser is loaded on first use.
 */
import { lazyModule } from "../io/lazy-module.ts";

/** jsonc-parser, loaded only when a position is asked for. */
const jsonc = lazyModule<typeof import("jsonc-parser")>("jsonc-parser");

/** A line and column, both from 1. */
export interface TextPosition {
	readonly line: number;
	readonly column: number;
}

/** `hooks.PreToolUse[0].hooks[1]` -> `["hooks", "PreToolUse", 0, "hooks", 1]`; `""` -> `[]`. */
export const jsonPathSegments = (path: string): (string | number)[] => {
	const segments: (string | number)[] = [];
	for (const part of path.split(".")) {
		if (part === "") continue;
		const match = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
		if (match === null) {
			segments.push(part);
			continue;
		}
		if (match[1] !== "") segments.push(match[1] ?? "");
		for (const index of (match[2] ?? "").matchAll(/\[(\d+)\]/g)) segments.push(Number(index[1]));
	}
	return segments;
};

/** The line and column of `offset` in `text`. */
export const offsetPosition = (text: string, offset: number): TextPosition => {
	const before = text.slice(0, offset);
	const line = before.split("\n").length;
	return { line, column: before.length - before.lastIndexOf("\n") };
};

/**
 * The position of the value at `path` in `text` (for an object key, where its property starts, i.e. the key);
 * the deepest part of the path that exists when the rest does not (a missing `timeout` points at its handler),
 * line 1 column 1 for `""` or text that is not JSON. Never throws.
 */
export const jsonPathPosition = (text: string, path: string): TextPosition => {
	const segments = jsonPathSegments(path);
	if (segments.length === 0) return { line: 1, column: 1 };
	try {
		const parser = jsonc();
		const root = parser.parseTree(text, [], { allowTrailingComma: true });
		if (root === undefined) return { line: 1, column: 1 };
		for (let length = segments.length; length > 0; length--) {
			const node = parser.findNodeAtLocation(root, segments.slice(0, length));
			if (node === undefined) continue;
			// A property's value: point at its key, where the eye looks for it.
			const at = node.parent?.type === "property" ? node.parent : node;
			return offsetPosition(text, at.offset);
		}
	} catch {
		// Deeply nested text overflows jsonc-parser's recursion: fall back to the file's start.
	}
	return { line: 1, column: 1 };
};
