/**
 * Translation between pi's built-in tools and Claude Code's, one mapping object per tool ({@link TOOLS}):
 * names (`bash` <-> `Bash`), `tool_input` fields both ways (`path` <-> `file_path`, `edits[].oldText` <->
 * `old_string`), the `tool_response` shape, the PostToolUse `updatedToolOutput` shape, the input check, and
 * which fields are paths. A hook script written for Claude Code sees what it would see there. The exported
 * functions look the tool up in the table; unknown tools (MCP, extensions) pass through unchanged.
 */
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isObject } from "../is-object.ts";
import { blocksText } from "../text/blocks.ts";

type Json = Record<string, unknown>;

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const num = (value: unknown): number | undefined =>
	typeof value === "number" && Number.isFinite(value) ? value : undefined;

/**
 * The absolute path pi's file tools will use for `path`: unicode spaces normalised, a leading `@` dropped,
 * `~` expanded against `home`, `file://` URLs converted, then resolved against `cwd` (mirrors pi's
 * `resolveToCwd`). `home` is the session's home directory (injected, never read here).
 */
export const resolveToolPath = (path: string, cwd: string, home: string): string => {
	let normalized = path.replace(/[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, " ");
	if (normalized.startsWith("@")) normalized = normalized.slice(1);
	if (normalized === "~") normalized = home;
	else if (normalized.startsWith("~/")) normalized = join(home, normalized.slice(2));
	else if (/^file:\/\//.test(normalized)) normalized = fileURLToPath(normalized);
	return isAbsolute(normalized) ? resolve(normalized) : resolve(cwd, normalized);
};
const withoutUndefined = (object: Json): Json =>
	Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));

interface PiEdit {
	readonly oldText?: unknown;
	readonly newText?: unknown;
}

/** The parts of a pi tool result the translation reads. */
export interface PiToolResult {
	readonly content: readonly { readonly type: string; readonly text?: string }[];
	readonly structuredContent?: unknown;
	readonly isError: boolean;
}

/** The text blocks of a pi tool result joined with newlines (images are skipped). */
export const resultText = (result: PiToolResult): string => blocksText(result.content, "\n");

/** Where a call runs, for making its paths absolute. */
interface Place {
	readonly cwd: string;
	readonly home: string;
}

/** Everything known about one pi tool, in Claude Code's terms. */
export interface ToolMapping {
	/** pi's tool name (`find`). */
	readonly piName: string;
	/** Claude Code's tool name (`Glob`). */
	readonly claudeName: string;
	/**
	 * Claude Code permission-rule families it belongs to: `Edit(...)` covers editing tools, `Read(...)` reading ones.
	 */
	readonly ruleFamily?: "Edit" | "Read";
	/** Claude Code `tool_input` field names that hold a path (for `if` path rules). */
	readonly pathFields: readonly string[];
	/** True for shell tools (their `if` rules test each subcommand). */
	readonly shell?: true;
	/** pi input -> Claude Code `tool_input`; file paths become absolute (Claude Code sends absolute paths). */
	readonly toClaude: (input: Json, place: Place) => Json;
	/** Claude Code `updatedInput` -> pi input; it replaces the whole input (Claude Code drops omitted fields). */
	readonly fromClaude: (ccInput: Json) => Json;
	/** pi result -> Claude Code `tool_response`, shaped like Claude Code's for the tool. */
	readonly response?: (ccInput: Json, result: PiToolResult) => Json;
	/** `updatedToolOutput` -> the text the model sees; undefined when the shape does not fit (ignored). */
	readonly output?: (value: Json) => string | undefined;
	/** Why a pi input is invalid, in Claude Code's words and names; undefined when valid. */
	readonly invalid: (input: Json) => string | undefined;
}

/** JSON's name for the type of a value, as Claude Code's schema messages use it. */
const jsonType = (value: unknown): string =>
	value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "number" ? "number" : typeof value;

/**
 * Claude Code's schema issue for a string parameter (`field` in Claude Code's name): "The required parameter
 * `command` is missing", or "The parameter `command` type is expected as `string` but provided as `number`".
 */
