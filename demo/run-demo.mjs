// `npm run demo`: the real pi with this extension, a throw-away demo project whose .claude/settings.json
// holds example Claude Code hooks, and a scripted model on 127.0.0.1, so no API key or network is needed.
// With a terminal it starts pi's TUI; without one (CI, pipes) it runs the demo prompts in print mode. `--port N`
// puts the scripted model on that port (default: any free one).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root, runPi, startScriptedPi } from "./scripted-pi.mjs";
import { takeOwnOptions } from "./try-options.mjs";

const demoDir = join(root, "demo");
const own = takeOwnOptions(process.argv.slice(2), { cwd: process.cwd(), env: process.env, allowAgentDir: false });
if ("error" in own) {
	console.error(`pi-hook-manager demo: ${own.error}`);
	process.exit(2);
}
const interactive = process.stdin.isTTY && process.stdout.isTTY && !own.rest.includes("--print");

const PROMPTS = [
	["a guard blocks a recursive delete (exit 2)", "bash: rm -rf victim"],
	["a policy denies a force-push (JSON deny)", "bash: git push --force origin main"],
	["a policy asks before a push (JSON ask)", "bash: git push origin feature-x"],
	[
		"a formatter rewrites JSON after a write (PostToolUse)",
		'tool: write {"path":"data.json","content":"{\\"b\\":1,\\"a\\":[1,2]}"}',
	],
	["a harmless command runs; the logger records it", "bash: ls"],
];

const sandbox = mkdtempSync(join(tmpdir(), "pi-hook-manager-demo-"));
const home = join(sandbox, "home");
const agentDir = join(sandbox, "agent");
const project = join(sandbox, "project");
for (const dir of [home, agentDir, join(project, ".claude", "hooks"), join(project, "victim")])
	mkdirSync(dir, { recursive: true });
// The demo's hooks are the test suite's Python fixtures: the same scripts the end-to-end tests prove.
for (const script of ["block_dangerous_bash.py", "bash_policy.py", "format_after_edit.py", "log_tool_events.py"]) {
	cpSync(join(root, "test", "fixtures", "hooks", script), join(project, ".claude", "hooks", script));
}
writeFileSync(join(project, ".claude", "settings.json"), readFileSync(join(demoDir, "settings.json")));
writeFileSync(join(project, "victim", "keep-me.txt"), "The guard keeps this file alive.\n");

const pi = await startScriptedPi({ agentDir, env: { ...process.env, HOME: home }, port: own.port }).catch((error) => {
	console.error(`pi-hook-manager demo: the scripted model cannot listen on port ${own.port}: ${error.message}`);
	rmSync(sandbox, { recursive: true, force: true });
	process.exit(2);
});
const env = pi.env;

/** Runs `pi -p <prompt>` in the demo project; resolves {status, stdout, stderr}. */
const runPrint = (prompt) =>
	// Print mode cannot ask, so the demo approves its own project hooks explicitly.
	runPi(["--no-session", "-p", prompt], {
		cwd: project,
		env: { ...env, PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS: "1" },
		timeoutMs: 120_000,
	});

/**
 * Each prompt is its own pi process, and each one lists the project hooks it runs unapproved (on stderr): the
 * demo shows that list once, with the first prompt, and drops it from the later ones.
 */
const noticeOnce = () => {
	let shown = false;
	return (lines) => {
		const start = lines.findIndex((line) => line.includes("PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS=1: running"));
		if (start < 0) return lines;
		if (!shown) {
			shown = true;
			return lines;
		}
		let end = start + 1;
		while (end < lines.length && /^\s/.test(lines[end])) end += 1;
		return [...lines.slice(0, start), ...lines.slice(end)];
	};
};

const cleanup = async () => {
	await pi.close();
	rmSync(sandbox, { recursive: true, force: true });
};

console.log(
	`pi-hook-manager demo (a throw-away project, deleted when the demo ends)\n  project: ${project}\n  hooks:   ` +
		`${join(project, ".claude", "settings.json")}\n  model:   ${pi.url} (scripted)\n`,
);
if (interactive) {
	console.log("pi first asks you to approve the project's hooks (they run commands on your machine): answer Yes.");
	console.log("The model is scripted: type one of these prompts and watch the hooks decide.\n");
	for (const [what, prompt] of PROMPTS) console.log(`  ${prompt}\n      -> ${what}`);
	console.log("\nQuit pi with Ctrl+D. Starting pi...\n");
	// --no-session: the demo folder is deleted afterwards, so there is nothing to resume.
	// pi clears the screen: a small demo extension keeps the prompts in a widget above the editor.
	const { status: code } = await runPi(["--no-session", "-e", join(demoDir, "demo-prompts.ts")], {
		cwd: project,
		env: { ...env, PI_HOOK_MANAGER_DEMO_PROMPTS: JSON.stringify(PROMPTS) },
		stdio: "inherit",
	});
	await cleanup();
	process.exit(code);
} else {
	console.log("No terminal: running the demo prompts in print mode (pi -p).\n");
	let failed = 0;
	const shown = noticeOnce();
	for (const [what, prompt] of PROMPTS) {
		// Asynchronous on purpose: the scripted model answers from this same process.
		const run = await runPrint(prompt);
		if (run.status !== 0) failed += 1;
		console.log(`$ pi -p ${JSON.stringify(prompt)}\n  (${what})`);
		for (const line of shown(`${run.stdout}${run.stderr}`.trim().split("\n"))) console.log(`  | ${line}`);
		console.log("");
	}
	const log = join(project, ".claude", "logs", "tool-events.jsonl");
	try {
		console.log(`The logger hook wrote ${readFileSync(log, "utf8").trim().split("\n").length} lines to ${log}`);
	} catch {
		console.log("The logger hook wrote no log.");
	}
	await cleanup();
	process.exit(failed === 0 ? 0 : 1);
}
