/**
 * Opening a hook's file in the user's own editor from the /hooks panel, the way pi opens its external editor
 * (its extension editor's Ctrl+G): the TUI is stopped, `$VISUAL` (else `$EDITOR`) runs on the terminal with
 * inherited stdio, and the TUI starts again and redraws when the editor exits. Unlike pi there is no fallback to
 * nano: with neither variable set the panel says so.
 */
import { spawn } from "node:child_process";
import { basename } from "node:path";
import type { TUI } from "@earendil-works/pi-tui";
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

/**
 * The panel's editor port over pi's TUI: `tui()` is the open panel's TUI (undefined while none is open). Never
 * rejects: a failure is the text the panel shows.
 */
export const createExternalEditor = (
	tui: () => TUI | undefined,
	env: Readonly<Record<string, string | undefined>>,
): ExternalEditorPort => ({
	command: () => editorCommand(env),
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
