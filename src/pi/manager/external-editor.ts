/**
 * Opening a hook's file in the user's own editor from the /hooks panel, the way pi opens its external editor
 * (its extension editor's Ctrl+G): the TUI is stopped, `$VISUAL` (else `$EDITOR`) runs on the terminal with
 * inherited stdio, and the TUI starts again and redraws when the editor exits. Unlike pi there is no fallback to
 * nano: with neither variable set the panel says so.
 */
import { spawn } from "node:child_process";
import { statSync } from "node:fs";
import { basename, isAbsolute } from "node:path";
import type { TUI } from "@earendil-works/pi-tui";
import { hookReach } from "../../engine/trust/reach.ts";
import { SCRIPT_NAME } from "../../engine/trust/reach-words.ts";
import type { HookEntry } from "../../engine/types.ts";
import type { ExternalEditorPort } from "../../ui/panel/services.ts";

/** Editors that do not read `+LINE` as "open at this line" (they would open a file named `+12`). */
const NO_LINE_ARGUMENT = new Set(["code", "code-insiders", "codium", "cursor", "subl", "atom", "zed", "gedit", "kate"]);

/** `$VISUAL`, else `$EDITOR` (trimmed); undefined when neither is set. */
export const editorCommand = (env: Readonly<Record<string, string | undefined>>): string | undefined => {
	const visual = env.VISUAL?.trim();
	if (visual !== undefined && visual !== "") return visual;
	const editor = env.EDITOR?.trim();
	return editor === undefined || editor === "" ? undefined : editor;
};

/**
 * The argv that opens `file` at `line` with `command` (split on spaces, as pi splits its editor command):
 * `+LINE` before the file unless the editor is known not to take it.
 */
export const editorArgv = (command: string, file: string, line: number | undefined): string[] => {
	const [editor = "", ...args] = command.split(" ").filter((part) => part !== "");
	const atLine = line !== undefined && !NO_LINE_ARGUMENT.has(basename(editor)) ? [`+${line}`] : [];
	return [editor, ...args, ...atLine, file];
};

/** True for an existing regular file. */
const isFile = (path: string): boolean => {
	try {
		return statSync(path).isFile();
	} catch {
		return false;
	}
};

/**
 * The script file a command hook runs, for the editor: the first script-named file its words reach inside the
 * project or its plugin (`hookReach`, as approval covers them), else the first word naming an existing script by
 * an absolute, `~/` or `$CLAUDE_PROJECT_DIR` path (a user's `~/.claude/hooks/x.sh`); undefined for none.
 */
export const scriptOf = (entry: HookEntry, projectDir: string, home: string): string | undefined => {
	const handler = entry.handler;
	if (handler.type !== "command") return undefined;
	const reached = hookReach(entry, { projectDir, isFile }).files.find((file) => SCRIPT_NAME.test(file));
	if (reached !== undefined && isFile(reached)) return reached;
	for (const raw of [handler.command, ...(handler.args ?? [])].join(" ").split(/\s+/)) {
		const word = raw
			.replace(/^["']|["']$/g, "")
			.replace(/^~\//, `${home}/`)
			.replace(/^\$\{?CLAUDE_PROJECT_DIR\}?/, projectDir);
		if (isAbsolute(word) && SCRIPT_NAME.test(word) && isFile(word)) return word;
	}
	return undefined;
};

/**
 * The panel's editor port over pi's TUI: `tui()` is the open panel's TUI (undefined while none is open). Never
 * rejects: a failure is the text the panel shows.
 */
export const createExternalEditor = (
	tui: () => TUI | undefined,
	env: Readonly<Record<string, string | undefined>>,
	dirs: () => { readonly projectDir: string; readonly home: string },
): ExternalEditorPort => ({
	command: () => editorCommand(env),
	script: (entry) => scriptOf(entry, dirs().projectDir, dirs().home),
	async open(file, line) {
		const command = editorCommand(env);
		const screen = tui();
		if (command === undefined) return "No editor is set: set $VISUAL or $EDITOR.";
		if (screen === undefined) return "The panel is not open.";
		const [editor = "", ...args] = editorArgv(command, file, line);
		screen.stop();
		try {
			// As pi does: no spawnSync, the editor gets the terminal, pi resumes when it exits.
			const exit = await new Promise<number | string | null>((resolve) => {
				const child = spawn(editor, args, { stdio: "inherit" });
				child.on("error", () => resolve(null));
				child.on("close", (code, signal) => resolve(code ?? signal));
			});
			if (exit === null) return `${command} could not be started.`;
			return exit === 0
				? undefined
				: `${command} exited with ${typeof exit === "number" ? `code ${exit}` : exit}.`;
		} finally {
			screen.start();
			screen.requestRender(true);
		}
	},
});
