#!/usr/bin/env node
/**
 * Records what the real Claude Code gives ConfigChange and FileChanged hooks (a dev tool; `npm test` never runs it).
 * Each case runs `claude -p` headless in an empty HOME and project, against a scripted Anthropic Messages API on
 * loopback: the model's turns are Bash or Write tool calls that edit a settings file or a watched file (each followed
 * by a `sleep`, so the file watchers see it before the session ends), then a final text. The recorder hook
 * (test/fixtures/hooks/hook.mjs --record) writes each hook's stdin and environment.
 *
 *   node scripts/claude-code/record-hooks.mjs --claude /tmp/cc/node_modules/.bin/claude [--out FILE] [--keep]
 *
 * Prints the templated recording ({{HOME}}, {{PROJECT}}, {{HOOK}}, {{SESSION}}) as JSON (or writes it to --out).
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const HOOK = join(ROOT, "test", "fixtures", "hooks", "hook.mjs");
const { values: options } = parseArgs({
	options: {
		claude: { type: "string" },
		out: { type: "string" },
		keep: { type: "boolean" },
		only: { type: "string" },
	},
});
const CLAUDE = options.claude ?? "claude";
const WAIT = "sleep 3";

/** A recorder hook command: appends stdin and env to `file`, with extra hook.mjs options. */
const recorder = (file, ...extra) => ({
	type: "command",
	command: ["node", JSON.stringify(HOOK), "--record", JSON.stringify(file), ...extra].join(" "),
});

