/**
 * Verify after every tool call (issue #40): the files that decide what runs are stamped in a file ledger
 * (host/trust/file-ledger.ts) when the session starts, and again whenever pi-hook-manager itself writes one (an
 * approval, the /hooks editor, its own state); after each tool call returns (before its PostToolUse hooks) and when
 * the agent settles, the stamps are compared. A change found then was made while the agent ran: it is the agent's,
 * whatever wrote it (a wrapped `cp`, `tar -x`, pi's `write`). Without a UI a changed hook file is put back to its
 * exact previous bytes and one stderr line says so; pi-hook-manager's own state files are put back with or without a
 * UI (pi-hook-manager's last write is the truth). A change found when a new prompt starts was made while pi waited
 * for the user (another terminal, an editor): it is not undone, only taken as the new baseline (the watches and the
 * tripwire tell it as before). The self-guard (events/self-guard.ts) stays the first line: it predicts from the
 * command; this verifies whatever the command was. `guardHookFiles: false` switches both off for hook files; the
 * state files stay verified. The skill roots are stat-ed too: a skill folder new since the last check is read, its
 * SKILL.md counts as created by the call. The state files are also put back at a prompt's start and when pi exits.
 */
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { fileStamp } from "../../engine/config/load.ts";
import { claudeUserDir } from "../../engine/config/sources.ts";
import type { ConfigStore } from "../../engine/config/store.ts";
import { onOwnWrite } from "../../engine/io/atomic-write.ts";
import type { HookConfig } from "../../engine/types.ts";
import { seenHooksFile } from "../../host/stores/seen-hooks.ts";
import { approvalsFile } from "../../host/trust/approvals.ts";
import { type CoverageTracker, createCoverage } from "../../host/trust/coverage.ts";
import { createFileLedger, type FileLedger, type LedgerChange } from "../../host/trust/file-ledger.ts";
import { reachCacheFile } from "../../host/trust/reach-cache.ts";
import { showNotice } from "../io/notices.ts";
import { hookStateFile } from "../stores/hook-state.ts";
import { viewSettingsFile } from "../stores/view-settings.ts";
import { collectGuardedFiles, type GuardLocations, guardOn } from "./guarded-files.ts";
import { askKeepOrUndo, type HeldChange, heldBytes, keepHeld } from "./keep-or-undo.ts";

/** What the verifier needs of the session and the host (the self-guard's deps). */
export interface VerifyDeps {
	readonly store: ConfigStore;
	readonly projectDir: string;
	readonly home: () => string;
	readonly agentDir: () => string;
	readonly env: Readonly<Record<string, string | undefined>>;
	/**
	 * The files the tripwire covers for the hooks of `config` (user and plugin hooks' scripts and what is beside
	 * them; absolute paths), watched like the hook files; absent: none beyond the approvals' covered files.
	 */
	readonly tripwireFiles?: (config: HookConfig) => readonly string[];
}

/** When the ledger is compared: after a tool call returned, or when the agent settled. */
export type VerifyMoment = "tool_result" | "settled";

/**
 * What was done about one change, as a code: a hook file or a state file put back to its previous bytes, or one that
 * could not be (above the ledger's size cap, or the write failed: it stays as the agent left it).
 */
export type UndoCode =
	| "hook_file_restored"
	| "state_file_restored"
	| "hook_file_not_restored"
	| "state_file_not_restored";

/** One change the verifier acted on: the code, the file, how it changed and, when not restored, why. */
export interface UndoReport {
	readonly code: UndoCode;
	readonly path: string;
	readonly kind: LedgerChange["kind"];
	readonly why?: string;
}

/** The verifier of one session. */
export interface CallVerifier {
	/**
	 * Compares the stamps after a tool call or when the agent settled and undoes what changed; with a UI a hook file
	 * is asked about (keep or undo): the promise settles once answered (undefined: nothing to ask). Never throws.
	 */
	check(ctx: ExtensionContext, moment: VerifyMoment): Promise<void> | undefined;
	/** The person let a tool call change `path` (the self-guard's dialog): its next change is not undone. */
	allow(path: string): void;
	/** True when `path` has `stamp` because this check put it back (no edit: ConfigChange is not asked). */
	restored(path: string, stamp: string): boolean;
	/**
	 * A new prompt starts: a changed hook file is not the agent's and becomes the baseline; a changed state file is
	 * put back and told (whatever wrote it: a writer the agent left running, another terminal). Never throws.
	 */
	acceptOutside(ctx: ExtensionContext): void;
	/** Puts back and tells each state file changed since pi-hook-manager last wrote it (pi exits). Never throws. */
	checkState(ctx: ExtensionContext): void;
	/** The watched paths (tests, the panel). */
	paths(): string[];
	/** Stops hearing pi-hook-manager's own writes (the session ended). */
	close(): void;
}

