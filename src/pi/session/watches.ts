/**
 * The files a session watches: ConfigChange's gate over the configuration store, with a watch on the settings,
 * managed policy and skill files while ConfigChange hooks are configured (an edit checks the files at once, so the
 * hooks fire without waiting for pi's next event; as in Claude Code, the SKILL.md of every skill in the project's
 * and the user's `.claude/skills` is watched, in use or not), and the FileChanged watch
 * (src/pi/events/file-changed-hooks.ts). Both follow each new merged configuration and end with the session. Also
 * the one way a CLAUDE_ENV_FILE's exports reach pi's environment (SessionStart, FileChanged).
 */
import { join } from "node:path";
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { claudeUserDir } from "../../engine/config/sources.ts";
import type { ConfigStore } from "../../engine/config/store.ts";
import { configChangeSource } from "../../engine/flow/config-change.ts";
import { evaluateEnvFile } from "../../engine/run/env-file.ts";
import { terminalSafe } from "../../engine/text/terminal-safe.ts";
import { envLoaders, envLoadersText } from "../../engine/trust/env-loaders.ts";
import type { HookConfig } from "../../engine/types.ts";
import { type FileWatch, watchFiles } from "../../host/watch/file-watch.ts";
import { createConfigGate } from "../events/config-change-hooks.ts";
import { createFileChangedHooks } from "../events/file-changed-hooks.ts";
import type { HookContext } from "../events/hook-context.ts";
import { showNotice } from "../io/notices.ts";
import { skillFiles } from "../trust/verify-after-call.ts";
import { applyExports, createEnvFile, envFileHasContent } from "./env-file.ts";
import type { RuntimeCore } from "./runtime-core.ts";
import type { SessionWatches } from "./session-state.ts";

/**
 * Exports of a CLAUDE_ENV_FILE the hooks of `event` wrote go into pi's environment (later bash commands see them;
 * no hook does: env-file.ts). When a project hook of the event ran (`ran`: the ids that ran; undefined: any
 * configured one counts), the variables among them that make a program load code are named in a notice.
 */
export const applyEnvFile = async (
	core: RuntimeCore,
	ctx: ExtensionContext,
	file: string | undefined,
	event: "SessionStart" | "FileChanged",
	ran?: ReadonlySet<string>,
): Promise<void> => {
	if (file === undefined || !envFileHasContent(file)) return;
	const { deps } = core;
	const result = await evaluateEnvFile(file, deps.processEnv, deps.runner, ctx.cwd);
	if ("error" in result) {
		showNotice(ctx, { level: "warning", text: `CLAUDE_ENV_FILE: ${result.error}` });
		return;
	}
	const projectRan = (core.state()?.store.current().entries ?? []).some(
		(entry) => entry.event === event && entry.source.project && (ran === undefined || ran.has(entry.id)),
	);
	const loaders = projectRan ? envLoaders(result.vars, deps.processEnv, ctx.cwd) : [];
	applyExports(deps.processEnv, result.vars);
	if (loaders.length > 0)
		showNotice(ctx, {
			level: "warning",
			text:
				`CLAUDE_ENV_FILE: a project ${event} hook set what makes programs load code: ` +
				`${terminalSafe(envLoadersText(loaders))}; the bash tool runs with it, no hook does`,
		});
};

/** Creates the watches of the session that starts in `projectDir` (nothing is watched before `configured`). */
export const createSessionWatches = (core: RuntimeCore, projectDir: string): SessionWatches => {
	let closed = false;
	let store: ConfigStore | undefined;
	let settingsWatch: FileWatch | undefined;
	let config: HookConfig | undefined;
	/** A SKILL.md edit: the store asks about a skill in use (its source); any other fires ConfigChange here. */
	const onWatched = (path: string): void => {
		store?.checkSoon();
		const inUse = store?.sources().some((source) => source.file === path) ?? false;
		if (path.endsWith("SKILL.md") && !inUse && config !== undefined && skillPaths.has(path))
			gate.skillEdited(path, config);
	};
	let skillPaths = new Set<string>();
	const hookContext = (): HookContext | undefined => {
		const ctx = core.currentCtx();
		if (closed || ctx === undefined) return undefined;
		return core.active(ctx)?.hc;
	};
	const track = (work: Promise<void>): void => {
		const state = core.state();
		if (state !== undefined) core.track(state, work);
	};
	const gate = createConfigGate({
		hookContext,
		decided: () => {
			store?.invalidate();
			store?.checkSoon();
		},
		track,
	});
	const files = createFileChangedHooks({
		cwd: projectDir,
		hookContext,
		envFile: () => {
			const id = hookContext()?.session.sessionId ?? "session";
			return createEnvFile(join(core.deps.agentDir(), "pi-hook-manager"), id, "filechanged-hook.sh");
		},
		applyEnv: async (file) => {
			const ctx = core.currentCtx();
			if (ctx !== undefined) await applyEnvFile(core, ctx, file, "FileChanged");
		},
		track,
		watch: (onEvent) => watchFiles(onEvent),
	});
	return {
		gate,
		files,
		configured(merged, current) {
			if (closed) return;
			store = current;
			config = merged;
			try {
				files.configure(merged);
				const wanted =
					!merged.disableAllHooks && merged.entries.some((entry) => entry.event === "ConfigChange");
				if (!wanted) {
					settingsWatch?.close();
					settingsWatch = undefined;
					return;
				}
				settingsWatch ??= watchFiles(onWatched);
				const watched = current.sources().filter((source) => configChangeSource(source.scope) !== undefined);
				const skillsDirs = [
					join(projectDir, ".claude", "skills"),
					join(claudeUserDir(core.deps.home(), core.deps.env), "skills"),
				];
				skillPaths = new Set(skillFiles(skillsDirs));
				settingsWatch.set([...new Set([...watched.map((source) => source.file), ...skillPaths])]);
			} catch {
				// A watch that cannot start only means changes are seen at pi's next event.
			}
		},
		close() {
			closed = true;
			files.close();
			settingsWatch?.close();
			settingsWatch = undefined;
		},
	};
};
