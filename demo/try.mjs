// `npm run try -- [project] [pi options]`: the real pi with this extension on your own project, with your real
// Claude Code settings (~/.claude, the project's .claude and .pi files), answered by the demo's scripted model on
// 127.0.0.1, so your hooks can be tried without an API key or network. pi runs in an agent dir of its own, which
// gets the hook settings of your pi settings and your mcp.json: your pi settings stay as they are (pi-global
// hooks are read-only in /hooks there), while /hooks edits to your .claude and .pi files are real. The agent dir
// is thrown away at exit, unless `--keep` (a kept dir under your state folder) or `--agent-dir DIR` keeps it,
// with its sessions (--continue, the log's earlier sessions), switches, approvals and exports; `--port N` fixes
// the scripted model's port. Options after the project go to pi as they are (`-p "bash: ls"`: print mode).
import {
	copyFileSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync,
} from "node:fs";
import { constants, homedir, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { root, runPi, startScriptedPi } from "./scripted-pi.mjs";
import { alive, removeLeftoverTryDirs, TRY_DIR_PREFIX, TRY_PID_FILE } from "./try-dirs.mjs";
import { takeOwnOptions } from "./try-options.mjs";

// npm runs scripts in the package folder and says where it was started in INIT_CWD: a relative project is
// relative to that folder.
const started = process.env.INIT_CWD ?? process.cwd();
const own = takeOwnOptions(process.argv.slice(2), { cwd: started, env: process.env });
if ("error" in own) {
	console.error(`pi-hook-manager try: ${own.error}`);
	process.exit(2);
}
const args = own.rest;
const project = resolve(started, args[0] !== undefined && !args[0].startsWith("-") ? (args.shift() ?? ".") : ".");
if (!existsSync(project) || !statSync(project).isDirectory()) {
	console.error(`pi-hook-manager try: ${project} is not a folder`);
	process.exit(2);
}

const realAgentDir = process.env.PI_CODING_AGENT_DIR ?? join(homedir(), ".pi", "agent");
/** The keys of pi's settings that pi-hook-manager reads, as in a Claude Code settings file. */
const HOOK_KEYS = [
	"hooks",
	"disableAllHooks",
	"allowedHttpHookUrls",
	"httpHookAllowedEnvVars",
	"enabledPlugins",
	"allowManagedHooksOnly",
];
/** The hook settings of your own pi settings (your limits too), so they hold here; nothing else of that file. */
const piHooks = () => {
	try {
		const settings = JSON.parse(readFileSync(join(realAgentDir, "settings.json"), "utf8"));
		return Object.fromEntries(HOOK_KEYS.flatMap((key) => (key in settings ? [[key, settings[key]]] : [])));
	} catch {
		return {};
	}
};

/** The file that marks a kept agent dir as one of `npm run try`'s: only such a dir (or an empty one) is used. */
const KEPT_MARK = "pi-hook-manager-try.json";
const kept = own.agentDir !== undefined;
/** @param {string} dir @param {string} why */
const refuse = (dir, why) => {
	console.error(`pi-hook-manager try: not using ${dir} as the agent dir: ${why}`);
	process.exit(2);
};
let agentDir = "";
if (own.agentDir !== undefined) {
	agentDir = own.agentDir;
	// Never your own pi agent dir: try rewrites its settings.json and models.json.
	if (resolve(agentDir) === resolve(realAgentDir)) refuse(agentDir, "it is your pi agent dir");
	if (existsSync(agentDir) && !statSync(agentDir).isDirectory()) refuse(agentDir, "it is not a folder");
	if (existsSync(agentDir) && readdirSync(agentDir).length > 0 && !existsSync(join(agentDir, KEPT_MARK)))
		refuse(agentDir, `it is not empty and npm run try did not make it (no ${KEPT_MARK}); name a new folder`);
	mkdirSync(agentDir, { recursive: true, mode: 0o700 });
	// One try at a time per kept dir: a second one would point the first one's models.json at its own model.
	try {
		const pid = Number(readFileSync(join(agentDir, TRY_PID_FILE), "utf8").trim());
		if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))
			refuse(agentDir, `npm run try (pid ${pid}) is using it; name another with --agent-dir`);
	} catch {
		// No pid file: nobody uses it.
	}
	writeFileSync(join(agentDir, KEPT_MARK), `${JSON.stringify({ keptBy: "npm run try", project })}\n`);
} else {
	// Earlier runs that were killed too hard to clean up (SIGKILL, a crash) left their dirs: remove those whose
	// try process is gone.
	removeLeftoverTryDirs(tmpdir());
	agentDir = mkdtempSync(join(tmpdir(), TRY_DIR_PREFIX));
}
writeFileSync(join(agentDir, TRY_PID_FILE), String(process.pid));
// A throw-away dir holds copies of your mcp.json and hook settings: it goes however this process ends. A signal
// (the terminal closed: SIGHUP; kill: SIGTERM; Ctrl+C in print mode: SIGINT) is passed on to pi, and the dir is
// removed once pi has exited. A kept dir stays, all but its pid file.
const removeAgentDir = () =>
	kept
		? rmSync(join(agentDir, TRY_PID_FILE), { force: true })
		: rmSync(agentDir, { recursive: true, force: true, maxRetries: 3 });
