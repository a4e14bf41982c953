/**
 * The words the path finder of change-aware trust knows (src/engine/trust/reach.ts), as data: shells,
 * interpreters, wrappers and their options, programs whose reach is their own, loader variables, script names.
 * A new program that runs another command belongs in one of these tables.
 */

/** Shells: `-c STRING` is parsed again, a here-document fed to them too, their first argument is a script. */
export const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "busybox"]);

/** Programs whose first non-option argument is the script they run (may not exist yet: it is tracked anyway). */
export const INTERPRETERS = new Set([
	...SHELLS,
	"fish",
	"source",
	".",
	"python",
	"python2",
	"python3",
	"node",
	"deno",
	"bun",
	"tsx",
	"ts-node",
	"ruby",
	"perl",
	"php",
	"lua",
	"pwsh",
	"Rscript",
	"osascript",
]);

/**
 * Programs that run another command: their own options and fixed arguments are skipped, the rest is a command
 * again (`timeout 5 sh -c ...`, `env X=1 bash x`, `xargs sh`). The number is how many non-option words are theirs.
 */
export const WRAPPERS: Readonly<Record<string, number>> = {
	env: 0,
	exec: 0,
	command: 0,
	builtin: 0,
	nohup: 0,
	nice: 0,
	time: 0,
	setsid: 0,
	stdbuf: 0,
	ionice: 0,
	sudo: 0,
	doas: 0,
	xargs: 0,
	flock: 1,
	timeout: 1,
	chrt: 1,
	taskset: 1,
	watch: 0,
	unbuffer: 0,
};

/** Options of wrappers that take a value in the next word (`nice -n 5`, `timeout -s KILL 5`, `env -u X`). */
export const WRAPPER_VALUE_OPTIONS = new Set([
	"-n",
	"-s",
	"-k",
	"-u",
	"-C",
	"-c",
	"-p",
	"-i",
	"-o",
	"-e",
	"-a",
	"-d",
	"-I",
]);

/** Programs whose reach is theirs to decide: what they read is not tracked (`make` reads its Makefile). */
export const UNKNOWN_REACH = new Set([
	"make",
	"gmake",
	"npx",
	"npm",
	"pnpm",
	"pnpx",
	"yarn",
	"bunx",
	"uv",
	"uvx",
	"pipx",
	"poetry",
	"cargo",
	"go",
	"just",
	"task",
	"rake",
	"gradle",
	"mvn",
	"docker",
	"git",
	// They run a command line or a program of their own choosing: `script -qc CMD`, `su -c CMD`,
	// `find -exec`, `awk 'BEGIN{system(...)}'`.
	"script",
	"su",
	"runuser",
	"find",
	"awk",
	"gawk",
	"mawk",
	"nawk",
	"expect",
]);

/** Inline-code options of interpreters (`node -e CODE`, `python3 -c CODE`, `perl -e`): the code can load files. */
export const INLINE_CODE = /^(?:-e|-c|-p|--eval|--print|-E|eval|-r|--require|--import|--loader|-m)$/;

/** Variables that make an interpreter load more code (`NODE_OPTIONS=--require ./r.js`, `PYTHONPATH`, `LD_PRELOAD`). */
export const LOADER_VARIABLES = new RegExp(
	`^(?:${[
		"NODE_OPTIONS",
		"NODE_PATH",
		"PYTHONPATH",
		"PYTHONHOME",
		"PYTHONSTARTUP",
		"PERL5OPT",
		"PERL5LIB",
		"PERLLIB",
		"RUBYOPT",
		"RUBYLIB",
		"LD_PRELOAD",
		"LD_LIBRARY_PATH",
		"DYLD_INSERT_LIBRARIES",
	].join("|")})=$`,
);

/** File names that are scripts: their folder's source files are covered too. */
export const SCRIPT_NAME = /\.(?:sh|bash|zsh|py|js|mjs|cjs|ts|mts|cts|rb|pl|pm|php|lua|ps1|R)$/;

/** Redirections that read a file (`< f`, `<> f`); `>`, `>>`, `&>` write the hook's output. */
export const READS = /^<(?:>|&)?$/;

/** Programs whose file arguments are what they write (`tee -a log`): those change with every run, so are left out. */
export const WRITERS = new Set(["tee", "touch", "mkdir"]);
