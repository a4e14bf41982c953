/**
 * The handler `if` filter (as in Claude Code): a permission-rule string such as `Bash(git push *)` or
 * `Edit(*.ts)`. For bash every subcommand of a compound command is checked, including those inside `$()` and
 * backticks, after leading `VAR=value` assignments; unparsable commands run the hook (fail open).
 */
import { isAbsolute, join, resolve } from "node:path";
import type { SyntaxNode } from "unbash";
import { TOOLS, toolMapping } from "../events/tool-map.ts";
import { lazyModule } from "../io/lazy-module.ts";
import type { IfContext, IfRule } from "../types.ts";
import { matchWildcard } from "./wildcard.ts";

/** The shell parser and the glob matcher, loaded when the first `if` rule is tested (not at start-up). */
const unbash = lazyModule<typeof import("unbash")>("unbash");
const picomatch = lazyModule<typeof import("picomatch")>("picomatch");

/** A compiled rule, or why the string is not a rule. */
export type IfRuleResult =
	| { readonly ok: true; readonly rule: IfRule }
	| { readonly ok: false; readonly message: string };

const RULE = /^\s*([A-Za-z0-9_.*:-]+)\s*(?:\((.*)\))?\s*$/s;
const TOOL_LIST = Object.values(TOOLS);
const SHELL_TOOLS = new Set(TOOL_LIST.filter((tool) => tool.shell).map((tool) => tool.claudeName));
/** Claude Code's file-editing tools pi has no equivalent of; rules may still name them. */
const CLAUDE_ONLY_EDIT_TOOLS = ["MultiEdit", "NotebookEdit"];

/** Claude Code permission rules: `Edit(...)` covers every file-editing tool, `Read(...)` every file-reading one. */
const RULE_COVERS: Readonly<Record<string, readonly string[]>> = {
	Edit: [
		...TOOL_LIST.filter((tool) => tool.ruleFamily === "Edit").map((tool) => tool.claudeName),
		...CLAUDE_ONLY_EDIT_TOOLS,
	],
	Read: TOOL_LIST.filter((tool) => tool.ruleFamily === "Read").map((tool) => tool.claudeName),
};
const FILE_TOOLS = new Set([...(RULE_COVERS.Edit ?? []), ...(RULE_COVERS.Read ?? [])]);

/**
 * Compiles a bash specifier to a test on one subcommand: `*` is a wildcard, a trailing ` *` also matches the
 * bare command (`git *` matches `git`), and the legacy `prefix:*` form is a prefix match.
 */
const compileCommandPattern = (specifier: string): ((command: string) => boolean) => {
	const legacy = /^(.*):\*$/s.exec(specifier);
	if (legacy) {
		const prefix = legacy[1] ?? "";
		return (command) => command === prefix || command.startsWith(`${prefix} `);
	}
	// `git *` is `git` alone or `git` followed by a space and anything.
	const body = specifier.endsWith(" *") ? specifier.slice(0, -2) : undefined;
	return (command) => matchWildcard(specifier, command) || (body !== undefined && matchWildcard(body, command));
};

/** The subcommands of a shell command line, without leading assignments; undefined when unparsable. */
export const shellSubcommands = (commandLine: string): string[] | undefined => {
	let failed = false;
	const commands: string[] = [];
	const visit = (node: SyntaxNode): void => {
		if ("errors" in node && Array.isArray(node.errors) && node.errors.length > 0) failed = true;
		if (node.type === "Command") {
			const words = [node.name, ...(node.suffix ?? [])].filter((word) => word !== undefined);
			const text = words.map((word) => commandLine.slice(word.pos, word.end)).join(" ");
			if (text !== "") commands.push(text);
		}
		unbash().forEachChild(node, visit);
	};
	try {
		visit(unbash().parse(commandLine));
	} catch {
		return undefined;
	}
	return failed ? undefined : commands;
};

/**
 * The words of the first simple command of a shell command line, quotes removed and leading assignments left
 * out (`FOO=1 bash -e x.sh` gives `bash`, `-e`, `x.sh`), parsed with unbash; `[]` when there is none. Text
 * unbash cannot parse falls back to splitting at whitespace.
 */
export const commandWords = (commandLine: string): string[] => {
	let first: SyntaxNode | undefined;
	const visit = (node: SyntaxNode): void => {
		if (first !== undefined) return;
		if (node.type === "Command") first = node;
		else unbash().forEachChild(node, visit);
	};
	try {
		visit(unbash().parse(commandLine));
	} catch {
		return commandLine.split(/\s+/).filter((word) => word !== "");
	}
	if (first?.type !== "Command") return [];
	return [first.name, ...first.suffix]
		.filter((word) => word !== undefined && word.type === "Word")
		.map((word) => (word as { value: string }).value);
};

const DYNAMIC = /\$\(|`|\$[A-Za-z_{]/;

const testShell = (specifier: string): IfRule["test"] => {
	const matches = compileCommandPattern(specifier);
	// A pattern that names more than the command (`git push *`) cannot be trusted against dynamic text.
	// `git push *` names more than the command; `rm *` or `rm:*` names only the command and its arguments.
	const literal = specifier.replace(/(?: \*|:\*)$/, "").split("*")[0] ?? "";
	const specific = /\s/.test(literal.trim());
	return (_tool, ccInput) => {
		const commandLine = typeof ccInput.command === "string" ? ccInput.command : "";
		const subcommands = shellSubcommands(commandLine);
		if (subcommands === undefined) return true; // unparsable: fail open, the hook runs
		if (specific && DYNAMIC.test(commandLine)) return true;
		return subcommands.some(matches);
	};
};

/** Absolute glob for a file rule (gitignore-style anchors: `//abs`, `~/home`, `/project`, `./cwd`, bare = any
 * depth). */
