/**
 * The shell side of the preflight: a shell-form command parsed once (unbash, loaded on first use), giving the
 * simple commands it runs (their words, `$(...)` and `<(...)` included) and the bash-only constructs it uses,
 * which `/bin/sh -c` (Claude Code runs shell-form hooks so) rejects or reads otherwise where `sh` is dash or
 * busybox. Pure.
 */
import type { SyntaxNode } from "unbash";
import { lazyModule } from "../io/lazy-module.ts";

/** The shell parser, loaded when the first preflight runs (not at start-up). */
const unbash = lazyModule<typeof import("unbash")>("unbash");

/**
 * A bash-only construct, as it is written: `[[ ]]`, `<(...)`, `>(...)`, `source` and bash's other builtins by
 * name, `array` (`a=(1 2)`, `${a[0]}`), `function` (`function f {`), `==` (inside `[ ]` or `test`), `<<<`, `&>`,
 * `|&`, `(( ))`, `${var/...}`, `${var:offset}`, `${var^^}`, `${var@op}`, `${!var}`, `select`, `{a,b}`, `extglob`,
 * `$'...'`.
 */
export type BashConstruct = string;

/**
 * Builtins of bash that POSIX `sh` (dash) does not have: under dash each is "not found". Claude Code docs and
 * hook scripts often use `source`; POSIX spells it `.`.
 */
export const BASH_BUILTINS: ReadonlySet<string> = new Set([
	"source",
	"declare",
	"typeset",
	"shopt",
	"let",
	"pushd",
	"popd",
	"dirs",
	"mapfile",
	"readarray",
	"complete",
	"compgen",
	"compopt",
	"disown",
	"suspend",
	"enable",
	"caller",
	"bind",
	"builtin",
	"logout",
]);

/** One simple command of the line: its words as the shell passes them (quotes removed), program first. */
export interface SimpleCommand {
	readonly words: readonly string[];
}

/** What one parse of a shell-form command found. */
export interface ShellFacts {
	/** Every simple command, in source order, without its leading `NAME=value` assignments. */
	readonly commands: readonly SimpleCommand[];
	/** The names of functions the line defines (calls of them run no program). */
	readonly functions: ReadonlySet<string>;
	/** The bash-only constructs it uses, each once, in source order. */
	readonly bashOnly: readonly BashConstruct[];
}

/** Largest command parsed, in characters; a longer one is not looked at. */
const MAX_COMMAND_CHARS = 64 * 1024;

/** `${var/...}` and the other parameter operations dash does not have, by unbash's operation type. */
const BASH_OPERATIONS: Readonly<Record<string, BashConstruct>> = {
	Replace: "${var/...}",
	Slice: "${var:offset}",
	CaseModification: "${var^^}",
	Transform: "${var@op}",
	Names: "${!prefix*}",
};

/** The construct `node` is, when it is bash-only; `source` is the command line (for `function f {`). */
const constructOf = (node: SyntaxNode, source: string): BashConstruct | undefined => {
	switch (node.type) {
		case "TestCommand":
			return "[[ ]]";
		case "ProcessSubstitution":
			return `${node.operator}(...)`;
		case "ArrayValue":
			return "array";
		case "HereString":
			return "<<<";
		case "ArithmeticCommand":
			return "(( ))";
		case "Select":
			return "select";
		case "BraceExpansion":
			return "{a,b}";
		case "ExtendedGlob":
			return "extglob";
		case "AnsiCQuoted":
			return "$'...'";
		case "Function":
			// `f() {` is POSIX; `function f {` is not (dash: a syntax error).
			return source.startsWith("function", node.pos) ? "function" : undefined;
		case "Redirect":
			return node.operator === "&>" || node.operator === "&>>" ? "&>" : undefined;
		case "Pipeline":
			return node.operators.includes("|&") ? "|&" : undefined;
		case "ParameterExpansion":
			if (node.index !== undefined) return "array";
			if (node.prefix === "!") return "${!var}";
			return node.operation === undefined ? undefined : BASH_OPERATIONS[node.operation.type];
		case "Command": {
			const name = node.name?.value;
			if (name !== undefined && BASH_BUILTINS.has(name)) return name;
			if ((name === "[" || name === "test") && node.args.some((arg) => arg.type === "Word" && arg.value === "=="))
				return "==";
			return undefined;
		}
		default:
			return undefined;
	}
};

/** The commands, functions and bash-only constructs of a shell-form `line`; undefined when it cannot be parsed. */
export const shellFacts = (line: string): ShellFacts | undefined => {
	if (line.length > MAX_COMMAND_CHARS) return undefined;
	const commands: SimpleCommand[] = [];
	const functions = new Set<string>();
	const bashOnly = new Set<BashConstruct>();
	try {
		const parser = unbash();
		const script = parser.parse(line);
		const visit = (node: SyntaxNode): void => {
			const construct = constructOf(node, line);
			if (construct !== undefined) bashOnly.add(construct);
			if (node.type === "Function") functions.add(node.name.value);
			if (node.type === "Command" && node.name !== undefined) {
				const words = [node.name.value];
				for (const arg of node.args) if (arg.type === "Word") words.push(arg.value);
				commands.push({ words });
			}
			parser.forEachChild(node, visit);
		};
		visit(script);
	} catch {
		return undefined;
	}
	return { commands, functions, bashOnly: [...bashOnly] };
};
