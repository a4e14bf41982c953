/**
 * The panel's keys that open a hook in the user's own editor (`$VISUAL`/`$EDITOR`): its settings file at the
 * hook's line (for what the built-in editor does not edit: `args`, `async`, http and other hook types), or the
 * script its command runs. When the editor exits the panel is back on the list and reads the hooks again.
 */
import { jsonPathPosition } from "../../../engine/config/json-position.ts";
import type { HookEntry } from "../../../engine/types.ts";
import type { ExternalEditorPort } from "../services.ts";
import { type PanelContext, RELOAD_DELAY_MS } from "./screen.ts";

/** The editor port and its command, or undefined after saying why the editor cannot open (no hook, no editor). */
const editorFor = (
	ctx: PanelContext,
	entry: HookEntry | undefined,
): { readonly port: ExternalEditorPort; readonly command: string; readonly entry: HookEntry } | undefined => {
	const port = ctx.services.externalEditor;
	if (port === undefined) return undefined;
	ctx.toList();
	if (entry === undefined) {
		ctx.say({ level: "error", text: "Select a hook to open it in your editor." });
		return undefined;
	}
	const command = port.command();
	if (command === undefined) {
		ctx.say({
			level: "error",
			text:
				"No editor is set, so nothing can be opened: set $VISUAL or $EDITOR (for example EDITOR=nano) in " +
				"the shell that starts pi.",
		});
		return undefined;
	}
	return { port, command, entry };
};

/** Hands the terminal to the editor on `file`; back on the list with what happened when it exits. */
const edit = (ctx: PanelContext, port: ExternalEditorPort, command: string, file: string, line?: number): void => {
	ctx.say({ level: "info", text: `Editing ${file} in ${command}; the panel comes back when it exits.` });
	void port.open(file, line).then((problem) => {
		ctx.toList();
		ctx.say(
			problem === undefined
				? { level: "info", text: `Back from ${command}: the hooks are read again.` }
				: { level: "error", text: problem },
		);
		ctx.host.requestRender();
		ctx.host.schedule(() => ctx.host.requestRender(), RELOAD_DELAY_MS);
	});
};

/** Opens `entry`'s settings file at the hook's line in the external editor, or says why it cannot. */
export const openHookFile = (ctx: PanelContext, selected: HookEntry | undefined): void => {
	const editor = editorFor(ctx, selected);
	if (editor === undefined) return;
	const file = editor.entry.source.file;
	const snapshot = ctx.services.edits.snapshot(file);
	const line =
		"error" in snapshot || snapshot.text === undefined
			? undefined
			: jsonPathPosition(snapshot.text, editor.entry.jsonPath).line;
	edit(ctx, editor.port, editor.command, file, line);
};

/** Opens the script `entry`'s command runs in the external editor, or says why it cannot. */
export const openHookScript = (ctx: PanelContext, selected: HookEntry | undefined): void => {
	const editor = editorFor(ctx, selected);
	if (editor === undefined) return;
	const script = editor.port.script(editor.entry);
	if (script === undefined) {
		ctx.say({
			level: "error",
			text:
				"This hook runs no script file the panel can find; " +
				`${ctx.keys.label("openFile")} opens its settings file.`,
		});
		return;
	}
	edit(ctx, editor.port, editor.command, script);
};