const absoluteGlob = (specifier: string, context: IfContext): string => {
	if (specifier.startsWith("//")) return specifier.slice(1);
	if (specifier.startsWith("~/")) return join(context.home, specifier.slice(2));
	if (specifier.startsWith("/")) return join(context.projectDir, specifier);
	if (specifier.startsWith("./")) return join(context.cwd, specifier.slice(2));
	const trimmed = specifier.endsWith("/") ? specifier.slice(0, -1) : specifier;
	return trimmed.includes("/") ? join(context.cwd, specifier) : join(context.cwd, "**", specifier);
};

/** Most `*` runs a file rule may have: picomatch's regexes backtrack polynomially in their number. */
export const MAX_FILE_RULE_WILDCARDS = 3;

/** Longest path a file rule is tested against; a longer one runs the hook without testing (fail open). */
export const MAX_FILE_RULE_PATH_LENGTH = 1024;

const testFile = (specifier: string): IfRule["test"] => {
	return (_tool, ccInput, context) => {
		const raw = ccInput.file_path ?? ccInput.path ?? ccInput.notebook_path;
		if (typeof raw !== "string" || raw === "") return false;
		const path = isAbsolute(raw) ? raw : resolve(context.cwd, raw);
		if (path.length > MAX_FILE_RULE_PATH_LENGTH) return true;
		// gitignore-style rules have no extglobs; without them, `+(a|aa)` cannot backtrack exponentially.
		return picomatch()(absoluteGlob(specifier, context), { dot: true, noextglob: true })(path);
	};
};

/** How to read an `if` rule's tool name. */
export interface IfRuleOptions {
	/**
	 * True for a rule in pi's own settings files: pi's tool names count too (`bash(git *)` = `Bash(git *)`), as in
	 * their matchers. False (the default, Claude Code's files): Claude Code's names only, so `bash(git *)` names no
	 * tool and the hook never runs, as in Claude Code, whose permission rules name tools exactly.
	 */
	readonly piToolNames?: boolean;
}

/**
 * The tool an `if` rule names by pi's name where only Claude Code's names count: `bash(rm *)` in a Claude Code
 * file names `bash`, which is no Claude Code tool, so the rule never matches and the hook never runs (Claude
 * Code's permission rules name tools exactly). `named` is the name written, `claudeName` the one to write
 * (`Bash`); undefined for a rule in pi's own files (`piToolNames`), one that names a Claude Code tool, or none.
 */
export const piToolNameInRule = (
	source: string,
	options: IfRuleOptions = {},
): { readonly named: string; readonly claudeName: string } | undefined => {
	if (options.piToolNames === true) return undefined;
	const named = RULE.exec(source)?.[1];
	const claudeName = named === undefined ? undefined : toolMapping(named)?.claudeName;
	return named === undefined || claudeName === undefined || claudeName === named ? undefined : { named, claudeName };
};

/** The sentence for {@link piToolNameInRule}'s finding, as the editor, the list and the start-up notice say it. */
export const piToolNameProblem = (found: { readonly named: string; readonly claudeName: string }): string =>
	`"${found.named}" is pi's name: in a Claude Code file this rule never matches; write ${found.claudeName}(...)`;

/**
 * Compiles an `if` string. Returns `{ok:false, message}` for text that is not `Tool` or `Tool(specifier)`, or
 * a file rule with more than {@link MAX_FILE_RULE_WILDCARDS} wildcards; never throws. Specifiers of tools other
 * than shell and file tools are not evaluated: the hook runs.
 */
export const compileIfRule = (source: string, options: IfRuleOptions = {}): IfRuleResult => {
	const match = RULE.exec(source);
	if (!match) {
		return {
			ok: false,
			message: `if ${JSON.stringify(source)} is not a permission rule like "Bash(git *)" or "Edit(*.ts)"`,
		};
	}
	const written = match[1] ?? "";
	const toolName = (options.piToolNames === true ? toolMapping(written)?.claudeName : undefined) ?? written;
	const specifier = match[2]?.trim();
	const covered = (Object.hasOwn(RULE_COVERS, toolName) ? RULE_COVERS[toolName] : undefined) ?? [toolName];
	const toolMatches = (name: string): boolean => toolName === "*" || covered.includes(name);
	let check: IfRule["test"] = () => true;
	if (specifier !== undefined && specifier !== "" && specifier !== "*") {
		if (SHELL_TOOLS.has(toolName)) check = testShell(specifier);
		else if (FILE_TOOLS.has(toolName)) {
			const wildcards = specifier.match(/\*+/g)?.length ?? 0;
			if (wildcards > MAX_FILE_RULE_WILDCARDS) {
				const why =
					`it has ${wildcards} wildcards (at most ${MAX_FILE_RULE_WILDCARDS}), which can take ` +
					`seconds on a long path`;
				return { ok: false, message: `if ${JSON.stringify(source)} is refused: ${why}` };
			}
			check = testFile(specifier);
		}
	}
	return {
		ok: true,
		rule: {
			source,
			test: (ccToolName, ccInput, context) => toolMatches(ccToolName) && check(ccToolName, ccInput, context),
		},
	};
};
