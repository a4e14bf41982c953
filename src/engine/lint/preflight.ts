/**
 * Preflight of a `command` hook: what keeps it from running on this machine, said before its first run. The
 * programs its command names (and a script's `#!` interpreter) missing on PATH, a script it runs that is not
 * there or has no execute bit, bash-only syntax in a shell-form command (`/bin/sh -c` runs it: Claude Code and
 * pi-hook-manager alike), a `shell: "powershell"` hook without `pwsh`/`powershell`. Findings are codes; the
 * sentence is {@link preflightMessage}'s. Pure: the file system is read through the {@link PreflightProbe} port,
 * and nothing is ever run.
 */
import { basename, isAbsolute, resolve } from "node:path";
import type { HookEntry } from "../types.ts";
import { BASH_BUILTINS, type BashConstruct, shellFacts } from "./preflight-syntax.ts";

/** What the preflight may ask of the machine (the host implements it, caching what it looked up). */
export interface PreflightProbe {
	/** The absolute path `name` (no `/`) resolves to on PATH as an executable regular file, or undefined. */
	which(name: string): string | undefined;
	/**
	 * What is at the absolute `path`: nothing, a regular file this user may execute, one without an execute bit,
	 * or something else (a folder, a device).
	 */
	file(path: string): "missing" | "executable" | "not_executable" | "other";
	/** The first line of the file at `path` when it starts with `#!` (without the `#!`), else undefined. */
	shebang(path: string): string | undefined;
	/** The name of the program `/bin/sh` is here (`dash`, `bash`, `busybox`); undefined when it cannot be told. */
	sh(): string | undefined;
	/** `$HOME`, for `~` and `$HOME` in commands; undefined when unknown. */
	readonly home: string | undefined;
}

/**
 * One reason a hook cannot run here, by code:
 * - `program_missing`: `program` (a name looked up on PATH, or an absolute interpreter path) is not there; `script`
 *   is set when a script's `#!` line names it;
 * - `script_missing`: `path`, a script the command runs (directly or through an interpreter), does not exist;
 * - `not_executable`: `path`, a script run directly (not through an interpreter), has no execute bit (sh: exit 126);
 * - `bash_only_syntax`: `constructs` are bash-only and the command runs under `/bin/sh`, which is `sh` here
 *   (undefined: unknown). dash and busybox reject them or read them otherwise;
 * - `powershell_missing`: `shell: "powershell"` and neither `pwsh` nor `powershell` is on PATH.
 */
export type PreflightFinding =
	| { readonly code: "program_missing"; readonly program: string; readonly script?: string }
	| { readonly code: "script_missing"; readonly path: string }
	| { readonly code: "not_executable"; readonly path: string }
	| {
			readonly code: "bash_only_syntax";
			readonly constructs: readonly BashConstruct[];
			readonly sh: string | undefined;
	  }
	| { readonly code: "powershell_missing" };

/** The code of a preflight finding. */
export type PreflightCode = PreflightFinding["code"];

/** Where the hook runs. */
export interface PreflightContext {
	/** The project root (`$CLAUDE_PROJECT_DIR`). */
	readonly projectDir: string;
	/** The directory the hook runs in (pi's cwd); default the project root. */
	readonly runDir?: string;
}

/** POSIX shell builtins and keywords dash has: no program on PATH is needed for them. */
const SH_BUILTINS: ReadonlySet<string> = new Set(
	(
		": . [ alias bg break cd command continue echo eval exec exit export false fg getopts hash jobs kill local " +
		"printf pwd read readonly return set shift test times trap true type ulimit umask unalias unset wait"
	).split(" "),
);

/** Programs that run the command after their own options, with how many plain words of their own come first. */
const WRAPPERS: Readonly<Record<string, number>> = {
	env: 0,
	exec: 0,
	command: 0,
	nohup: 0,
	nice: 0,
	time: 0,
	timeout: 1,
};

