/**
 * Translation between pi's built-in tools and Claude Code's: names (`bash` <-> `Bash`), `tool_input` field
 * names (`path` <-> `file_path`, `edits[].oldText` <-> `old_string`), and `tool_response` shapes, so a hook
 * script written for Claude Code sees what it would see there (claude-code-observed.md cases a, f, p).
 */
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

type Json = Record<string, unknown>;

const PI_TO_CLAUDE: Readonly<Record<string, string>> = {
	bash: "Bash",
	read: "Read",
	write: "Write",
	edit: "Edit",
	grep: "Grep",
	find: "Glob",
	ls: "LS",
	powershell: "PowerShell",
};

/** Claude Code's name for a pi tool (`bash` -> `Bash`, `find` -> `Glob`); other and MCP names unchanged. */
export const toClaudeToolName = (piToolName: string): string => PI_TO_CLAUDE[piToolName] ?? piToolName;

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const num = (value: unknown): number | undefined =>
	typeof value === "number" && Number.isFinite(value) ? value : undefined;
/**
 * The absolute path pi's file tools will use for `path`: unicode spaces normalised, a leading `@` dropped,
 * `~` expanded, `file://` URLs converted, then resolved against `cwd` (mirrors pi's `resolveToCwd`).
 */
export const resolveToolPath = (path: string, cwd: string): string => {
	let normalized = path.replace(/[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, " ");
	if (normalized.startsWith("@")) normalized = normalized.slice(1);
	if (normalized === "~") normalized = homedir();
	else if (normalized.startsWith("~/")) normalized = join(homedir(), normalized.slice(2));
	else if (/^file:\/\//.test(normalized)) normalized = fileURLToPath(normalized);
	return isAbsolute(normalized) ? resolve(normalized) : resolve(cwd, normalized);
};
const absolute = resolveToolPath;
const withoutUndefined = (object: Json): Json =>
	Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));

interface PiEdit {
	readonly oldText?: unknown;
	readonly newText?: unknown;
}

/**
 * pi tool input -> Claude Code `tool_input`. File paths become absolute against `cwd` (Claude Code hooks §9
 * item 53); bash `timeout` seconds become milliseconds. Unknown tools pass through unchanged.
 */
