/**
 * Test helper for the end-to-end trust tests: one builder lays a pi sandbox out as a cloned repository and its
 * user would have it (the project's and the user's Claude settings, keys added to pi's own settings, the
 * repository's files and scripts, the self-guard off for the rewrite attacks), reads back what hooks and tool
 * calls left in the project, and answers pi's approval dialog over RPC.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { layClaudeLayout } from "./claude-layout.ts";
import type { PiSandbox } from "./pi-env.ts";
import { type PiRpc, type RpcRecord, startPiRpc } from "./pi-rpc.ts";

/** The one-run opt-in's environment: project hooks and settings apply for that run without a dialog. */
export const OPT_IN: Readonly<Record<string, string>> = { PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS: "1" };

/** Shell text that appends `word` to runs.txt in the project; "good" and "EVIL" have the same length. */
export const mark = (word: string): string => `echo ${word} >> "$CLAUDE_PROJECT_DIR/runs.txt"\n`;

/**
 * Settings with one hook handler: `handler` under `matcher` (none when undefined) of the hook event `event`, as
 * Claude Code's settings files hold it, e.g. `hookSettings("PreToolUse", "Bash", { type: "command", command })`.
 */
export const hookSettings = (
	event: string,
	matcher: string | undefined,
	handler: Readonly<Record<string, unknown>>,
): { hooks: Record<string, unknown[]> } => ({
	hooks: { [event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks: [handler] }] },
});

/** What a trust test's sandbox holds before pi starts (see {@link trustSandbox}). */
export interface TrustLayout {
	/**
	 * true: the recorded Claude Code layout first (claude-layout.ts: the user's plugins, among them
	 * guard@my-marketplace at level strict, and the project's plugin settings); `project` then replaces the latter.
	 */
	readonly claudeLayout?: boolean;
	/** The project's Claude settings (`<project>/.claude/settings.json`). */
	readonly project?: unknown;
	/** The user's Claude settings (`~/.claude/settings.json`). */
	readonly user?: unknown;
	/** Keys added to pi's global settings (`$PI_CODING_AGENT_DIR/settings.json`), e.g. the user's own hooks. */
	readonly pi?: Readonly<Record<string, unknown>>;
	/** The repository's files: text by path relative to the project. */
	readonly files?: Readonly<Record<string, string>>;
	/** With `files`: each is made executable (mode 0755). */
	readonly executable?: boolean;
	/** false: the self-guard is off (`guardHookFiles: false`, see {@link selfGuardOff}). */
	readonly selfGuard?: false;
}

/** A pi sandbox laid out by {@link trustSandbox}, with the readers and writers the trust tests use. */
export interface TrustSandbox extends PiSandbox {
	/** Writes the repository's files (text by path relative to the project); `executable` makes them 0755. */
	writeProject(files: Readonly<Record<string, string>>, executable?: boolean): void;
	/** Adds keys to pi's global settings (`$PI_CODING_AGENT_DIR/settings.json`), keeping the ones it has. */
	addPiSettings(extra: Readonly<Record<string, unknown>>): void;
	/** True once `name` (a path relative to the project) exists: a tool call or a hook made it. */
	made(name: string): boolean;
	/** What the hooks appended to the project's runs.txt ("" before the first run). */
	runs(): string;
}

/** Adds keys to the sandbox's pi global settings (`$PI_CODING_AGENT_DIR/settings.json`), keeping the ones it has. */
const addPiSettings = (box: PiSandbox, extra: Readonly<Record<string, unknown>>): void => {
	const file = join(box.agentDir, "settings.json");
	const settings = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
	writeFileSync(file, `${JSON.stringify({ ...settings, ...extra }, null, "\t")}\n`);
};

/**
 * Switches the self-guard off in the sandbox's pi settings (`guardHookFiles: false`): the attacks on change-aware
 * trust rewrite covered files with a model tool call, which the guard would otherwise ask about first (the layer
 * these tests check is the one behind it; test/e2e/self-guard.test.ts checks the guard).
 */
export const selfGuardOff = (box: PiSandbox): void => addPiSettings(box, { guardHookFiles: false });

/** What the hooks appended to the project's runs.txt ("" before the first run). */
export const runs = (box: PiSandbox): string => {
	const file = join(box.projectDir, "runs.txt");
	return existsSync(file) ? readFileSync(file, "utf8") : "";
};

/** Lays `layout` out in `box` (a sandbox of useE2e or useTuiSuite, removed with it) and returns it with its helpers. */
export const trustSandbox = (box: PiSandbox, layout: TrustLayout = {}): TrustSandbox => {
	const writeProject = (files: Readonly<Record<string, string>>, executable = false): void => {
		for (const [path, text] of Object.entries(files)) {
			const file = box.writeFile(`project/${path}`, text);
			if (executable) chmodSync(file, 0o755);
		}
	};
	if (layout.claudeLayout === true) layClaudeLayout(box.home, box.projectDir);
	if (layout.project !== undefined) box.writeJson("project/.claude/settings.json", layout.project);
	if (layout.user !== undefined) box.writeJson("home/.claude/settings.json", layout.user);
	if (layout.pi !== undefined) addPiSettings(box, layout.pi);
	if (layout.selfGuard === false) selfGuardOff(box);
	if (layout.files !== undefined) writeProject(layout.files, layout.executable);
	return {
		...box,
		writeProject,
		addPiSettings: (extra) => addPiSettings(box, extra),
		made: (name) => existsSync(join(box.projectDir, name)),
		runs: () => runs(box),
	};
};

/** The approved entries of the sandbox's `approvals.json` by id (empty when none was saved). */
export const approvalsOf = (box: PiSandbox): Record<string, Record<string, string | undefined>> => {
	const file = join(box.agentDir, "pi-hook-manager", "approvals.json");
	return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")).approved : {};
};

/** pi's next approval (confirm) dialog over RPC, other than `seen` (one already answered). */
export const nextConfirm = (rpc: PiRpc, seen?: RpcRecord): Promise<RpcRecord> =>
	rpc.waitFor(
		(r) => r.type === "extension_ui_request" && r.method === "confirm" && (seen === undefined || r.id !== seen.id),
	);

/** Answers the confirm dialog `dialog` over RPC: Yes when `confirmed`. */
export const answer = (rpc: PiRpc, dialog: RpcRecord, confirmed: boolean): void =>
	rpc.send({ type: "extension_ui_response", id: dialog.id, confirmed });

/**
 * Starts pi in RPC mode on `box`, approves every project hook in its first dialog, runs `prompt` and closes pi;
 * resolves with the dialog's message.
 */
export const approveOverRpc = async (box: PiSandbox, prompt: string): Promise<string> => {
	const rpc = startPiRpc(box);
	try {
		const dialog = await nextConfirm(rpc);
		answer(rpc, dialog, true);
		await rpc.prompt(prompt);
		return String(dialog.message);
	} finally {
		await rpc.close();
	}
};