const needString = (field: string, value: unknown): string | undefined =>
	typeof value === "string"
		? undefined
		: value === undefined
			? `The required parameter \`${field}\` is missing`
			: `The parameter \`${field}\` type is expected as \`string\` but provided as \`${jsonType(value)}\``;

const absolutePath = (input: Json, place: Place): unknown => {
	const path = str(input.path);
	return path === undefined ? input.path : resolveToolPath(path, place.cwd, place.home);
};
const optionalPath = (input: Json, place: Place): string | undefined => {
	const path = str(input.path);
	return path === undefined ? undefined : resolveToolPath(path, place.cwd, place.home);
};
const lineCount = (text: string): number => (text === "" ? 0 : text.split("\n").length);

/** A shell tool (`bash`, `powershell`): `timeout` seconds in pi, milliseconds in Claude Code. */
const shellTool = (piName: string, claudeName: string): ToolMapping => ({
	piName,
	claudeName,
	pathFields: [],
	shell: true,
	toClaude: (input) =>
		withoutUndefined({
			command: input.command,
			timeout: num(input.timeout) === undefined ? undefined : (num(input.timeout) as number) * 1000,
		}),
	fromClaude: (ccInput) =>
		withoutUndefined({
			command: ccInput.command,
			timeout: num(ccInput.timeout) === undefined ? undefined : (num(ccInput.timeout) as number) / 1000,
		}),
	response: (_ccInput, result) => {
		const structured = result.structuredContent as Json | undefined;
		const stdout = str(structured?.output) ?? resultText(result);
		return { stdout, stderr: "", interrupted: false, isImage: false, noOutputExpected: false };
	},
	output: (value) => {
		const stdout = str(value.stdout);
		if (stdout === undefined) return undefined;
		const stderr = str(value.stderr) ?? "";
		return stderr === "" ? stdout : `${stdout}\n${stderr}`;
	},
	invalid: (input) =>
		needString("command", input.command) ??
		(input.timeout === undefined || num(input.timeout) !== undefined
			? undefined
			: `The parameter \`timeout\` type is expected as \`number\` but provided as ` +
				`\`${jsonType(input.timeout)}\``),
});

