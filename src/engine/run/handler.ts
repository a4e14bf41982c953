/**
 * Running one hook handler of any type: the process spec of a `command` hook (shell or exec form, timeouts
 * with Claude Code's defaults), the request of an `http` hook, the question of a `prompt` hook, the tool call
 * of an `mcp_tool` hook. Pure apart from the injected runners.
 */
import { defaultTimeoutSeconds } from "../events/facts.ts";
import { mcpAnswerMustBeHookOutput } from "../events/on-failure.ts";
import {
	missingUserConfig,
	sourceEnvironment,
	substitutePlaceholders,
	substituteUserConfig,
} from "../payload/environment.ts";
import type {
	AgentRunner,
	HttpRunner,
	McpToolRunner,
	ProcessOutcome,
	ProcessRunner,
	ProcessSpec,
	PromptRunner,
} from "../ports.ts";
import type { HookConfig, HookEntry, HookEventName } from "../types.ts";
import { isUrlAllowed, resolveHeaders } from "./http.ts";
import { mcpToolOutcome, mcpToolSpec } from "./mcp-tool-hook.ts";
import { buildHookPrompt } from "./prompt-hook.ts";

/** Most model turns an `agent` hook's sub-agent may take (Claude Code: up to 50). */
export const AGENT_HOOK_MAX_TURNS = 50;

/** Longest time a SessionEnd hook may take, in seconds, whatever its `timeout` (as in Claude Code). */
export const SESSION_END_MAX_SECONDS = 60;

/**
 * The SessionEnd budget of hooks without a `timeout`, in milliseconds, from `CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS`
 * (Claude Code 2.1.268); undefined when unset or not a positive number.
 */
export const sessionEndBudgetMs = (env: Readonly<Record<string, string | undefined>>): number | undefined => {
	const value = Number(env.CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS);
	return Number.isFinite(value) && value > 0 ? value : undefined;
};

/**
 * A hook's timeout for an event in milliseconds: its own `timeout`, else the default of its type on the event
 * ({@link defaultTimeoutSeconds}). `env` (the hook's
 * environment) may set the SessionEnd budget of hooks without a `timeout` ({@link sessionEndBudgetMs}). A plugin's
 * `timeout` does not raise the SessionEnd budget (Claude Code): its SessionEnd hooks get the budget.
 */
export const hookTimeoutMs = (
	entry: HookEntry,
	event: HookEventName,
	env: Readonly<Record<string, string | undefined>> = {},
): number => {
	const own = event === "SessionEnd" && entry.source.scope === "plugin" ? undefined : entry.handler.timeout;
	if (own === undefined && event === "SessionEnd") {
		const budget = sessionEndBudgetMs(env);
		if (budget !== undefined) return budget;
	}
	const seconds = own ?? defaultTimeoutSeconds(event, entry.handler.type);
	return (event === "SessionEnd" ? Math.min(seconds, SESSION_END_MAX_SECONDS) : seconds) * 1000;
};

/** A command hook's spec as last built, but its stdin, and what it was built from. */
interface BuiltSpec {
	readonly event: HookEventName;
	readonly env: Readonly<Record<string, string>>;
	readonly cwd: string;
	readonly maxOutputBytes: number;
	readonly killGraceMs: number;
	readonly spec: ProcessSpec;
}

/** Per configured hook (an entry never changes), its spec as last built: built again only when its inputs moved. */
const builtSpecs = new WeakMap<HookEntry, BuiltSpec>();

/**
 * Builds the process spec of a command hook. Once per hook while the event, the environment object (the session's,
 * built once), the folder and the limits stay the same: later runs take that spec with their own stdin.
 */
export const commandSpec = (
	entry: HookEntry,
	event: HookEventName,
	stdin: string,
	env: Readonly<Record<string, string>>,
	cwd: string,
	options: { readonly maxOutputBytes: number; readonly killGraceMs: number },
): ProcessSpec => {
	const built = builtSpecs.get(entry);
	if (
		built !== undefined &&
		built.event === event &&
		built.env === env &&
		built.cwd === cwd &&
		built.maxOutputBytes === options.maxOutputBytes &&
		built.killGraceMs === options.killGraceMs
	)
		return { ...built.spec, stdin };
	const spec = buildCommandSpec(entry, event, stdin, env, cwd, options);
	builtSpecs.set(entry, { event, env, cwd, ...options, spec });
	return spec;
};

