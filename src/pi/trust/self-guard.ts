/**
 * The self-guard on pi's `tool_call`: a model tool call that would change a hook file (engine/trust/self-guard.ts
 * decides which) is asked about in pi's dialog, and blocked with the reason where nobody can answer (print mode, RPC
 * without a UI). It runs before the user's PreToolUse hooks, so no hook's `allow` and no hook-less path lets the
 * agent rewrite its guards; the input a PreToolUse hook replaced is looked at again. The user's own `/hooks` edits
 * are no tool calls and are not affected. `guardHookFiles: false` in pi's global settings.json switches it off.
 */

import { relative } from "node:path";
import type { ExtensionContext, ToolCallEvent, ToolCallEventResult } from "@earendil-works/pi-coding-agent";
import { claudeUserDir } from "../../engine/config/sources.ts";
import type { ConfigStore } from "../../engine/config/store.ts";
import { terminalSafe } from "../../engine/text/terminal-safe.ts";
import {
	type GuardedFiles,
	type GuardedKind,
	type GuardHit,
	type GuardPlace,
	guardedFiles,
	guardedTarget,
} from "../../engine/trust/self-guard.ts";
import type { HookConfig } from "../../engine/types.ts";
import { type CoverageTracker, createCoverage } from "../../host/trust/coverage.ts";
import { showNotice } from "../io/notices.ts";
import { collectGuardedFiles, GUARD_SETTING, type GuardLocations, guardOn, realpathOf } from "./guarded-files.ts";

/** What the guard needs of the session and the host. */
export interface SelfGuardDeps {
	readonly store: ConfigStore;
	readonly projectDir: string;
	readonly home: () => string;
	readonly agentDir: () => string;
	/** pi's environment at start-up: `$CLAUDE_CONFIG_DIR`, `$PI_CODING_AGENT_DIR` and the like in bash words. */
	readonly env: Readonly<Record<string, string | undefined>>;
	/** The person allowed a call that changes `path` (the check after the call then keeps its change). */
	readonly onAllowed?: (path: string) => void;
}

/** The self-guard of one session. */
export interface SelfGuard {
	/**
	 * The guard's answer to `event` before its hooks: undefined when the call changes no guarded file (at once, no
	 * promise: the no-match path), else a promise of the block (undefined when the user allowed it).
	 */
	check(event: ToolCallEvent, ctx: ExtensionContext): Promise<ToolCallEventResult | undefined> | undefined;
	/** The guarded file `event` would change now (after a hook replaced its input), or undefined. */
	hitOf(event: ToolCallEvent, ctx: ExtensionContext): GuardHit | undefined;
	/** Asks about (or blocks) `hit`; resolves undefined when the user allowed the call. */
	decide(hit: GuardHit, event: ToolCallEvent, ctx: ExtensionContext): Promise<ToolCallEventResult | undefined>;
}

/** How each kind is named in the dialog and the reason. */
const KIND_TEXT: Readonly<Record<GuardedKind, string>> = {
	settings_file: "a hook settings file",
	plugin_file: "a plugin's hook file",
	hook_frontmatter: "a skill or agent file that declares hooks",
	covered_file: "a file an approved project hook runs or reads",
};

/** The path as shown: relative to the project when inside it, `~/...` in the home, else as it is. */
const shown = (path: string, projectDir: string, home: string): string => {
	const inProject = relative(projectDir, path);
	if (inProject !== "" && !inProject.startsWith("..") && !inProject.startsWith("/")) return inProject;
	const inHome = relative(home, path);
	if (inHome !== "" && !inHome.startsWith("..") && !inHome.startsWith("/")) return `~/${inHome}`;
	return path;
};

/** The tool input as the dialog shows it: the command of a bash call, the path of a write or edit. */
const callText = (event: ToolCallEvent): string => {
	const input = event.input as Record<string, unknown>;
	const text = typeof input.command === "string" ? input.command : typeof input.path === "string" ? input.path : "";
	return text.length > 500 ? `${text.slice(0, 500)}…` : text;
};