/** pi's built-in tools by pi name, each with its whole mapping. */
export const TOOLS: Readonly<Record<string, ToolMapping>> = {
	bash: shellTool("bash", "Bash"),
	powershell: shellTool("powershell", "PowerShell"),
	read: {
		piName: "read",
		claudeName: "Read",
		ruleFamily: "Read",
		pathFields: ["file_path"],
		toClaude: (input, place) =>
			withoutUndefined({ file_path: absolutePath(input, place), offset: input.offset, limit: input.limit }),
		fromClaude: (ccInput) =>
			withoutUndefined({ path: ccInput.file_path ?? ccInput.path, offset: ccInput.offset, limit: ccInput.limit }),
		response: (ccInput, result) => {
			const text = resultText(result);
			const lines = lineCount(text);
			return {
				type: "text",
				file: {
					filePath: ccInput.file_path,
					content: text,
					numLines: lines,
					startLine: num(ccInput.offset) ?? 1,
					totalLines: lines,
				},
			};
		},
		output: (value) => str((value.file as Json | undefined)?.content) ?? str(value.content),
		invalid: (input) => needString("file_path", input.path),
	},
	write: {
		piName: "write",
		claudeName: "Write",
		ruleFamily: "Edit",
		pathFields: ["file_path"],
		toClaude: (input, place) => ({ file_path: absolutePath(input, place), content: input.content }),
		fromClaude: (ccInput) => ({ path: ccInput.file_path ?? ccInput.path, content: ccInput.content }),
		response: (ccInput) => ({
			type: "create",
			filePath: ccInput.file_path,
			content: ccInput.content,
			structuredPatch: [],
			originalFile: null,
			userModified: false,
		}),
		invalid: (input) => needString("file_path", input.path) ?? needString("content", input.content),
	},
	edit: {
		piName: "edit",
		claudeName: "Edit",
		ruleFamily: "Edit",
		pathFields: ["file_path"],
		toClaude: (input, place) => {
			const edits = Array.isArray(input.edits) ? (input.edits as PiEdit[]) : [];
			const first = edits[0] ?? {};
			const ccInput: Json = {
				file_path: absolutePath(input, place),
				old_string: first.oldText,
				new_string: first.newText,
				replace_all: false,
			};
			// pi batches several replacements in one call; Claude Code's MultiEdit carried them as `edits`.
			if (edits.length > 1) {
				ccInput.edits = edits.map((edit) => ({
					old_string: edit.oldText,
					new_string: edit.newText,
					replace_all: false,
				}));
			}
			return ccInput;
		},
		fromClaude: (ccInput) => {
			const many = Array.isArray(ccInput.edits) ? (ccInput.edits as Json[]) : undefined;
			const edits = many
				? many.map((edit) => ({ oldText: edit.old_string, newText: edit.new_string }))
				: [{ oldText: ccInput.old_string, newText: ccInput.new_string }];
			// A Claude Code hook edits old_string/new_string; for a multi-edit call they stand for the first edit.
			if (many && edits[0] && (ccInput.old_string !== undefined || ccInput.new_string !== undefined)) {
				edits[0] = {
					oldText: ccInput.old_string ?? edits[0].oldText,
					newText: ccInput.new_string ?? edits[0].newText,
				};
			}
			return { path: ccInput.file_path ?? ccInput.path, edits };
		},
		response: (ccInput) => ({
			filePath: ccInput.file_path,
			oldString: ccInput.old_string,
			newString: ccInput.new_string,
			originalFile: null,
			structuredPatch: [],
			userModified: false,
			replaceAll: false,
		}),
		invalid: (input) => {
			const path = needString("file_path", input.path);
			if (path !== undefined) return path;
			const edits = input.edits;
			if (!Array.isArray(edits) || edits.length === 0) return "The required parameter `old_string` is missing";
			for (const edit of edits as PiEdit[]) {
				const problem = needString("old_string", edit?.oldText) ?? needString("new_string", edit?.newText);
				if (problem !== undefined) return problem;
			}
			return undefined;
		},
	},
	grep: {
		piName: "grep",
		claudeName: "Grep",
		ruleFamily: "Read",
		pathFields: ["path"],
		toClaude: (input, place) =>
			withoutUndefined({
				pattern: input.pattern,
				path: optionalPath(input, place),
				glob: input.glob,
				"-i": input.ignoreCase,
				"-C": input.context,
				head_limit: input.limit,
				output_mode: "content",
			}),
		fromClaude: (ccInput) =>
			withoutUndefined({
				pattern: ccInput.pattern,
				path: ccInput.path,
				glob: ccInput.glob,
				ignoreCase: ccInput["-i"],
				context: ccInput["-C"],
				limit: ccInput.head_limit,
			}),
		response: (_ccInput, result) => {
			const text = resultText(result);
			return { mode: "content", content: text, numLines: lineCount(text) };
		},
		invalid: (input) => needString("pattern", input.pattern),
	},
	find: {
		piName: "find",
		claudeName: "Glob",
		ruleFamily: "Read",
		pathFields: ["path"],
		toClaude: (input, place) => withoutUndefined({ pattern: input.pattern, path: optionalPath(input, place) }),
		fromClaude: (ccInput) => withoutUndefined({ pattern: ccInput.pattern, path: ccInput.path }),
		response: (_ccInput, result) => {
			const text = resultText(result);
			const filenames = text === "" ? [] : text.split("\n").filter((line) => line !== "");
			return { filenames, numFiles: filenames.length, truncated: false };
		},
		invalid: (input) => needString("pattern", input.pattern),
	},
	ls: {
		piName: "ls",
		claudeName: "LS",
		ruleFamily: "Read",
		pathFields: ["path"],
		toClaude: (input, place) =>
			withoutUndefined({
				path: resolveToolPath(str(input.path) ?? ".", place.cwd, place.home),
				limit: input.limit,
			}),
		fromClaude: (ccInput) => withoutUndefined({ path: ccInput.path, limit: ccInput.limit }),
		invalid: () => undefined,
	},
};