const buildCommandSpec = (
	entry: HookEntry,
	event: HookEventName,
	stdin: string,
	env: Readonly<Record<string, string>>,
	cwd: string,
	options: { readonly maxOutputBytes: number; readonly killGraceMs: number },
): ProcessSpec => {
	if (entry.handler.type !== "command") throw new Error(`commandSpec: ${entry.handler.type} is not a command hook`);
	const own = sourceEnvironment(entry.source);
	const vars: Record<string, string> = { CLAUDE_PROJECT_DIR: env.CLAUDE_PROJECT_DIR ?? cwd };
	for (const name of ["CLAUDE_PLUGIN_ROOT", "CLAUDE_PLUGIN_DATA"]) {
		const value = own[name];
		if (value !== undefined) vars[name] = value;
	}
	const userConfig = entry.source.plugin?.options ?? {};
	const handler = entry.handler;
	const execForm = handler.args !== undefined;
	// Exec form: placeholders and a plugin's `${user_config.KEY}` are substituted, one argument each.
	const substitute = (text: string): string => substituteUserConfig(substitutePlaceholders(text, vars), userConfig);
	// Shell form: `${CLAUDE_PROJECT_DIR}` and `${CLAUDE_PLUGIN_ROOT}` are left to the shell, which expands them from
	// the environment; pasting a path into the command text would let a folder named `$(...)` run commands.
	const command = execForm ? substitute(handler.command) : handler.command;
	return {
		file: execForm ? command : "/bin/sh",
		args: execForm ? (handler.args ?? []).map(substitute) : ["-c", command],
		cwd,
		// The session's environment as it is when the source adds nothing (no copy of it per run).
		env: Object.keys(own).length === 0 ? env : { ...env, ...own },
		stdin,
		timeoutMs: hookTimeoutMs(entry, event, env),
		killGraceMs: options.killGraceMs,
		maxOutputBytes: options.maxOutputBytes,
	};
};

/**
 * Why a command hook cannot start because it names a plugin placeholder its source does not have: Claude Code
 * refuses `${CLAUDE_PLUGIN_ROOT}` and `${CLAUDE_PLUGIN_DATA}` outside plugin hooks, and `${CLAUDE_PLUGIN_DATA}` in
 * skill hooks, with these words. Undefined when it can run.
 */
export const placeholderProblem = (entry: HookEntry): string | undefined => {
	const handler = entry.handler;
	if (handler.type !== "command") return undefined;
	const source = entry.source;
	const skill = source.plugin === undefined && source.root !== undefined;
	for (const [name, available] of [
		["CLAUDE_PLUGIN_ROOT", source.plugin !== undefined || skill],
		["CLAUDE_PLUGIN_DATA", source.plugin !== undefined],
	] as const) {
		const placeholder = `\${${name}}`;
		if (available || ![handler.command, ...(handler.args ?? [])].some((text) => text.includes(placeholder)))
			continue;
		return skill
			? `Hook command references ${placeholder} but only \${CLAUDE_PLUGIN_ROOT} is available for skill ` +
					`hooks (\${CLAUDE_PLUGIN_DATA} is plugin-only).`
			: `Hook command references ${placeholder} but the hook is not associated with a plugin. This ` +
					`variable is only available in hooks defined in a plugin's hooks/hooks.json file, not in ` +
					`settings.json.`;
	}
	return undefined;
};

/**
 * Why a plugin command hook cannot start because of `${user_config.KEY}`: Claude Code 2.1.207 rejects it in shell
 * form (shell injection) and fails when the option is not set. Undefined when it can run.
 */
export const userConfigProblem = (entry: HookEntry): string | undefined => {
	const handler = entry.handler;
	if (
		handler.type !== "command" ||
		(!handler.command.includes("${user_config.") &&
			!(handler.args ?? []).some((arg) => arg.includes("${user_config.")))
	)
		return undefined;
	if (handler.args === undefined)
		return (
			"${user_config.*} is not allowed in a shell-form hook command; use args (exec form) or " +
			"$CLAUDE_PLUGIN_OPTION_<KEY>"
		);
	const options = entry.source.plugin?.options ?? {};
	const missing = [handler.command, ...handler.args].flatMap((text) => missingUserConfig(text, options));
	return missing.length === 0
		? undefined
		: `plugin option "${missing[0]}" is not set; configure the plugin in Claude Code (/plugin)`;
};

/** What one handler run needs to know about its event. */
export interface HandlerRunContext {
	readonly event: HookEventName;
	/** The hook's working directory. */
	readonly cwd: string;
	/** The stdin JSON (the POST body for http hooks). */
	readonly stdin: string;
	readonly env: Readonly<Record<string, string>>;
	/** For `allowedHttpHookUrls`. */
	readonly config: HookConfig;
	readonly signal: AbortSignal | undefined;
}

/**
 * The runners of each handler type, all required: where a type cannot run (no model in the CLI, no MCP servers),
 * its runner is the one of `UNAVAILABLE_RUNNERS`, and its hooks fail with a clear message.
 */
