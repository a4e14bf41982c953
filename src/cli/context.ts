/**
 * What every subcommand works on: the project's merged hook configuration, read from the same sources as the
 * extension (managed policy, the five settings files, plugins, agent definitions), the approvals and the per-hook
 * switches pi-hook-manager keeps under pi's agent directory (read, never written), and an engine that runs hooks
 * as real processes, and prompt and agent hooks on pi's model (the extension's runners over the models pi's SDK
 * reads from the agent dir). Nothing here writes a file (the hooks it runs do, for real: their side effects are
 * real, see docs/cli.md "Hooks run for real"). An approval (pi's, or
 * `--approve-project-hooks`, which approves the project as the command first read it) is checked again right
 * before each project hook runs, as in pi: a covered file changed since then (by an earlier hook of the same
 * command) stops that hook, and {@link CliContext.changedFiles} names the file.
 */
import { statSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { claudeUserDir, managedSettingsDir, settingsSources } from "../engine/config/sources.ts";
import { createConfigStore } from "../engine/config/store.ts";
import {
	ALL_ON,
	createEngine,
	DEFAULT_LIMITS,
	type HookEngine,
	NO_OBSERVERS,
	NO_SESSION_SIGNAL,
	UNAVAILABLE_RUNNERS,
} from "../engine/engine.ts";
import { defaultTimeoutSeconds } from "../engine/events/facts.ts";
import { readCapped } from "../engine/io/capped-read.ts";
import { isObject } from "../engine/is-object.ts";
import type { SessionInfo } from "../engine/payload/base.ts";
import { runHttpHook } from "../engine/run/http.ts";
import { runProcess } from "../engine/run/process.ts";
import type { CoverageNote } from "../engine/trust/reach.ts";
import type { HookConfig, HookEntry } from "../engine/types.ts";
import { createAgentRunner } from "../host/models/agent-runner.ts";
import { createPromptRunner } from "../host/models/prompt-runner.ts";
import { MAX_STATE_FILE_BYTES } from "../host/stores/json-store.ts";
import { seenHooksFile } from "../host/stores/seen-hooks.ts";
import { approvalsFile, createApprovals } from "../host/trust/approvals.ts";
import { createHookPrinter } from "../host/trust/hook-print.ts";
import { strictHooksOn } from "../host/trust/strict-hooks.ts";
import { createTripwire } from "../host/trust/tripwire.ts";
import { UsageError } from "./args.ts";
import { loadPiModels, type PiModels } from "./pi-models.ts";

/** Where the CLI looks, and what it may do. */
export interface ContextOptions {
	/** The project folder; default the current directory. */
	readonly cwd?: string;
	/** The home folder; default the user's. */
	readonly home?: string;
	/** pi's agent directory; default `$PI_CODING_AGENT_DIR`, else `<home>/.pi/agent` (as pi). */
	readonly agentDir?: string;
	/** Project hooks count as approved (for this run only; nothing is saved). */
	readonly approveProjectHooks: boolean;
	/** `--timeout`: every hook's timeout at most this many seconds (undefined: the hooks' own). */
	readonly timeoutSeconds?: number;
	/** The environment (`CLAUDE_CONFIG_DIR`, `PI_CODING_AGENT_DIR`, ...), inherited by hooks. */
	readonly env: Readonly<Record<string, string | undefined>>;
}

/** The project's hooks and the means to run them. */
export interface CliContext {
	readonly projectDir: string;
	readonly home: string;
	/** pi's agent directory (`--agent-dir`, else `$PI_CODING_AGENT_DIR`, else `<home>/.pi/agent`). */
	readonly agentDir: string;
	readonly config: HookConfig;
	/** False for a hook switched off in /hooks (pi-hook-manager's `state.json`). */
	readonly isEnabled: (entry: HookEntry) => boolean;
	/** The session facts hooks get: a fixed session id, no transcript, the project as cwd. */
	readonly session: SessionInfo;
	/** The engine; its prompt and agent hooks run on pi's model once {@link CliContext.piModels} has resolved. */
	readonly engine: HookEngine;
	/** pi's models read from the agent dir by pi's SDK (loaded on the first call, once; see pi-models.ts). */
	readonly piModels: () => Promise<PiModels>;
	/** Problems with pi-hook-manager's own files (approvals, switches), for a line on stderr. */
	readonly warnings: readonly string[];
	/**
	 * The covered files of a project hook that changed since it was approved, e.g. `.claude/g.sh (changed)` (the
	 * per-run check stopped it: not-run reason `files_changed`); empty when none did. Never throws.
	 */
	readonly changedFiles: (entry: HookEntry) => readonly string[];
	/** What an approval of a project hook does not track now (the dialog's notes); empty for other hooks. */
	readonly untracked: (entry: HookEntry) => readonly CoverageNote[];
}

/** The `session_id` of every CLI run (the workbench's samples use the same). */
export const CLI_SESSION_ID = "00000000-0000-0000-0000-000000000000";

/** A folder option's value as an absolute path; a {@link UsageError} when it is not a folder. */
const folder = (option: string, value: string): string => {
	const path = resolve(value);
	const stat = statSync(path, { throwIfNoEntry: false });
	if (stat === undefined) throw new UsageError(`${option} ${value}: no such folder`);
	if (!stat.isDirectory()) throw new UsageError(`${option} ${value}: not a folder`);
	return path;
};

/**
 * The ids of hooks switched off in /hooks, read from `<agentDir>/pi-hook-manager/state.json` (the extension's
 * `hook-state.ts` format: `{"version": 1, "disabled": {"<id>": {...}}}`); a problem is a warning, the hooks on.
 */
const disabledIds = (agentDir: string, warnings: string[]): ReadonlySet<string> => {
	const file = join(agentDir, "pi-hook-manager", "state.json");
	const found = readCapped(file, MAX_STATE_FILE_BYTES);
	if (found.kind === "missing") return new Set();
	const text = found.kind === "ok" ? found.bytes.toString("utf8") : "";
	try {
		const json: unknown = JSON.parse(text);
		if (isObject(json) && isObject(json.disabled)) return new Set(Object.keys(json.disabled));
	} catch {
		// Reported below.
	}
	warnings.push(`${file} is not a pi-hook-manager state file; every hook counts as switched on`);
	return new Set();
};

/**
 * `config` with every hook's `timeout` at most `seconds` (a hook without one gets its event's default first, e.g.
 * 600 s for a command); as it is when `seconds` is undefined.
 */
export const withTimeoutCap = (config: HookConfig, seconds: number | undefined): HookConfig => {
	if (seconds === undefined) return config;
	const capped = (entry: HookEntry): HookEntry => ({
		...entry,
		handler: {
			...entry.handler,
			timeout: Math.min(entry.handler.timeout ?? defaultTimeoutSeconds(entry.event, entry.handler.type), seconds),
		},
	});
	return { ...config, entries: config.entries.map(capped) };
};

/** Reads the configuration of the project and builds the engine. Throws {@link UsageError} for a bad folder. */
export const loadContext = (options: ContextOptions): CliContext => {
	const projectDir = options.cwd === undefined ? process.cwd() : folder("--cwd", options.cwd);
	const home = options.home === undefined ? homedir() : folder("--home", options.home);
	const env = options.env;
	const agentDir =
		options.agentDir !== undefined
			? folder("--agent-dir", options.agentDir)
			: env.PI_CODING_AGENT_DIR !== undefined && env.PI_CODING_AGENT_DIR !== ""
				? resolve(env.PI_CODING_AGENT_DIR.replace(/^~(?=$|\/)/, home))
				: join(home, ".pi", "agent");
	const claudeDir = claudeUserDir(home, env);
	const warnings: string[] = [];
	const approvals = createApprovals(approvalsFile(agentDir), projectDir);
	if (approvals.loadProblem !== undefined) warnings.push(approvals.loadProblem);
	// Strict mode as in pi: a hook no person saw in pi is skipped (`unseen`); the store is read, never written.
	const seen = strictHooksOn(agentDir)
		? createTripwire(seenHooksFile(agentDir), createHookPrinter(projectDir, home, [agentDir]))
		: undefined;
	const store = createConfigStore({
		sources: settingsSources({ home, claudeDir, agentDir, projectDir }),
		...(seen === undefined ? {} : { isSeen: (entry: HookEntry) => !seen.isUnseen(entry), seenPass: seen.pass }),
		managedDir: env.PI_HOOK_MANAGER_MANAGED_SETTINGS_DIR ?? managedSettingsDir(),
		plugins: { home, claudeDir, projectDir },
		// The CLI is started in the project on purpose: approval (or --approve-project-hooks) is its gate.
		isTrusted: () => true,
		isApproved: options.approveProjectHooks ? () => true : approvals.isApproved,
		// A project value that switches hooks off or changes plugin options counts as it does in pi: once approved.
		isSettingApproved: options.approveProjectHooks ? () => true : approvals.isSettingApproved,
	});
	const config = withTimeoutCap(store.current(), options.timeoutSeconds);
	// The flag approves what this command read now, not whatever a covered file holds when a hook runs later.
	// No copies are kept for a diff: the CLI writes nothing.
	if (options.approveProjectHooks)
		approvals.approveForRun(
			config.entries.filter((entry) => entry.source.project),
			false,
		);
	const changedFiles = (entry: HookEntry): readonly string[] => {
		try {
			return approvals
				.pending([entry])
				.flatMap((pending) => pending.scripts)
				.filter((script) => script.state !== "same")
				.map((script) => `${script.shown} (${script.state})`);
		} catch {
			return [];
		}
	};
	const disabled = disabledIds(agentDir, warnings);
	const isEnabled = (entry: HookEntry): boolean => !disabled.has(entry.id);
	const session: SessionInfo = {
		sessionId: CLI_SESSION_ID,
		transcriptPath: "",
		cwd: projectDir,
		projectDir,
		promptId: undefined,
		home,
	};
	const baseEnv = options.home === undefined ? env : { ...env, HOME: home };
	let models: Promise<PiModels> | undefined;
	let loaded: PiModels | undefined;
	const piModels = (): Promise<PiModels> => {
		models ??= loadPiModels(agentDir, projectDir).then((result) => {
			loaded = result;
			return result;
		});
		return models;
	};
	const modelCtx = () => (loaded?.ok ? loaded.ctx : undefined);
	const engine = createEngine({
		config: () => config,
		// No MCP servers here: mcp_tool hooks fail with "mcp_tool hooks are not available here".
		runners: {
			...UNAVAILABLE_RUNNERS,
			process: runProcess,
			http: runHttpHook,
			prompt: createPromptRunner(modelCtx, Date.now),
			agent: createAgentRunner(
				modelCtx,
				() => agentDir,
				async () => {
					const result = await piModels();
					if (!result.ok) throw new Error(`pi is not available: ${result.detail}`);
					return result.sdk;
				},
			),
		},
		baseEnv,
		sessionSignal: NO_SESSION_SIGNAL,
		switches: { ...ALL_ON, isEnabled },
		// The per-run check, as in pi: one stat per covered file while nothing moved.
		// No tool calls run beside a CLI dispatch: nothing to wait for.
		trust: { stillApproved: approvals.stillApproved, onApprovalLost: () => {}, settle: () => undefined },
		observers: NO_OBSERVERS,
		clock: Date.now,
		limits: DEFAULT_LIMITS,
	});
	const untracked = (entry: HookEntry): readonly CoverageNote[] =>
		entry.source.project ? approvals.untracked(entry) : [];
	return {
		projectDir,
		home,
		agentDir,
		config,
		isEnabled,
		session,
		engine,
		piModels,
		warnings,
		changedFiles,
		untracked,
	};
};
