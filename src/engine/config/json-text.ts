/**
 * Minimal JSON text edits for settings files (over jsonc-parser's tree): add, replace or remove one value so that
 * every other byte stays (key order, indentation, line ends, inline style of the neighbours).
 */
import {
	applyEdits,
	type Edit,
	findNodeAtLocation,
	type JSONPath,
	type Node as JsonNode,
	parseTree,
} from "jsonc-parser";

/** How the file is laid out: one indentation unit and the line end, so inserted JSON looks like its neighbours. */
export interface TextLayout {
	/** One level of indentation: a tab, or N spaces (2 when the file has no indented line). */
	readonly unit: string;
	readonly eol: string;
}

/** Detects the indentation unit (the first indented line's indent) and the line end of `text`. */
export const detectLayout = (text: string): TextLayout => {
	const eol = text.includes("\r\n") ? "\r\n" : "\n";
	const indent = /\n([ \t]+)\S/.exec(text)?.[1];
	if (indent === undefined) return { unit: "  ", eol };
	return { unit: indent.startsWith("\t") ? "\t" : indent, eol };
};

// Minimal text edits. Each one touches only the bytes of the value it adds, replaces or removes (plus one
// separating comma and line break); neighbouring values keep their bytes, even on the same line.

const end = (node: JsonNode): number => node.offset + node.length;

/** The whitespace at the start of the line holding `offset`. */
const lineIndent = (text: string, offset: number): string => {
	const start = text.lastIndexOf("\n", offset - 1) + 1;
	return /^[ \t]*/.exec(text.slice(start, offset))?.[0] ?? "";
};

/** True when only whitespace precedes `offset` on its line (the value is laid out one per line). */
const startsLine = (text: string, offset: number): boolean => {
	const start = text.lastIndexOf("\n", offset - 1) + 1;
	return text.slice(start, offset).trim() === "";
};

/** How a value sits on one line: `{ "a": 1 }` (padded) or `{"a": 1}` (tight), as in the neighbour `sample`. */
type Inline = false | "padded" | "tight";

const inlineStyle = (sample: string): Inline =>
	sample.includes("\n") ? false : /^[{[]\s/.test(sample) ? "padded" : "tight";

/** JSON for `value`: on one line in the given style, or pretty with every following line prefixed by `base`. */
const renderValue = (value: unknown, layout: TextLayout, base: string, inline: Inline): string => {
	if (inline === false) return JSON.stringify(value, null, layout.unit).split("\n").join(`${layout.eol}${base}`);
	const pretty = JSON.stringify(value, null, 1);
	// Strings never hold a raw newline, so every newline here is between structural tokens.
	const tight = inline === "tight" ? pretty.replace(/([{[])\n\s*/g, "$1").replace(/\n\s*([}\]])/g, "$1") : pretty;
	return tight.replace(/\n\s*/g, " ");
};

/** Replaces a value, keeping it on one line when it was on one line. */
export const replaceNode = (text: string, node: JsonNode, value: unknown, layout: TextLayout): Edit => {
	const inline = inlineStyle(text.slice(node.offset, end(node)));
	return {
		offset: node.offset,
		length: node.length,
		content: renderValue(value, layout, lineIndent(text, node.offset), inline),
	};
};

/** Appends `item` to an array, or a `"key": item` property to an object, after its last child. */
export const appendChild = (text: string, parent: JsonNode, item: unknown, layout: TextLayout, key?: string): Edit => {
	const prefix = key === undefined ? "" : `${JSON.stringify(key)}: `;
	const children = parent.children ?? [];
	const last = children[children.length - 1];
	if (last === undefined) {
		const base = lineIndent(text, parent.offset);
		const inner = `${base}${layout.unit}`;
		const [open, close] = parent.type === "array" ? ["[", "]"] : ["{", "}"];
		const rendered = renderValue(item, layout, inner, false);
		const content = `${open}${layout.eol}${inner}${prefix}${rendered}${layout.eol}${base}${close}`;
		return { offset: parent.offset, length: parent.length, content };
	}
	if (!startsLine(text, last.offset)) {
		const style = inlineStyle(text.slice(last.offset, end(last))) || "padded";
		return { offset: end(last), length: 0, content: `, ${prefix}${renderValue(item, layout, "", style)}` };
	}
	const indent = lineIndent(text, last.offset);
	// An array whose items are each written on one line gets the new item on one line too.
	const inline = key === undefined && inlineStyle(text.slice(last.offset, end(last)));
	return {
		offset: end(last),
		length: 0,
		content: `,${layout.eol}${indent}${prefix}${renderValue(item, layout, indent, inline)}`,
	};
};

/** Inserts a `"key": value` property before the first child of an object (a matcher goes before "hooks"). */
export const prependProperty = (
	text: string,
	object: JsonNode,
	key: string,
	value: unknown,
	layout: TextLayout,
): Edit => {
	const first = object.children?.[0];
	if (first === undefined) return appendChild(text, object, value, layout, key);
	const property = `${JSON.stringify(key)}: ${JSON.stringify(value)}`;
	const separator = startsLine(text, first.offset) ? `,${layout.eol}${lineIndent(text, first.offset)}` : ", ";
	return { offset: first.offset, length: 0, content: `${property}${separator}` };
};

/** Removes one child (array item or property node) with its separating comma; an only child leaves `[]` or `{}`. */
export const removeChild = (parent: JsonNode, index: number): Edit => {
	const children = parent.children ?? [];
	const child = children[index];
	if (child === undefined) return { offset: 0, length: 0, content: "" };
	if (children.length === 1) {
		return { offset: parent.offset, length: parent.length, content: parent.type === "array" ? "[]" : "{}" };
	}
	const next = children[index + 1];
	if (next !== undefined) return { offset: child.offset, length: next.offset - child.offset, content: "" };
	const previous = children[index - 1] as JsonNode;
	return { offset: end(previous), length: end(child) - end(previous), content: "" };
};

/** The property node of `key` in an object node. */
export const propertyIndex = (object: JsonNode, key: string): number =>
	(object.children ?? []).findIndex((property) => property.children?.[0]?.value === key);

/** Parses `text` and finds the node at `path`; throws when it is missing (callers checked the shape first). */
export const nodeAt = (text: string, path: JSONPath): JsonNode => {
	const root = parseTree(text);
	const node = root === undefined ? undefined : findNodeAtLocation(root, path);
	if (node === undefined) throw new Error(`edit: no JSON value at ${JSON.stringify(path)}`);
	return node;
};

/** The text with one edit applied. */
export const apply = (text: string, edit: Edit): string => applyEdits(text, [edit]);
