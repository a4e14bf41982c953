/**
 * The command line of `pi-hook-manager`: a subcommand (`list`, `lint`, `test`, `why`), its operands and the
 * options every subcommand takes. A mistake is a {@link UsageError} (exit code 2), never a guess. Pure.
 */

/** The subcommands. */
export const COMMANDS = ["list", "lint", "test", "why"] as const;

/** A subcommand name. */
export type CommandName = (typeof COMMANDS)[number];

/** What the command line asks for. */
export interface CliArgs {
	readonly command: CommandName | "help" | "version";
	/** Fixture files or folders (`test`, `why`). */
	readonly operands: readonly string[];
	/** `--json`: machine-readable output (`list`, `lint`, `test`, `why`). */
	readonly json: boolean;
	/** `--format github` (`lint`, `test`): GitHub Actions annotations; `text` by default. */
	readonly format: "text" | "github";
	/** `--junit FILE` (`test`): also write the results as JUnit XML to FILE. */
	readonly junit: string | undefined;
	/** `--update`: write the current outcomes into the fixtures' `expect` (`test`). */
	readonly update: boolean;
	/** `--no-preflight` (`lint`): leave out whether each hook can run on this machine (CI that is not the target). */
	readonly noPreflight: boolean;
	/** `--cwd DIR`: the project (default: the current directory). */
	readonly cwd: string | undefined;
	/** `--home DIR`: the home folder whose `.claude` and `.pi/agent` are read (default: the user's). */
	readonly home: string | undefined;
	/** `--agent-dir DIR`: pi's agent dir (default: `$PI_CODING_AGENT_DIR`, else `<home>/.pi/agent`, as pi). */
	readonly agentDir: string | undefined;
	/** `--approve-project-hooks`: project hooks count as approved for this run (nothing is saved). */
	readonly approveProjectHooks: boolean;
	/** `--timeout SECONDS` (`test`, `why`): every hook's timeout at most this; undefined: the hooks' own. */
	readonly timeoutSeconds: number | undefined;
}

/** A command line that cannot be run as written; `message` says what is wrong. Exit code 2. */
export class UsageError extends Error {
	override readonly name = "UsageError";
}

/** Options that take a value, by name. */
const VALUE_OPTIONS = new Set(["--cwd", "--home", "--agent-dir", "--timeout", "--junit", "--format"]);

/** What a value option needs, for its usage error. */
const VALUE_WORDS: Readonly<Record<string, string>> = {
	"--timeout": "a number of seconds",
	"--junit": "a file to write",
	"--format": '"github" or "text"',
};

/** Value options every subcommand takes. */
const COMMON_VALUE_OPTIONS = new Set(["--cwd", "--home", "--agent-dir"]);

/** Which options each subcommand accepts (besides `--cwd`, `--home`, `--agent-dir`, `--approve-project-hooks`). */
const OWN_OPTIONS: Readonly<Record<CommandName, readonly string[]>> = {
	list: ["--json"],
	lint: ["--json", "--no-preflight", "--format"],
	test: ["--update", "--timeout", "--json", "--junit", "--format"],
	why: ["--timeout", "--json"],
};

/** Every flag some subcommand takes. */
const KNOWN_FLAGS = new Set([
	"--json",
	"--update",
	"--no-preflight",
	"--approve-project-hooks",
	"--timeout",
	"--junit",
	"--format",
]);

/** The usage text (`--help`, and after a usage error). */
export const USAGE = [
	"usage: pi-hook-manager <command> [options]",
	"",
	"  list [--json]                 every hook, its source and state, in the order they run, and whether it is",
	"                                new or changed since pi last showed it to you",
	"  lint [--json] [--no-preflight] [--format github]",
	"                                config problems as file:line:column: severity: message (exit 1 on an error),",
	"                                and what keeps a hook from running here (--no-preflight leaves that out)",
	"  test [FIXTURE|DIR ...] [--update] [--json] [--junit FILE] [--format github]",
	"                                run fixtures (default .pi/hook-tests/) through the hooks and compare; a case",
	'                                no hook ran for fails (say "ran": 0 in its expect when that is the point)',
	"  why FIXTURE [--json]          why each configured hook runs or not for that fixture's event",
	"",
	"  test and why run the matching hooks for real, with their side effects (a formatter rewrites the file).",
	"",
	"options:",
	"  --cwd DIR                     the project folder (default: the current folder)",
	"  --home DIR                    the home folder with .claude/ and .pi/agent/ (default: yours)",
	"  --agent-dir DIR               pi's agent dir: settings, models, approvals (default: $PI_CODING_AGENT_DIR",
	"                                or HOME/.pi/agent); prompt and agent hooks run on the model pi has set up there",
	"  --approve-project-hooks       run project hooks that are not approved, for this run only",
	"  --timeout SECONDS             (test, why) cap every hook's timeout for this run (default: the hooks'",
	"                                own, 600 s for a command hook without one)",
	"  --json                        (list, lint, test, why) one JSON document on stdout",
	"  --junit FILE                  (test) also write the results as JUnit XML to FILE",
	"  --format github               (lint, test) GitHub Actions annotations (::error file=...,line=...,col=...::)",
	"",
	"exit codes: 0 ok, 1 a test failed, lint found an error, or (list, why) a settings file does not parse;",
	"            2 usage error or unreadable fixture; 3 internal error",
].join("\n");