/** Options of a wrapper that take the next word as their value. */
const WRAPPER_VALUE_OPTIONS: ReadonlySet<string> = new Set(["-u", "-C", "-n", "-s", "-k", "--signal", "--kill-after"]);

/** Programs whose first non-option word is the script they run (a file, not looked up on PATH). */
const INTERPRETER = /^(?:sh|bash|dash|zsh|ksh|python[0-9.]*|node|nodejs|ruby|perl|php|tsx|ts-node)$/;

/** Interpreter options whose code is inline (no script file follows). */
const INLINE_OPTIONS: ReadonlySet<string> = new Set(["-c", "-e", "-m", "-p", "--eval", "--print", "-E", "-"]);

/** Interpreter options that take the next word as their value. */
const INTERPRETER_VALUE_OPTIONS: ReadonlySet<string> = new Set([
	"-r",
	"--require",
	"--import",
	"--loader",
	"--env-file",
	"-C",
	"--conditions",
	"-W",
	"-X",
	"-o",
	"-O",
]);

/** A `sh` that runs bash syntax: bash itself (in POSIX mode it still takes `[[`, `source`, arrays). */
const BASH_SH = /^bash/;

/** What one hook's preflight looks at and collects. */
interface Check {
	readonly probe: PreflightProbe;
	readonly runDir: string;
	readonly vars: Readonly<Record<string, string | undefined>>;
	readonly findings: PreflightFinding[];
	/** Programs and files the command tests for itself (`command -v jq`, `[ -x f ]`): their absence is handled. */
	readonly guarded: Set<string>;
	readonly seen: Set<string>;
}

const add = (check: Check, finding: PreflightFinding): void => {
	const key = JSON.stringify(finding);
	if (check.seen.has(key)) return;
	check.seen.add(key);
	check.findings.push(finding);
};

