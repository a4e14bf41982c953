// The real pi wired to the scripted local model (test/support/fake-llm.mjs) in an agent dir of its own: what
// `npm run demo` and `npm run try` share. No API key, no network; pi's real agent dir is never touched.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { FAKE_MODEL_ID, startFakeLlm } from "../test/support/fake-llm.mjs";

/** The project root: what `pi -e` loads (package.json's `pi.extensions` names the bundle in dist/). */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The project's pinned pi binary. */
export const piBin = join(root, "node_modules", ".bin", "pi");

/**
 * Starts the scripted model on 127.0.0.1 and writes `<agentDir>/models.json` (provider `fake`, model
 * `fake-model`) and `<agentDir>/settings.json` (that model by default, quiet, no telemetry, no retries, plus
 * `settings`). The model listens on `port` (undefined: any free port). Returns the environment pi runs in (`env`
 * plus the agent dir and offline switches), the model's `url`, and `close`, which stops the model. Rejects when
 * the port cannot be listened on (EADDRINUSE).
 * @param {{ agentDir: string, settings?: Record<string, unknown>, env?: NodeJS.ProcessEnv, port?: number }} options
 * @returns {Promise<{ env: NodeJS.ProcessEnv, url: string, close: () => Promise<void> }>}
 */
export async function startScriptedPi({ agentDir, settings = {}, env = process.env, port }) {
	const llm = await startFakeLlm(port === undefined ? {} : { port });
	const model = { id: FAKE_MODEL_ID, name: "Scripted demo model", contextWindow: 128000, maxTokens: 4096 };
	writeFileSync(
		join(agentDir, "models.json"),
		JSON.stringify({
			providers: { fake: { baseUrl: llm.url, api: "openai-completions", apiKey: "demo-key", models: [model] } },
		}),
	);
	writeFileSync(
		join(agentDir, "settings.json"),
		JSON.stringify({
			...settings,
			defaultProvider: "fake",
			defaultModel: FAKE_MODEL_ID,
			quietStartup: true,
			enableInstallTelemetry: false,
			retry: { enabled: false },
		}),
	);
	return {
		env: {
			...env,
			PI_CODING_AGENT_DIR: agentDir,
			PI_OFFLINE: "1",
			PI_SKIP_VERSION_CHECK: "1",
			PI_TELEMETRY: "0",
		},
		url: llm.url,
		close: () => llm.close(),
	};
}

/**
 * Runs pi with this extension (`pi -e <root> ...args`) without blocking this process's event loop (the
 * scripted model answers from this same process). `stdio: "inherit"` hands pi the terminal and resolves
 * `{status}` only; otherwise stdout and stderr are collected. A run still going after `timeoutMs` is killed.
 * `onSpawn` gets pi's child process (to pass signals on). A pi killed by a signal resolves `{status: 1}`.
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv, stdio?: "inherit" | "pipe", timeoutMs?: number,
 *   onSpawn?: (child: import("node:child_process").ChildProcess) => void }} options
 * @returns {Promise<{ status: number, stdout: string, stderr: string }>}
 */
export function runPi(args, { cwd, env, stdio = "pipe", timeoutMs, onSpawn }) {
	return new Promise((done) => {
		const child = spawn(piBin, ["-e", root, ...args], {
			cwd,
			env,
			stdio: stdio === "inherit" ? "inherit" : ["ignore", "pipe", "pipe"],
		});
		onSpawn?.(child);
		let stdout = "";
		let stderr = "";
		child.stdout?.setEncoding("utf8").on("data", (text) => (stdout += text));
		child.stderr?.setEncoding("utf8").on("data", (text) => (stderr += text));
		const timer = timeoutMs === undefined ? undefined : setTimeout(() => child.kill("SIGKILL"), timeoutMs);
		child.on("close", (status) => {
			clearTimeout(timer);
			done({ status: status ?? 1, stdout, stderr });
		});
	});
}