export interface HandlerRunners {
	/** Runs `command` hooks' processes (`runProcess` in process.ts). */
	readonly process: ProcessRunner;
	/** Runs `http` hooks (`runHttpHook` in http.ts). */
	readonly http: HttpRunner;
	/** Runs `prompt` hooks (pi's model). */
	readonly prompt: PromptRunner;
	/** Runs `agent` hooks (a read-only sub-agent on pi's model). */
	readonly agent: AgentRunner;
	/** Calls the tools of the MCP servers pi has connected, for `mcp_tool` hooks. */
	readonly mcpTool: McpToolRunner;
}

/** The outcome of a hook whose handler type has no runner here: `<type> hooks are not available here`. */
const unavailable = (type: string): ProcessOutcome => ({
	kind: "request_failed",
	message: `${type} hooks are not available here`,
	durationMs: 0,
});

/**
 * The runners of a place where only `command` hooks run (the CLI, tests): each fails its hook at once with
 * `<type> hooks are not available here` (`request_failed`, 0 ms). Spread it and set `process`.
 */
export const UNAVAILABLE_RUNNERS: Omit<HandlerRunners, "process"> = {
	http: async () => unavailable("http"),
	prompt: async () => unavailable("prompt"),
	agent: async () => unavailable("agent"),
	mcpTool: async () => ({ kind: "unavailable", durationMs: 0 }),
};

/** Runs one hook handler and resolves its outcome; never rejects (the runners never do). */
export const runHookHandler = async (
	entry: HookEntry,
	context: HandlerRunContext,
	runners: HandlerRunners,
	options: { readonly maxOutputBytes: number; readonly killGraceMs: number },
): Promise<ProcessOutcome> => {
	const handler = entry.handler;
	const timeoutMs = hookTimeoutMs(entry, context.event, context.env);
	if (handler.type === "command") {
		const refused = placeholderProblem(entry) ?? userConfigProblem(entry);
		if (refused !== undefined) return { kind: "spawn_failed", message: refused, durationMs: 0 };
		return runners.process(
			commandSpec(entry, context.event, context.stdin, context.env, context.cwd, options),
			context.signal,
		);
	}
	const raw = handler.raw;
	if (handler.type === "http") {
		const url = String(raw.url);
		// Every layer must admit the URL: a project's allow-list narrows the user's, never widens it.
		const closedBy = context.config.allowedHttpHookUrlsClosedBy;
		if (closedBy !== undefined) {
			const message =
				`${url} is not admitted: the managed allowedHttpHookUrls in ${closedBy} cannot be ` +
				`read, so no http hook URL is`;
			return { kind: "request_failed", message, durationMs: 0 };
		}
		if (!(context.config.allowedHttpHookUrls ?? []).every((patterns) => isUrlAllowed(url, patterns))) {
			return { kind: "request_failed", message: `${url} is not in allowedHttpHookUrls`, durationMs: 0 };
		}
		const limits = context.config.httpHookAllowedEnvVars ?? [];
		const names = Array.isArray(raw.allowedEnvVars) ? raw.allowedEnvVars : [];
		const allowedEnvVars = names.filter((name) => limits.every((limit) => limit.includes(name)));
		const headers = resolveHeaders(raw.headers, allowedEnvVars, context.env);
		return runners.http({ url, headers, body: context.stdin, timeoutMs }, context.signal);
	}
	if (handler.type === "mcp_tool") {
		const spec = { ...mcpToolSpec(raw, context.stdin, timeoutMs), project: entry.source.project };
		const reply = await runners.mcpTool(spec, context.signal);
		return mcpToolOutcome(spec, reply, options.maxOutputBytes, mcpAnswerMustBeHookOutput(entry, context.event));
	}
	if (handler.type === "agent") {
		const prompt = buildHookPrompt(String(raw.prompt), context.stdin.trimEnd());
		const model = typeof raw.model === "string" ? raw.model : undefined;
		const maxTurns =
			typeof raw.maxTurns === "number" && raw.maxTurns > 0
				? Math.min(raw.maxTurns, AGENT_HOOK_MAX_TURNS)
				: AGENT_HOOK_MAX_TURNS;
		return runners.agent(
			{ event: context.event, prompt, model, timeoutMs, cwd: context.cwd, maxTurns },
			context.signal,
		);
	}
	if (handler.type === "prompt") {
		const prompt = buildHookPrompt(String(raw.prompt), context.stdin.trimEnd());
		const model = typeof raw.model === "string" ? raw.model : undefined;
		return runners.prompt({ event: context.event, prompt, model, timeoutMs }, context.signal);
	}
	// A handler type this version does not know (the parser admits only the five above).
	return unavailable((handler as { readonly type: string }).type);
};