/** The mapping of a pi tool; undefined for tools pi-hook-manager does not translate (MCP, extensions). */
export const toolMapping = (piToolName: string): ToolMapping | undefined =>
	Object.hasOwn(TOOLS, piToolName) ? TOOLS[piToolName] : undefined;

/** The mapping of a Claude Code tool name (`Glob` -> pi's `find`); undefined for other names. */
export const claudeToolMapping = (claudeName: string): ToolMapping | undefined =>
	Object.values(TOOLS).find((tool) => tool.claudeName === claudeName);

/** Claude Code's name for a pi tool (`bash` -> `Bash`, `find` -> `Glob`); other and MCP names unchanged. */
export const toClaudeToolName = (piToolName: string): string => toolMapping(piToolName)?.claudeName ?? piToolName;

/**
 * pi tool input -> Claude Code `tool_input`. File paths become absolute against `cwd` (and `~` against
 * `home`); bash `timeout` seconds become milliseconds. Unknown tools pass through unchanged.
 */
export const toClaudeToolInput = (piToolName: string, input: Json, cwd: string, home: string): Json =>
	toolMapping(piToolName)?.toClaude(input, { cwd, home }) ?? input;

/**
 * Claude Code `updatedInput` -> pi tool input, the reverse of {@link toClaudeToolInput}. The result replaces
 * the whole input (Claude Code: omitted fields are dropped).
 */
export const fromClaudeToolInput = (piToolName: string, ccInput: Json): Json =>
	toolMapping(piToolName)?.fromClaude(ccInput) ?? ccInput;

/**
 * pi tool result -> Claude Code `tool_response` for PostToolUse, shaped like Claude Code's for that tool.
 * `ccInput` is the Claude Code `tool_input` of the same call.
 */
export const toClaudeToolResponse = (piToolName: string, ccInput: Json, result: PiToolResult): Json => {
	const response = toolMapping(piToolName)?.response;
	if (response !== undefined) return response(ccInput, result);
	const text = resultText(result);
	return result.structuredContent !== undefined && result.structuredContent !== null
		? { content: text, structuredContent: result.structuredContent }
		: { content: text };
};

/**
 * The `error` string of PostToolUseFailure: for shell tools `Exit code N\n<output>` (as Claude Code sends it),
 * otherwise the tool's error text.
 */
export const toClaudeToolError = (piToolName: string, result: PiToolResult): string => {
	const structured = result.structuredContent as Json | undefined;
	const exitCode = num(structured?.exit_code);
	if (toolMapping(piToolName)?.shell && exitCode !== undefined) {
		const output = (str(structured?.output) ?? "").replace(/\n+$/, "");
		return output === "" ? `Exit code ${exitCode}` : `Exit code ${exitCode}\n${output}`;
	}
	return resultText(result);
};

/**
 * Claude Code `updatedToolOutput` -> the text the model sees instead of the tool's output, or undefined when
 * the value does not fit the tool's output shape (Claude Code ignores a mismatched shape).
 */
export const fromClaudeToolOutput = (piToolName: string, updated: unknown): string | undefined => {
	if (typeof updated === "string") return updated;
	if (!isObject(updated)) return undefined;
	const output = toolMapping(piToolName)?.output;
	return output !== undefined ? output(updated) : (str(updated.content) ?? str(updated.stdout));
};

/**
 * Why `input` is not a valid input for pi's `piToolName` tool (e.g. after a hook's `updatedInput`), in Claude
 * Code's words and names, or undefined when it is. Unknown tools accept any object.
 */
export const invalidToolInput = (piToolName: string, input: Json): string | undefined =>
	toolMapping(piToolName)?.invalid(input);