/** The SSE body of one assistant message: text, or one tool call. */
const sse = (reply, index) => {
	const id = `msg_${index}`;
	const events = [];
	const push = (type, data) => events.push(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
	push("message_start", {
		message: {
			id,
			type: "message",
			role: "assistant",
			model: "claude-sonnet-4-5",
			content: [],
			stop_reason: null,
			stop_sequence: null,
			usage: { input_tokens: 10, output_tokens: 1 },
		},
	});
	if (reply.tool) {
		push("content_block_start", {
			index: 0,
			content_block: { type: "tool_use", id: `toolu_${index}`, name: reply.tool, input: {} },
		});
		push("content_block_delta", {
			index: 0,
			delta: { type: "input_json_delta", partial_json: JSON.stringify(reply.input) },
		});
	} else {
		push("content_block_start", { index: 0, content_block: { type: "text", text: "" } });
		push("content_block_delta", { index: 0, delta: { type: "text_delta", text: reply.text } });
	}
	push("content_block_stop", { index: 0 });
	push("message_delta", {
		delta: { stop_reason: reply.tool ? "tool_use" : "end_turn", stop_sequence: null },
		usage: { output_tokens: 5 },
	});
	push("message_stop", {});
	return events.join("");
};

/** The text of the tool_result in the request's last message (what the model saw of its last call). */
const lastToolResult = (messages) => {
	const content = messages.at(-1)?.content;
	const block = Array.isArray(content) ? content.find((item) => item.type === "tool_result") : undefined;
	if (block === undefined) return undefined;
	return typeof block.content === "string" ? block.content : block.content?.map((item) => item.text).join("");
};

/** A scripted Messages API: the main loop's n-th request (n = assistant turns so far) gets `turns[n]`. */
const startModel = (turns, log) =>
	new Promise((done) => {
		const server = createServer((request, response) => {
			let body = "";
			request.on("data", (chunk) => {
				body += chunk;
			});
			request.on("end", () => {
				log.push({ method: request.method, url: request.url });
				if (request.method !== "POST" || !request.url.startsWith("/v1/messages")) {
					response.writeHead(200, { "content-type": "application/json" }).end("{}");
					return;
				}
				const parsed = JSON.parse(body || "{}");
				if (request.url.startsWith("/v1/messages/count_tokens")) {
					response.writeHead(200, { "content-type": "application/json" }).end('{"input_tokens":10}');
					return;
				}
				const main = (parsed.tools ?? []).some((tool) => tool.name === "Bash");
				const assistantTurns = (parsed.messages ?? []).filter((message) => message.role === "assistant").length;
				const reply = main ? (turns[assistantTurns] ?? { text: "done" }) : { text: "ok" };
				if (main) log.push({ turn: assistantTurns, toolResult: lastToolResult(parsed.messages ?? []) });
				if (!parsed.stream) {
					const content = reply.tool
						? [{ type: "tool_use", id: `toolu_${assistantTurns}`, name: reply.tool, input: reply.input }]
						: [{ type: "text", text: reply.text }];
					response.writeHead(200, { "content-type": "application/json" }).end(
						JSON.stringify({
							id: "msg",
							type: "message",
							role: "assistant",
							model: "claude-sonnet-4-5",
							content,
							stop_reason: reply.tool ? "tool_use" : "end_turn",
							usage: { input_tokens: 10, output_tokens: 5 },
						}),
					);
					return;
				}
				response.writeHead(200, { "content-type": "text/event-stream" }).end(sse(reply, assistantTurns));
			});
		});
		server.listen(0, "127.0.0.1", () => done(server));
	});

const bash = (command) => ({ tool: "Bash", input: { command, description: "Scripted step" } });
const write = (filePath, content) => ({ tool: "Write", input: { file_path: filePath, content } });
const USER_SETTINGS = '"$HOME/.claude/settings.json"';
const MERGE =
	'const fs=require("fs"),[f,p]=process.argv.slice(1),s=fs.existsSync(f)?JSON.parse(fs.readFileSync(f,"utf8")):{};' +
	'for(const[k,v]of Object.entries(JSON.parse(p))){if(k!=="hooks"){s[k]=v;continue}s.hooks??={};' +
	"for(const[e,g]of Object.entries(v))s.hooks[e]=[...(s.hooks[e]??[]),...g]}" +
	"fs.writeFileSync(f,JSON.stringify(s,null,2))";
/** A shell command that merges `patch` into the settings file `file` (hook groups appended per event). */
const merge = (file, patch) => `node -e '${MERGE}' ${file} '${JSON.stringify(patch)}'`;
const ENV_DUMP =
	'const e=process.env;require("fs").appendFileSync(process.argv[1],JSON.stringify({names:Object.keys(e)' +
	'.filter((k)=>/^(CLAUDE|AI_AGENT)/.test(k)).sort(),CLAUDE_ENV_FILE:e.CLAUDE_ENV_FILE})+"\\n")';
/**
 * A hook that appends the names of the CLAUDE_* and AI_AGENT* variables of its environment (hook.mjs keeps the values
 * of a few) and the value of CLAUDE_ENV_FILE to `file`; no other values (a messaging token is among them).
 */
const envHook = (file) => ({ type: "command", command: `node -e '${ENV_DUMP}' ${JSON.stringify(file)}` });
/** The PreToolUse group an edit adds: does the edited configuration take effect? */
const addedHook = (box) => ({ matcher: "Bash", hooks: [recorder(box.rec("added"))] });
/** The user settings holding the recorder (and its answer options) on ConfigChange. */
const configHook = (box, ...answer) => ({
	"home/.claude/settings.json": {
		hooks: { ConfigChange: [{ hooks: [recorder(box.rec("config"), ...answer), envHook(box.rec("claude-env"))] }] },
	},
	"project/.claude/settings.json": {},
});

/**
 * The cases: `settings` and `files` per path (relative to the sandbox: home/… or project/…), the model's `turns`
 * (built from the sandbox paths), and the record files read back. Every hook is a user hook, so pi runs the same
 * settings without a project approval.
 */
const CASES = {
	"config-change": (box) => ({
		settings: configHook(box),
		turns: [
			bash(`printf '%s' '{"env":{"CONF_CASE":"local"}}' > .claude/settings.local.json && ${WAIT}`),
			bash(`printf '%s' '{"env":{"CONF_CASE":"project"}}' > .claude/settings.json && ${WAIT}`),
			bash(`${merge(USER_SETTINGS, { hooks: { PreToolUse: [addedHook(box)] } })} && ${WAIT}`),
			bash("echo after-user"),
			bash(`rm .claude/settings.local.json && ${WAIT}`),
			{ text: "done" },
		],
	}),
	"config-change-skill": (box) => ({
		settings: configHook(box),
		files: {
			"project/.claude/skills/demo/SKILL.md": "---\nname: demo\ndescription: A demo skill.\n---\nSay hi.\n",
		},
		turns: [bash(WAIT), bash(`echo 'Say hello.' >> .claude/skills/demo/SKILL.md && ${WAIT}`), { text: "done" }],
	}),
	"file-changed-watch-paths": (box) => ({
		settings: {
			"home/.claude/settings.json": {
				hooks: {
					FileChanged: [
						{
							matcher: "notes.txt",
							hooks: [recorder(box.rec("file"), "--stdout", `'${JSON.stringify(watchPaths(box))}'`)],
						},
					],
				},
			},
		},
		turns: [
			bash(WAIT),
			bash(`echo first > notes.txt && ${WAIT}`),
			bash(`echo one > extra.txt && ${WAIT}`),
			bash(`echo two >> extra.txt && ${WAIT}`),
			{ text: "done" },
		],
	}),
	"config-change-block-json": (box) => blockCase(box, "--stdout", '\'{"decision":"block","reason":"kept out"}\''),
	"config-change-block-exit2": (box) => blockCase(box, "--stderr", "'kept out'", "--exit", "2"),
	"file-changed": (box) => ({
		settings: {
			"home/.claude/settings.json": {
				hooks: {
					FileChanged: [
						{
							matcher: ".envrc|notes.txt",
							hooks: [recorder(box.rec("file")), envHook(box.rec("claude-env"))],
						},
					],
				},
			},
		},
		// .envrc exists at start; notes.txt does not (with two missing files, each run saw only one of them).
		files: { "project/.envrc": "export A=0\n" },
		turns: [
			bash(WAIT),
			write(join(box.project, "notes.txt"), "first\n"),
			bash(WAIT),
			bash(`echo second >> notes.txt && ${WAIT}`),
			bash(`echo 'export A=1' >> .envrc && echo other > other.txt && ${WAIT}`),
			bash(`rm notes.txt && ${WAIT}`),
			{ text: "done" },
		],
	}),
};

/** A FileChanged answer that adds extra.txt (absolute) to the watch list. */
const watchPaths = (box) => ({
	hookSpecificOutput: { hookEventName: "FileChanged", watchPaths: [join(box.project, "extra.txt")] },
});

/**
 * A ConfigChange hook that blocks; the blocked edit of the user settings adds a PreToolUse and a ConfigChange hook
 * of its own (do they run?), then a second edit (of the local settings) is blocked again.
 */
const blockCase = (box, ...answer) => ({
	settings: configHook(box, ...answer),
	turns: [
		bash(
			`${merge(USER_SETTINGS, {
				hooks: {
					PreToolUse: [addedHook(box)],
					ConfigChange: [{ hooks: [recorder(box.rec("added-config"))] }],
				},
			})} && ${WAIT}`,
		),
		bash("echo after-blocked"),
		bash(`printf '%s' '{"env":{"CONF_CASE":"local"}}' > .claude/settings.local.json && ${WAIT}`),
		bash("echo after-second"),
		{ text: "done" },
	],
});

/** Reads a JSON-lines record file ([] when the hook never ran). */
const readLines = (file) =>
	existsSync(file)
		? readFileSync(file, "utf8")
				.split("\n")
				.filter(Boolean)
				.map((line) => JSON.parse(line))
		: [];

/** Runs one case; resolves to its raw result (records, tool results, the -p result). */
const runCase = async (name) => {
	const root = realpathSync(mkdtempSync(join(tmpdir(), `cc-${name}-`)));
	const home = join(root, "home");
	const project = join(root, "project");
	const records = join(root, "records");
	for (const dir of [home, join(project, ".claude"), records]) mkdirSync(dir, { recursive: true });
	const box = { root, home, project, rec: (file) => join(records, `${file}.jsonl`) };
	const spec = CASES[name](box);
	for (const [file, content] of Object.entries(spec.settings)) {
		mkdirSync(dirname(join(root, file)), { recursive: true });
		writeFileSync(join(root, file), `${JSON.stringify(content, null, 2)}\n`);
	}
	for (const [file, text] of Object.entries(spec.files ?? {})) {
		mkdirSync(dirname(join(root, file)), { recursive: true });
		writeFileSync(join(root, file), text);
	}
	execFileSync("git", ["init", "-q"], { cwd: project });
	const log = [];
	const server = await startModel(spec.turns, log);
	const env = {
		PATH: process.env.PATH,
		HOME: home,
		TERM: "dumb",
		ANTHROPIC_BASE_URL: `http://127.0.0.1:${server.address().port}`,
		ANTHROPIC_API_KEY: "dummy",
		CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
		DISABLE_TELEMETRY: "1",
		DISABLE_AUTOUPDATER: "1",
		DISABLE_ERROR_REPORTING: "1",
		IS_SANDBOX: "1",
	};
	const args = ["-p", "Run the scripted steps.", "--output-format", "json", "--dangerously-skip-permissions"];
	if (options.keep) args.push("--debug-file", join(root, "debug.log"));
	const result = await new Promise((done) => {
		const child = spawn(CLAUDE, args, { cwd: project, env, stdio: ["ignore", "pipe", "pipe"] });
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (chunk) => {
			stdout += chunk;
		});
		child.stderr.on("data", (chunk) => {
			stderr += chunk;
		});
		child.on("close", (code) => done({ code, stdout, stderr }));
	});
	server.close();
	const recorded = {};
	for (const file of ["config", "added", "added-config", "file", "claude-env"])
		recorded[file] = readLines(box.rec(file));
	const settingsAfter = {};
	for (const file of [
		"project/.claude/settings.local.json",
		"project/.claude/settings.json",
		"home/.claude/settings.json",
	])
		settingsAfter[file] = existsSync(join(root, file)) ? JSON.parse(readFileSync(join(root, file), "utf8")) : null;
	if (!options.keep) rmSync(root, { recursive: true, force: true });
	return { root, home, project, result, recorded, settingsAfter, log, spec };
};

