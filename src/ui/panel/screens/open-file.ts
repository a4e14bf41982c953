/**
 * The panel's key that opens a hook's settings file in the user's own editor (`$VISUAL`/`$EDITOR`), at the
 * hook's line: for what the built-in editor does not edit (`args`, `async`, http and other hook types). When the
 * editor exits the panel is back on the list and reads the hooks again.
 */
import { jsonPathPosition } from "../../../engine/config/json-position.ts";
import type { HookEntry } from "../../../engine/types.ts";
import { type PanelContext, RELOAD_DELAY_MS } from "./screen.ts";

/** Opens `entry`'s file in the external editor, or says why it cannot (no hook selected, no editor set). */
export const openHookFile = (ctx: PanelContext, entry: HookEntry | undefined): void => {
	const port = ctx.services.externalEditor;
	if (port === undefined) return;
	ctx.toList();
	if (entry === undefined) {
		ctx.say({ level: "error", text: "Select a hook to open its file in your editor." });
		return;
	}
	const command = port.command();
	if (command === undefined) {
		ctx.say({
			level: "error",
			text:
				`No editor is set, so ${entry.source.file} cannot be opened: set $VISUAL or $EDITOR (for example ` +
				"EDITOR=nano) in the shell that starts pi.",
		});
		return;
	}
	const file = entry.source.file;
	const snapshot = ctx.services.edits.snapshot(file);
	const line =
		"error" in snapshot || snapshot.text === undefined
			? undefined
			: jsonPathPosition(snapshot.text, entry.jsonPath).line;
	ctx.say({ level: "info", text: `Editing ${file} in ${command}; the panel comes back when it exits.` });
	void port.open(file, line).then((problem) => {
		ctx.toList();
		ctx.say(
			problem === undefined
				? { level: "info", text: `Back from ${command}: the hooks of ${file} are read again.` }
				: { level: "error", text: problem },
		);
		ctx.host.requestRender();
		ctx.host.schedule(() => ctx.host.requestRender(), RELOAD_DELAY_MS);
	});
};