/** pi-hook-manager's own state files under the agent dir: the ones that decide what runs. */
export const ownStateFiles = (agentDir: string): string[] => [
	approvalsFile(agentDir),
	seenHooksFile(agentDir),
	hookStateFile(agentDir),
	reachCacheFile(agentDir),
	viewSettingsFile(agentDir),
];

/** The SKILL.md of each skill folder in `dirs` (a folder that cannot be read has none). Never throws. */
export const skillFiles = (dirs: readonly string[]): string[] =>
	dirs.flatMap((dir) => {
		try {
			return readdirSync(dir, { withFileTypes: true })
				.filter((entry) => entry.isDirectory())
				.map((entry) => join(dir, entry.name, "SKILL.md"));
		} catch {
			return [];
		}
	});

/**
 * The folders whose skill folders pi or Claude Code read: `.claude/skills` of the project and the user, pi's own
 * (`.pi/skills`, `.agents/skills`, the agent dir's `skills`, `~/.agents/skills`).
 */
const skillRoots = (where: GuardLocations): string[] => [
	join(where.projectDir, ".claude", "skills"),
	join(where.claudeDir, "skills"),
	join(where.projectDir, ".pi", "skills"),
	join(where.projectDir, ".agents", "skills"),
	join(where.agentDir, "skills"),
	join(where.home, ".agents", "skills"),
];

/** The path as the line shows it: relative to the project inside it, `~/...` in the home, else as it is. */
const shown = (path: string, projectDir: string, home: string): string => {
	for (const [base, prefix] of [
		[projectDir, ""],
		[home, "~/"],
	] as const) {
		const inside = relative(base, path);
		if (inside !== "" && !inside.startsWith("..") && !inside.startsWith("/")) return `${prefix}${inside}`;
	}
	return path;
};

/** The one line (stderr without a UI, a notice in the TUI) of a report: its code, then the file. */
export const undoText = (report: UndoReport, projectDir: string, home: string): string => {
	const file = shown(report.path, projectDir, home);
	const what = report.kind === "created" ? "created" : report.kind === "deleted" ? "deleted" : "changed";
	const done = report.code.endsWith("_restored")
		? report.kind === "created"
			? "it is removed again"
			: "its previous bytes are back"
		: `it could not be put back (${report.why ?? "unknown"})`;
	const whose = report.code.startsWith("state_")
		? "a pi-hook-manager state file was changed by something other than pi-hook-manager"
		: `a hook file was ${what} while the agent ran`;
	return `undone [${report.code}] ${file}: ${whose}; ${done}`;
};