/** Parses `argv` (without `node` and the script). Throws {@link UsageError}. */
export const parseArgs = (argv: readonly string[]): CliArgs => {
	const operands: string[] = [];
	const flags = new Set<string>();
	const values = new Map<string, string>();
	let command: CliArgs["command"] | undefined;
	for (let index = 0; index < argv.length; index++) {
		const arg = argv[index] ?? "";
		if (arg === "--help" || arg === "-h") return blank("help");
		if (arg === "--version" || arg === "-v") return blank("version");
		if (arg === "--") {
			operands.push(...argv.slice(index + 1));
			break;
		}
		if (arg.startsWith("--")) {
			const eq = arg.indexOf("=");
			const name = eq === -1 ? arg : arg.slice(0, eq);
			if (VALUE_OPTIONS.has(name)) {
				const value = eq === -1 ? argv[++index] : arg.slice(eq + 1);
				if (value === undefined || value === "")
					throw new UsageError(`${name} needs ${VALUE_WORDS[name] ?? "a folder"}`);
				values.set(name, value);
			} else if (eq !== -1) throw new UsageError(`${name} takes no value`);
			else flags.add(name);
			continue;
		}
		if (arg.startsWith("-") && arg !== "-") throw new UsageError(`unknown option ${arg}`);
		if (command === undefined) {
			if (arg === "help") return blank("help");
			if (!(COMMANDS as readonly string[]).includes(arg))
				throw new UsageError(`unknown command "${arg}" (commands: ${COMMANDS.join(", ")})`);
			command = arg as CommandName;
		} else operands.push(arg);
	}
	if (command === undefined) throw new UsageError("no command given");
	if (command === "help" || command === "version") return blank(command);
	const allowed = new Set([...OWN_OPTIONS[command], "--approve-project-hooks"]);
	for (const flag of [...flags, ...values.keys()]) {
		if (!allowed.has(flag) && !COMMON_VALUE_OPTIONS.has(flag))
			throw new UsageError(KNOWN_FLAGS.has(flag) ? `${command} does not take ${flag}` : `unknown option ${flag}`);
	}
	const timeout = values.get("--timeout");
	const timeoutSeconds = timeout === undefined ? undefined : Number(timeout);
	if (timeoutSeconds !== undefined && !(Number.isFinite(timeoutSeconds) && timeoutSeconds > 0))
		throw new UsageError(`--timeout needs a number of seconds above 0 (got "${timeout}")`);
	const format = values.get("--format") ?? "text";
	if (format !== "text" && format !== "github")
		throw new UsageError(`--format takes "github" or "text" (got "${format}")`);
	if (command === "why" && operands.length !== 1) throw new UsageError("why takes exactly one FIXTURE file");
	if ((command === "list" || command === "lint") && operands.length > 0)
		throw new UsageError(`${command} takes no operands (got "${operands[0]}")`);
	return {
		command,
		operands,
		json: flags.has("--json"),
		format,
		junit: values.get("--junit"),
		update: flags.has("--update"),
		noPreflight: flags.has("--no-preflight"),
		cwd: values.get("--cwd"),
		home: values.get("--home"),
		agentDir: values.get("--agent-dir"),
		approveProjectHooks: flags.has("--approve-project-hooks"),
		timeoutSeconds,
	};
};

/** A command line for `help` or `version`. */
const blank = (command: "help" | "version"): CliArgs => ({
	command,
	operands: [],
	json: false,
	format: "text",
	junit: undefined,
	update: false,
	noPreflight: false,
	cwd: undefined,
	home: undefined,
	agentDir: undefined,
	approveProjectHooks: false,
	timeoutSeconds: undefined,
});