process.on("exit", removeAgentDir);
/** @type {NodeJS.Signals | undefined} */
let stoppedBy;
/** @type {import("node:child_process").ChildProcess | undefined} */
let piChild;
for (const signal of /** @type {NodeJS.Signals[]} */ (["SIGHUP", "SIGTERM", "SIGINT"])) {
	process.on(signal, () => {
		stoppedBy ??= signal;
		if (piChild === undefined || piChild.exitCode !== null || piChild.signalCode !== null)
			process.exit(128 + constants.signals[signal]);
		piChild.kill(signal);
		// pi's TUI may take SIGINT as a key press: if it is still there after a while, it is killed.
		setTimeout(() => piChild?.kill("SIGKILL"), 5_000).unref();
	});
}
// Your MCP servers, for mcp_tool hooks (pi also reads the project's .pi/mcp.json once you trust the folder).
if (existsSync(join(realAgentDir, "mcp.json")))
	copyFileSync(join(realAgentDir, "mcp.json"), join(agentDir, "mcp.json"));
else rmSync(join(agentDir, "mcp.json"), { force: true });
/**
 * What pi keeps in a kept dir's settings.json (the last model, the theme, ...), without the hook keys: those come
 * from your pi settings again each run.
 */
const keptSettings = () => {
	if (!kept) return {};
	try {
		const settings = JSON.parse(readFileSync(join(agentDir, "settings.json"), "utf8"));
		return Object.fromEntries(Object.entries(settings).filter(([key]) => !HOOK_KEYS.includes(key)));
	} catch {
		return {};
	}
};
const pi = await startScriptedPi({ agentDir, settings: { ...keptSettings(), ...piHooks() }, port: own.port }).catch(
	(error) => {
		console.error(`pi-hook-manager try: the scripted model cannot listen on port ${own.port}: ${error.message}`);
		process.exit(2);
	},
);

if (process.stdout.isTTY) {
	console.error(
		[
			`pi-hook-manager try: pi on ${project} with your hooks and a scripted model (no API key, no network).`,
			"The model does what each line of your prompt says:",
			"  bash: <command>            calls pi's bash tool (Claude Code's Bash), e.g. bash: git status",
			'  tool: <name> <json input>  calls any tool, e.g. tool: read {"path":"README.md"}',
			"  anything else              is echoed back (echo: ...); after a tool call it says what the tool returned",
			...(kept
				? [
						`pi's agent dir is kept in ${agentDir}: sessions (--continue, Ctrl+L in /hooks' log),`,
						"switches, approvals and exports stay there for the next run with the same --keep or",
						"--agent-dir.",
					]
				: [
						`pi's agent dir ${agentDir} is thrown away at exit, with its sessions, switches, approvals and`,
						"exports (project hooks are asked about again next run); --keep or --agent-dir DIR keeps them.",
					]),
			`The scripted model answers on ${pi.url}. Quit with Ctrl+D.`,
			"",
		].join("\n"),
	);
}
// pi's TUI clears the screen: the demo's widget keeps example prompts above the editor (print mode has no UI).
const examples = [
	["bash: <command> calls pi's bash tool (Claude Code's Bash)", "bash: git status"],
	["tool: <name> <json input> calls any tool", 'tool: read {"path":"README.md"}'],
];
// pi writes its session into try's agent dir (not your session folder, even with PI_CODING_AGENT_SESSION_DIR
// set), so hooks get a transcript_path that exists; it goes with a throw-away dir, and stays in a kept one.
const sessionDir = join(agentDir, "sessions");
const run = await runPi(["--session-dir", sessionDir, "-e", join(root, "demo", "demo-prompts.ts"), ...args], {
	cwd: project,
	env: {
		...pi.env,
		PI_HOOK_MANAGER_DEMO_PROMPTS: JSON.stringify(examples),
		// The panel then keeps pi-global hooks read-only: they are edited in your own file, not in this copy.
		PI_HOOK_MANAGER_PI_GLOBAL_COPY_OF: join(realAgentDir, "settings.json"),
		// What the extension tells you about approvals and files under try: whether this agent dir outlives the run.
		PI_HOOK_MANAGER_TRY: kept ? "kept" : "throwaway",
		PI_HOOK_MANAGER_DEMO_TITLE:
			"Your hooks on this project, a scripted model: type a prompt like these, then /hooks for your hooks and " +
			"their log:",
	},
	stdio: "inherit",
	onSpawn: (child) => {
		piChild = child;
	},
});
await pi.close();
removeAgentDir();
process.exit(stoppedBy === undefined ? run.status : 128 + constants.signals[stoppedBy]);