export const toClaudeToolInput = (piToolName: string, input: Json, cwd: string): Json => {
	const path = str(input.path);
	switch (piToolName) {
		case "bash":
		case "powershell":
			return withoutUndefined({
				command: input.command,
				timeout: num(input.timeout) === undefined ? undefined : (num(input.timeout) as number) * 1000,
			});
		case "read":
			return withoutUndefined({
				file_path: path === undefined ? input.path : absolute(path, cwd),
				offset: input.offset,
				limit: input.limit,
			});
		case "write":
			return { file_path: path === undefined ? input.path : absolute(path, cwd), content: input.content };
		case "edit": {
			const edits = Array.isArray(input.edits) ? (input.edits as PiEdit[]) : [];
			const first = edits[0] ?? {};
			const ccInput: Json = {
				file_path: path === undefined ? input.path : absolute(path, cwd),
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
		}
		case "grep":
			return withoutUndefined({
				pattern: input.pattern,
				path: path === undefined ? undefined : absolute(path, cwd),
				glob: input.glob,
				"-i": input.ignoreCase,
				"-C": input.context,
				head_limit: input.limit,
				output_mode: "content",
			});
		case "find":
			return withoutUndefined({
				pattern: input.pattern,
				path: path === undefined ? undefined : absolute(path, cwd),
			});
		case "ls":
			return withoutUndefined({ path: absolute(path ?? ".", cwd), limit: input.limit });
		default:
			return input;
	}
};

/**
 * Claude Code `updatedInput` -> pi tool input, the reverse of {@link toClaudeToolInput}. The result replaces
 * the whole input (Claude Code hooks §9 item 21: omitted fields are dropped).
 */
export const fromClaudeToolInput = (piToolName: string, ccInput: Json): Json => {
	const filePath = ccInput.file_path ?? ccInput.path;
	switch (piToolName) {
		case "bash":
		case "powershell":
			return withoutUndefined({
				command: ccInput.command,
				timeout: num(ccInput.timeout) === undefined ? undefined : (num(ccInput.timeout) as number) / 1000,
			});
		case "read":
			return withoutUndefined({ path: filePath, offset: ccInput.offset, limit: ccInput.limit });
		case "write":
			return { path: filePath, content: ccInput.content };
		case "edit": {
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
			return { path: filePath, edits };
		}
		case "grep":
			return withoutUndefined({
				pattern: ccInput.pattern,
				path: ccInput.path,
				glob: ccInput.glob,
				ignoreCase: ccInput["-i"],
				context: ccInput["-C"],
				limit: ccInput.head_limit,
			});
		case "find":
			return withoutUndefined({ pattern: ccInput.pattern, path: ccInput.path });
		case "ls":
			return withoutUndefined({ path: ccInput.path, limit: ccInput.limit });
		default:
			return ccInput;
	}
};

/** The parts of a pi tool result the translation reads. */
export interface PiToolResult {
	readonly content: readonly { readonly type: string; readonly text?: string }[];
	readonly structuredContent?: unknown;
	readonly isError: boolean;
}

/** The text blocks of a pi tool result joined with newlines (images are skipped). */
export const resultText = (result: PiToolResult): string =>
	result.content
		.filter((block) => block.type === "text" && typeof block.text === "string")
		.map((block) => block.text)
		.join("\n");

const bashOutput = (result: PiToolResult): string => {
	const structured = result.structuredContent as Json | undefined;
	return str(structured?.output) ?? resultText(result);
};

/**
 * pi tool result -> Claude Code `tool_response` for PostToolUse, shaped like Claude Code's for that tool
 * (claude-code-observed.md cases f and p). `ccInput` is the Claude Code `tool_input` of the same call.
 */
export const toClaudeToolResponse = (piToolName: string, ccInput: Json, result: PiToolResult): Json => {
	const text = resultText(result);
	switch (piToolName) {
		case "bash":
		case "powershell":
			return { stdout: bashOutput(result), stderr: "", interrupted: false, isImage: false, noOutputExpected: false };
		case "write":
			return {
				type: "create",
				filePath: ccInput.file_path,
				content: ccInput.content,
				structuredPatch: [],
				originalFile: null,
				userModified: false,
			};
		case "edit":
			return {
				filePath: ccInput.file_path,
				oldString: ccInput.old_string,
				newString: ccInput.new_string,
				originalFile: null,
				structuredPatch: [],
				userModified: false,
				replaceAll: false,
			};
		case "read": {
			const lines = text === "" ? 0 : text.split("\n").length;
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
		}
		case "find": {
			const filenames = text === "" ? [] : text.split("\n").filter((line) => line !== "");
			return { filenames, numFiles: filenames.length, truncated: false };
		}
		case "grep":
			return { mode: "content", content: text, numLines: text === "" ? 0 : text.split("\n").length };
		default:
			return result.structuredContent !== undefined && result.structuredContent !== null
				? { content: text, structuredContent: result.structuredContent }
				: { content: text };
	}
};

/**
 * The `error` string of PostToolUseFailure: for bash `Exit code N\n<output>` (claude-code-observed.md
 * case g), otherwise the tool's error text.
 */
export const toClaudeToolError = (piToolName: string, result: PiToolResult): string => {
	const structured = result.structuredContent as Json | undefined;
	const exitCode = num(structured?.exit_code);
	if ((piToolName === "bash" || piToolName === "powershell") && exitCode !== undefined) {
		const output = (str(structured?.output) ?? "").replace(/\n+$/, "");
		return output === "" ? `Exit code ${exitCode}` : `Exit code ${exitCode}\n${output}`;
	}
	return resultText(result);
};

/**
 * Claude Code `updatedToolOutput` -> the text the model sees instead of the tool's output, or undefined when
 * the value does not fit the tool's output shape (Claude Code hooks §9 item 38: a mismatched shape is ignored).
 */
export const fromClaudeToolOutput = (piToolName: string, updated: unknown): string | undefined => {
	if (typeof updated === "string") return updated;
	if (updated === null || typeof updated !== "object" || Array.isArray(updated)) return undefined;
	const value = updated as Json;
	switch (piToolName) {
		case "bash":
		case "powershell": {
			const stdout = str(value.stdout);
			if (stdout === undefined) return undefined;
			const stderr = str(value.stderr) ?? "";
			return stderr === "" ? stdout : `${stdout}\n${stderr}`;
		}
		case "read": {
			const file = value.file as Json | undefined;
			return str(file?.content) ?? str(value.content);
		}
		default:
			return str(value.content) ?? str(value.stdout);
	}
};

const isString = (value: unknown): boolean => typeof value === "string";

/** JSON's name for the type of a value, as Claude Code's schema messages use it. */
const jsonType = (value: unknown): string =>
	value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "number" ? "number" : typeof value;

/**
 * Claude Code's schema issue for a string parameter (`field` in Claude Code's name): "The required parameter
 * `command` is missing", or "The parameter `command` type is expected as `string` but provided as `number`".
 */
const needString = (field: string, value: unknown): string | undefined =>
	isString(value)
		? undefined
		: value === undefined
			? `The required parameter \`${field}\` is missing`
			: `The parameter \`${field}\` type is expected as \`string\` but provided as \`${jsonType(value)}\``;

/**
 * Why `input` is not a valid input for pi's `piToolName` tool (e.g. after a hook's `updatedInput`), in Claude
 * Code's words and names, or undefined when it is. Unknown tools accept any object.
 */
export const invalidToolInput = (piToolName: string, input: Json): string | undefined => {
	switch (piToolName) {
		case "bash":
		case "powershell":
			return (
				needString("command", input.command) ??
				(input.timeout === undefined || num(input.timeout) !== undefined
					? undefined
					: `The parameter \`timeout\` type is expected as \`number\` but provided as \`${jsonType(input.timeout)}\``)
			);
		case "read":
			return needString("file_path", input.path);
		case "write":
			return needString("file_path", input.path) ?? needString("content", input.content);
		case "edit": {
			const edits = input.edits;
			const path = needString("file_path", input.path);
			if (path !== undefined) return path;
			if (!Array.isArray(edits) || edits.length === 0) return "The required parameter `old_string` is missing";
			for (const edit of edits as PiEdit[]) {
				const problem = needString("old_string", edit?.oldText) ?? needString("new_string", edit?.newText);
				if (problem !== undefined) return problem;
			}
			return undefined;
		}
		case "grep":
		case "find":
			return needString("pattern", input.pattern);
		default:
			return undefined;
	}
};