/** Creates the guard; the guarded files are gathered again whenever the configuration object changes. */
export const createSelfGuard = (deps: SelfGuardDeps): SelfGuard => {
	let seen: HookConfig | undefined;
	let files: GuardedFiles | undefined;
	let on = true;
	let coverage: CoverageTracker | undefined;
	const where = (): GuardLocations => {
		const home = deps.home();
		return {
			home,
			claudeDir: claudeUserDir(home, deps.env),
			agentDir: deps.agentDir(),
			projectDir: deps.projectDir,
		};
	};
	/** The guarded files of the configuration now; undefined when the guard is off. */
	const current = (): GuardedFiles | undefined => {
		const config = deps.store.latest();
		if (config !== seen) {
			seen = config;
			try {
				const locations = where();
				on = guardOn(locations.agentDir);
				// pi's agent dir (approvals, the journal) is never covered, as in the approvals' own coverage.
				coverage ??= createCoverage(deps.projectDir, [locations.agentDir]);
				if (on) files = guardedFiles(collectGuardedFiles(config, locations, coverage), realpathOf);
			} catch {
				// Never into pi: the files guarded before stay guarded.
			}
		}
		return on ? files : undefined;
	};
	const placeOf = (ctx: ExtensionContext): GuardPlace => ({
		cwd: ctx.cwd,
		home: deps.home(),
		env: deps.env,
		realpath: realpathOf,
	});
	const hitOf = (event: ToolCallEvent, ctx: ExtensionContext): GuardHit | undefined => {
		try {
			const guarded = current();
			if (guarded === undefined) return undefined;
			return guardedTarget(event.toolName, event.input as Record<string, unknown>, placeOf(ctx), guarded);
		} catch {
			// A session whose facts cannot be read (a context gone stale): nothing is known to guard.
			return undefined;
		}
	};
	const decide = async (
		hit: GuardHit,
		event: ToolCallEvent,
		ctx: ExtensionContext,
	): Promise<ToolCallEventResult | undefined> => {
		const home = deps.home();
		const file = shown(hit.path, deps.projectDir, home);
		const target = hit.target === hit.path ? "" : ` (through ${shown(hit.target, deps.projectDir, home)})`;
		const what = `This ${event.toolName} call would change ${file}${target}, ${KIND_TEXT[hit.kind]} [${hit.kind}]`;
		const why =
			"A hook file decides which guards run: an agent that rewrites it can switch them off or add its own.";
		if (ctx.hasUI) {
			let allowed = false;
			try {
				allowed = await ctx.ui.confirm(
					terminalSafe("Let the agent change a hook file?"),
					terminalSafe(`${what}.\n${why}\n\n${callText(event)}\n\nAllow this call?`, { keepNewlines: true }),
				);
			} catch {
				allowed = false;
			}
			if (allowed) {
				deps.onAllowed?.(hit.path);
				return undefined;
			}
			return { block: true, reason: `${what}; the user declined it. Do not try to change it another way.` };
		}
		const reason =
			`blocked [${hit.kind}]: ${what}. ${why} Nobody can answer here (no UI), so the call is refused; ` +
			`to allow such calls, set "${GUARD_SETTING}": false in pi's settings.json.`;
		showNotice(ctx, { level: "warning", text: reason });
		return { block: true, reason };
	};
	return {
		hitOf,
		decide,
		check(event, ctx) {
			// Only these tools write a file the guard can name.
			if (event.toolName !== "write" && event.toolName !== "edit" && event.toolName !== "bash") return undefined;
			const hit = hitOf(event, ctx);
			return hit === undefined ? undefined : decide(hit, event, ctx);
		},
	};
};

/** The guard of each session, made on its first tool call. */
const guards = new WeakMap<object, SelfGuard>();

/** The guard of the session `key` (its state object), made with `deps()` on first use. */
export const selfGuardOf = (key: object, deps: () => SelfGuardDeps): SelfGuard => {
	let guard = guards.get(key);
	if (guard === undefined) {
		guard = createSelfGuard(deps());
		guards.set(key, guard);
	}
	return guard;
};

/** What `tool_call` answers pi: at once, or once hooks and dialogs are done. */
type Answer = ToolCallEventResult | undefined | Promise<ToolCallEventResult | undefined>;

/**
 * Runs `hooks` (the PreToolUse hooks of the call) behind the guard: first the guard (asked or blocked: the hooks do
 * not run when it blocks), then the hooks, then the guard again on the input when hooks ran and may have replaced
 * it (a replaced input that now names another guarded file is asked about too). A call the guard does not stop and
 * no hook matches is answered at once.
 */
export const guardedToolCall = (
	guard: SelfGuard,
	event: ToolCallEvent,
	ctx: ExtensionContext,
	hooks: () => Answer,
): Answer => {
	const held = guard.check(event, ctx);
	const after = (answer: Answer, allowed: GuardHit | undefined): Answer => {
		if (!(answer instanceof Promise)) return answer;
		return answer.then(async (result) => {
			if (result?.block === true) return result;
			const hit = guard.hitOf(event, ctx);
			if (hit === undefined || hit.path === allowed?.path) return result;
			return (await guard.decide(hit, event, ctx)) ?? result;
		});
	};
	if (held === undefined) return after(hooks(), undefined);
	return held.then((blocked) => blocked ?? after(hooks(), guard.hitOf(event, ctx)));
};