/** Replaces the sandbox's paths and the session id with {{…}} templates, recursively. */
const template = (value, run, session, prompts = []) => {
	if (typeof value === "string")
		return prompts
			.reduce((text, prompt) => text.replaceAll(prompt, "{{PROMPT_ID}}"), value)
			.replaceAll(run.home, "{{HOME}}")
			.replaceAll(run.project, "{{PROJECT}}")
			.replaceAll(join(run.root, "records"), "{{RECORDS}}")
			.replaceAll(HOOK, "{{HOOK}}")
			.replaceAll(session ?? "\0", "{{SESSION}}")
			.replaceAll(run.project.replaceAll("/", "-"), "{{PROJECT_SLUG}}");
	if (Array.isArray(value)) return value.map((item) => template(item, run, session, prompts));
	if (value && typeof value === "object")
		return Object.fromEntries(
			Object.entries(value).map(([key, item]) => [key, template(item, run, session, prompts)]),
		);
	return value;
};

const version = execFileSync(CLAUDE, ["--version"], { encoding: "utf8" }).trim();
const out = { claudeCode: version, cases: {} };
for (const name of Object.keys(CASES)) {
	if (options.only && options.only !== name) continue;
	const run = await runCase(name);
	let parsed;
	try {
		parsed = JSON.parse(run.result.stdout);
	} catch {
		parsed = { unparsable: run.result.stdout };
	}
	const session = parsed.session_id;
	const strip = (line) => (line.stdin === undefined ? line : { stdin: line.stdin, env: line.env, cwd: line.cwd });
	const prompts = [
		...new Set(Object.values(run.recorded).flatMap((lines) => lines.map((line) => line.stdin?.prompt_id))),
	].filter(Boolean);
	out.cases[name] = template(
		{
			settings: run.spec.settings,
			...(run.spec.files ? { files: run.spec.files } : {}),
			turns: run.spec.turns,
			exitCode: run.result.code,
			result: parsed.result,
			...(run.result.stderr === "" ? {} : { stderr: run.result.stderr.slice(0, 2000) }),
			hooks: Object.fromEntries(Object.entries(run.recorded).map(([file, lines]) => [file, lines.map(strip)])),
			settingsAfter: run.settingsAfter,
			toolResults: run.log.filter((entry) => entry.turn !== undefined).map((entry) => entry.toolResult ?? null),
		},
		run,
		session,
		prompts,
	);
	if (options.keep) console.error(`${name}: kept ${run.root}`);
}
const text = `${JSON.stringify(out, null, "\t")}\n`;
if (options.out) writeFileSync(options.out, text);
else process.stdout.write(text);
