// The options of `npm run try` and `npm run demo` that are theirs, not pi's: `--keep` (a kept agent dir under the
// user's state folder), `--agent-dir DIR` (an agent dir of the user's choosing) and `--port N` (the scripted
// model's port). pi has no flag of these names, so they are taken wherever they stand before `--`; everything
// else is left for pi in its order.
import { homedir } from "node:os";
import { join, resolve } from "node:path";

/**
 * The kept agent dir of `npm run try --keep`: `pi-hook-manager/try-agent` under `$XDG_STATE_HOME` (default
 * `~/.local/state`), as the XDG base directory spec places state that should survive a restart.
 * @param {NodeJS.ProcessEnv} env
 * @returns {string}
 */
export function keptAgentDir(env) {
	const state =
		env.XDG_STATE_HOME?.startsWith("/") === true
			? env.XDG_STATE_HOME
			: join(env.HOME ?? homedir(), ".local", "state");
	return join(state, "pi-hook-manager", "try-agent");
}

/**
 * @typedef {{ agentDir?: string, port?: number, rest: string[] } | { error: string }} TryOptions
 * `agentDir`: the agent dir to keep (absolute), undefined for a throw-away one; `port`: the scripted model's port,
 * undefined for any free one; `rest`: the other arguments, in order; `error`: what is wrong with the options.
 */

/**
 * Takes `--keep`, `--agent-dir DIR` (relative to `cwd`) and `--port N` (1-65535) out of `args` (up to `--`).
 * `allowAgentDir` false (the demo) refuses the agent-dir options. Pure.
 * @param {readonly string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv, allowAgentDir?: boolean }} context
 * @returns {TryOptions}
 */
export function takeOwnOptions(args, { cwd, env, allowAgentDir = true }) {
	/** @type {string | undefined} */
	let agentDir;
	/** @type {number | undefined} */
	let port;
	const rest = [];
	for (let index = 0; index < args.length; index += 1) {
		const arg = args[index];
		if (arg === "--") {
			rest.push(...args.slice(index));
			break;
		}
		if ((arg === "--keep" || arg === "--agent-dir") && !allowAgentDir)
			return { error: `${arg} is for npm run try` };
		if (arg === "--keep") {
			const kept = keptAgentDir(env);
			if (agentDir !== undefined && agentDir !== kept) return { error: "--keep and --agent-dir name two dirs" };
			agentDir = kept;
		} else if (arg === "--agent-dir") {
			const dir = args[index + 1];
			if (dir === undefined || dir === "") return { error: "--agent-dir needs a folder" };
			index += 1;
			const chosen = resolve(cwd, dir);
			if (agentDir !== undefined && agentDir !== chosen) return { error: "--keep and --agent-dir name two dirs" };
			agentDir = chosen;
		} else if (arg === "--port") {
			const text = args[index + 1] ?? "";
			index += 1;
			if (!/^[1-9]\d{0,4}$/.test(text) || Number(text) > 65_535)
				return { error: `--port needs a port number from 1 to 65535, not "${text}"` };
			port = Number(text);
		} else rest.push(arg);
	}
	return { agentDir, port, rest };
}