/** Creates the verifier and stamps every file now (call it once the session's configuration is read). */
export const createCallVerifier = (deps: VerifyDeps): CallVerifier => {
	const ledger: FileLedger = createFileLedger();
	const agentDir = deps.agentDir();
	const own = new Set(ownStateFiles(agentDir));
	let coverage: CoverageTracker | undefined;
	let seen: HookConfig | undefined;
	let on = true;
	const where = (): GuardLocations => {
		const home = deps.home();
		return { home, claudeDir: claudeUserDir(home, deps.env), agentDir, projectDir: deps.projectDir };
	};
	/** The hook files of the configuration now (none when the user switched the guard off). */
	const hookFiles = (config: HookConfig): string[] => {
		const locations = where();
		if (!on) return [];
		coverage ??= createCoverage(deps.projectDir, [agentDir]);
		const skills = skillFiles(skillRoots(locations));
		const tripwire = deps.tripwireFiles?.(config) ?? [];
		return [...collectGuardedFiles(config, locations, coverage).map((file) => file.path), ...skills, ...tripwire];
	};
	/** Stamps the files not watched yet when the configuration changed (a new covered file); keeps the others. */
	const follow = (): void => {
		const config = deps.store.latest();
		if (config === seen) return;
		seen = config;
		const watched = new Set(ledger.paths());
		ledger.stamp([...new Set([...hookFiles(config), ...own])].filter((path) => !watched.has(path)));
	};
	/** Each skill root's stamp at the last check: a moved one (a folder created, renamed or removed) is read again. */
	const rootStamps = new Map<string, string>();
	/**
	 * Reads again the skill roots whose stamp moved (one `stat` each): the SKILL.md of a skill folder new since is
	 * watched, as absent at the last check when `during` (made while the agent ran: found created), else as it is.
	 */
	const rescanSkills = (during: boolean): void => {
		if (!on) return;
		const moved = skillRoots(where()).filter((root) => {
			const stamp = fileStamp(root);
			if (rootStamps.get(root) === stamp) return false;
			rootStamps.set(root, stamp);
			return true;
		});
		if (moved.length === 0) return;
		const watched = new Set(ledger.paths());
		const fresh = skillFiles(moved).filter((path) => !watched.has(path));
		if (during) ledger.stampAbsent(fresh);
		else ledger.stamp(fresh);
	};
	const start = (): void => {
		on = guardOn(agentDir);
		seen = undefined;
		follow();
		rootStamps.clear();
		rescanSkills(false);
	};
	try {
		start();
	} catch {
		// A session whose files cannot be listed: nothing stamped, nothing undone.
	}
	const stopHearing = onOwnWrite((file) => {
		if (ledger.paths().includes(file)) ledger.stamp([file]);
	});
	/** Merges the configuration again now: hooks read the last merge, which may have met the agent's version. */
	const reread = (): void => {
		deps.store.invalidate();
		deps.store.current();
	};
	/** Paths the person let a tool call change in the self-guard's dialog: their next change is theirs. */
	const allowed = new Set<string>();
	/** The keep-or-undo dialogs asked so far, one after the other. */
	let asking: Promise<void> = Promise.resolve();
	/** The stamp each file got when this check last put it back. */
	const putBack = new Map<string, string>();
	const undo = (change: LedgerChange): UndoReport => {
		const state = own.has(change.path);
		const why = change.restorable ? ledger.restore(change.path) : "no copy of it was kept";
		if (why === undefined) putBack.set(change.path, fileStamp(change.path));
		const code: UndoCode = state
			? why === undefined
				? "state_file_restored"
				: "state_file_not_restored"
			: why === undefined
				? "hook_file_restored"
				: "hook_file_not_restored";
		return why === undefined
			? { code, path: change.path, kind: change.kind }
			: { code, path: change.path, kind: change.kind, why };
	};
	const tell = (ctx: ExtensionContext, report: UndoReport): void =>
		showNotice(ctx, { level: "warning", text: undoText(report, deps.projectDir, deps.home()) });
	const shownPath = (path: string): string => shown(path, deps.projectDir, deps.home());
	/** Asks about `held` (undone already); Yes puts the agent's version back as the person's own. */
	const ask = async (ctx: ExtensionContext, held: readonly HeldChange[]): Promise<void> => {
		const keep = await askKeepOrUndo(ctx, held, shownPath);
		for (const one of held) {
			const why = keep ? keepHeld(one) : undefined;
			ledger.stamp([one.change.path]);
			const path = shownPath(one.change.path);
			if (!keep) tell(ctx, { code: "hook_file_restored", path: one.change.path, kind: one.change.kind });
			else if (why === undefined)
				showNotice(ctx, {
					level: "info",
					text: `kept [hook_file_kept] ${path}: the agent's change is yours now`,
				});
			else tell(ctx, { code: "hook_file_not_restored", path: one.change.path, kind: one.change.kind, why });
		}
		reread();
	};
	/** Puts back each changed state file and tells it: pi-hook-manager's last write is the truth, at any moment. */
	const restoreState = (ctx: ExtensionContext): void => {
		for (const change of ledger.changes()) if (own.has(change.path)) tell(ctx, undo(change));
	};
	return {
		check(ctx) {
			try {
				rescanSkills(true);
				const held: HeldChange[] = [];
				let undid = false;
				for (const change of ledger.changes()) {
					if (allowed.delete(change.path)) {
						ledger.stamp([change.path]);
						continue;
					}
					const state = own.has(change.path);
					// With a UI a hook file is undone for now and asked about; a state file is always put back.
					const after = !state && ctx.hasUI ? heldBytes(change.path) : undefined;
					const report = undo(change);
					undid ||= !state;
					if (!state && ctx.hasUI && report.code === "hook_file_restored") held.push({ change, after });
					else tell(ctx, report);
				}
				if (undid) reread();
				follow();
				if (held.length === 0) return undefined;
				asking = asking.then(() => ask(ctx, held)).catch(() => {});
				return asking;
			} catch (error) {
				showNotice(ctx, {
					level: "warning",
					text: `the check of hook files after a tool call failed: ${(error as Error).message}`,
				});
				return undefined;
			}
		},
		allow(path) {
			allowed.add(path);
		},
		restored: (path, stamp) => putBack.get(path) === stamp,
		acceptOutside(ctx) {
			try {
				restoreState(ctx);
				rescanSkills(false);
				const changed = ledger.changes().map((change) => change.path);
				if (changed.length > 0) ledger.stamp(changed);
				if (changed.includes(join(agentDir, "settings.json"))) start();
				follow();
			} catch {
				// The baseline stays as it was: the next check compares with it.
			}
		},
		checkState(ctx) {
			try {
				restoreState(ctx);
			} catch {
				// The state stays as it is: the next start reads it as before.
			}
		},
		paths: () => ledger.paths(),
		close: stopHearing,
	};
};

/** The verifier of each session, made on first use. */
const verifiers = new WeakMap<object, CallVerifier>();

/** The verifier of the session `key` (its state object), made with `deps()` on first use. */
export const verifierOf = (key: object, deps: () => VerifyDeps): CallVerifier => {
	let verifier = verifiers.get(key);
	if (verifier === undefined) {
		verifier = createCallVerifier(deps());
		verifiers.set(key, verifier);
	}
	return verifier;
};