/** `word` with the variables a hook's path may use expanded; undefined when it holds any other (or a glob). */
const expandWord = (check: Check, word: string): string | undefined => {
	let unknown = false;
	const expanded = word
		.replace(/^~(?=\/|$)/, () => {
			if (check.vars.HOME === undefined) unknown = true;
			return check.vars.HOME ?? "~";
		})
		.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (whole, braced, bare) => {
			const value = check.vars[(braced ?? bare) as string];
			if (value === undefined) unknown = true;
			return value ?? whole;
		});
	if (unknown || /[$`*?[\]{}]/.test(expanded) || expanded === "") return undefined;
	return expanded;
};

/** The `#!` interpreter of an executable script: missing on PATH (`env NAME`) or at its absolute path. */
const checkShebang = (check: Check, script: string): void => {
	const line = check.probe.shebang(script)?.trim();
	if (line === undefined || line === "") return;
	const [interpreter = "", ...rest] = line.split(/\s+/);
	if (basename(interpreter) === "env") {
		// `#!/usr/bin/env -S deno run`: the first word that is no option nor assignment is the program.
		const program = rest.find((word) => !word.startsWith("-") && !word.includes("="));
		if (program !== undefined && !program.includes("/") && check.probe.which(program) === undefined)
			add(check, { code: "program_missing", program, script });
		return;
	}
	if (isAbsolute(interpreter) && check.probe.file(interpreter) === "missing")
		add(check, { code: "program_missing", program: interpreter, script });
};

/** A script a command runs itself (`./x.sh`, `$CLAUDE_PROJECT_DIR/h.py`): there, executable, its `#!` found. */
const checkDirectScript = (check: Check, path: string): void => {
	const state = check.probe.file(path);
	if (state === "missing") add(check, { code: "script_missing", path });
	else if (state === "not_executable") add(check, { code: "not_executable", path });
	else if (state === "executable") checkShebang(check, path);
};

/** The script an interpreter runs (`python3 x.py`): its first non-option word, when it is plainly a file. */
const checkInterpreterScript = (check: Check, name: string, args: readonly string[]): void => {
	for (let at = 0; at < args.length; at += 1) {
		const arg = args[at] ?? "";
		if (INLINE_OPTIONS.has(arg) || /^-[A-Za-z]*c$/.test(arg)) return;
		if (INTERPRETER_VALUE_OPTIONS.has(arg)) {
			at += 1;
			continue;
		}
		if (arg.startsWith("-")) continue;
		const path = expandWord(check, arg);
		// A shell looks a slash-less script up on PATH too, node tries `x.js` for `x`: only a plain file is judged.
		const plain = path !== undefined && (path.includes("/") || (!/sh$/.test(name) && /\.[A-Za-z0-9]+$/.test(path)));
		if (plain && check.probe.file(resolve(check.runDir, path)) === "missing")
			add(check, { code: "script_missing", path: resolve(check.runDir, path) });
		return;
	}
};

/**
 * One simple command (`words`, program first): wrappers unwrapped, the program found (a path or on PATH), an
 * interpreter's script checked. `shellForm`: builtins need no program; exec form spawns the program directly.
 */
const checkCommand = (
	check: Check,
	words: readonly string[],
	shellForm: boolean,
	functions: ReadonlySet<string>,
): void => {
	let at = 0;
	while (at < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[at] ?? "")) at += 1;
	const program = words[at];
	if (program === undefined) return;
	const args = words.slice(at + 1);
	const name = basename(program);
	// `command -v jq`, `which jq`, `type jq`, `hash jq`: a check, not a run (noted as guarded before the walk).
	if ((name === "command" && /^-[vV]$/.test(args[0] ?? "")) || ["which", "type", "hash"].includes(name)) return;
	const own = WRAPPERS[name];
	if (own !== undefined && (shellForm || name !== "exec")) {
		let rest = 0;
		let left = own;
		while (rest < args.length) {
			const arg = args[rest] ?? "";
			if (arg === "--") {
				rest += 1;
				break;
			}
			// `env -S 'cmd args'` splits a string of its own: not followed.
			if (name === "env" && (arg === "-S" || arg.startsWith("--split-string"))) return;
			if (arg.startsWith("-")) rest += WRAPPER_VALUE_OPTIONS.has(arg) ? 2 : 1;
			else if (name === "env" && arg.includes("=")) rest += 1;
			else if (left > 0) {
				left -= 1;
				rest += 1;
			} else break;
		}
		if (!shellForm || !SH_BUILTINS.has(name)) checkProgram(check, name);
		checkCommand(check, args.slice(rest), shellForm, functions);
		return;
	}
	if (shellForm && (SH_BUILTINS.has(name) || BASH_BUILTINS.has(name) || functions.has(program))) return;
	// `[ -x ./run.sh ] && ./run.sh`: the command copes with the file's absence itself.
	if (check.guarded.has(program)) return;
	const path = expandWord(check, program);
	if (path === undefined) return;
	if (path.includes("/")) checkDirectScript(check, resolve(check.runDir, path));
	else if (!check.guarded.has(path) && !checkProgram(check, path)) return;
	if (INTERPRETER.test(basename(path))) checkInterpreterScript(check, basename(path), args);
};

/** Whether `name` is on PATH (a `program_missing` finding when not, unless the command tests for it itself). */
const checkProgram = (check: Check, name: string): boolean => {
	if (check.probe.which(name) !== undefined) return true;
	if (!check.guarded.has(name)) add(check, { code: "program_missing", program: name });
	return false;
};

/** The programs and files `words` tests for: `command -v X`, `which X`, `type X`, `hash X`, `[ -x FILE ]`. */
const guardedBy = (words: readonly string[]): string[] => {
	const name = basename(words[0] ?? "");
	if (name === "command" && /^-[vV]$/.test(words[1] ?? "")) return words.slice(2);
	if (name === "[" || name === "test")
		return words.flatMap((word, at) => (/^-[efrsx]$/.test(word) ? [words[at + 1] ?? ""] : []));
	return ["which", "type", "hash"].includes(name) ? words.slice(1).filter((word) => !word.startsWith("-")) : [];
};

/**
 * The preflight findings of `entry` (none for other handler types), each once, in the order met: for
 * `shell: "powershell"` only whether PowerShell is installed; for the shell form the parse of the command (an
 * unparsable one yields none); for the exec form (`args`) its program and script. Never throws, never runs a
 * program.
 */
export const preflightHook = (
	entry: HookEntry,
	context: PreflightContext,
	probe: PreflightProbe,
): PreflightFinding[] => {
	const handler = entry.handler;
	if (handler.type !== "command") return [];
	const check: Check = {
		probe,
		runDir: context.runDir ?? context.projectDir,
		vars: {
			CLAUDE_PROJECT_DIR: context.projectDir,
			CLAUDE_PLUGIN_ROOT: entry.source.plugin?.root ?? entry.source.root,
			HOME: probe.home,
			PWD: context.runDir ?? context.projectDir,
		},
		findings: [],
		guarded: new Set(),
		seen: new Set(),
	};
	try {
		if (handler.args !== undefined) {
			checkCommand(check, [handler.command, ...handler.args], false, new Set());
			return check.findings;
		}
		if (handler.shell === "powershell") {
			if (probe.which("pwsh") === undefined && probe.which("powershell") === undefined)
				add(check, { code: "powershell_missing" });
			return check.findings;
		}
		const facts = shellFacts(handler.command);
		if (facts === undefined) return [];
		for (const command of facts.commands) for (const name of guardedBy(command.words)) check.guarded.add(name);
		for (const command of facts.commands) checkCommand(check, command.words, true, facts.functions);
		if (facts.bashOnly.length > 0)
			add(check, { code: "bash_only_syntax", constructs: facts.bashOnly, sh: probe.sh() });
	} catch {
		// Bad input never crashes pi: a probe that throws leaves what was found so far.
	}
	return check.findings;
};

/**
 * How much a finding stops the hook: `error` when it cannot run here (exit 127 or 126, a syntax error), `warning`
 * for bash-only syntax where `/bin/sh` is bash (it runs here, not where `sh` is dash: Debian, Ubuntu, Alpine).
 */
export const preflightSeverity = (finding: PreflightFinding): "error" | "warning" =>
	finding.code === "bash_only_syntax" && finding.sh !== undefined && BASH_SH.test(finding.sh) ? "warning" : "error";

/** The settings field a finding is about (its file:line:column): `shell` for PowerShell, else `command`. */
export const preflightField = (finding: PreflightFinding): "command" | "shell" =>
	finding.code === "powershell_missing" ? "shell" : "command";

/** The sentence of a finding, built from its code and fields; `shown` words each path (default: as it is). */
export const preflightMessage = (
	finding: PreflightFinding,
	shown: (path: string) => string = (path) => path,
): string => {
	switch (finding.code) {
		case "program_missing":
			return finding.script === undefined
				? `${finding.program} is not on PATH: the hook fails with "not found" (exit 127) before it runs`
				: `the #! line of ${shown(finding.script)} names ${finding.program}, which is not installed here ` +
						"(the hook fails with exit 127)";
		case "script_missing":
			return `${shown(finding.path)} does not exist: the hook fails with "not found" (exit 127)`;
		case "not_executable":
			return (
				`${shown(finding.path)} has no execute bit: sh cannot run it (exit 126); run chmod +x on it, or ` +
				"name its interpreter in the command"
			);
		case "bash_only_syntax": {
			const list = finding.constructs.map((construct) => `\`${construct}\``).join(", ");
			const where =
				finding.sh === undefined
					? "it fails where /bin/sh is not bash (dash, busybox)"
					: BASH_SH.test(finding.sh)
						? "it runs here (/bin/sh is bash) but fails where /bin/sh is dash (Debian, Ubuntu) or busybox"
						: `it fails here: /bin/sh is ${finding.sh}`;
			return `bash-only syntax ${list} in a command /bin/sh runs: ${where}; write POSIX sh or use bash -c`;
		}
		case "powershell_missing":
			return 'shell "powershell" but neither pwsh nor powershell is on PATH: the hook cannot start';
	}
};
