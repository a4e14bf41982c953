/** The /hooks panel's delete confirmation: what will be deleted from which file; Enter deletes, Esc keeps it. */
import { type FileSnapshot, parseHookPath } from "../../../engine/config/edit.ts";
import type { HookEntry } from "../../../engine/types.ts";
import { fit, hardWrap } from "../format.ts";
import type { Hint } from "../frame.ts";
import { fileLabel, type ListRow } from "../hook-rows.ts";
import type { PanelAction } from "../keys.ts";
import { finishSave, type PanelContext, type PanelScreen, padLines, readOnlyMessage } from "./screen.ts";

type HookRow = ListRow & { readonly kind: "hook" };

/** Asks before deleting one hook from the file as read when the screen opened. */
export class DeleteScreen implements PanelScreen {
	readonly title = "Hooks > delete";
	private readonly ctx: PanelContext;
	private readonly row: HookRow;
	private readonly snapshot: FileSnapshot;

	constructor(ctx: PanelContext, row: HookRow, snapshot: FileSnapshot) {
		this.ctx = ctx;
		this.row = row;
		this.snapshot = snapshot;
	}

	handleInput(data: string): void {
		if (this.ctx.keys.matches(data, "confirm")) this.delete();
		else if (this.ctx.keys.matches(data, "cancel")) this.ctx.toList();
	}

	private delete(): void {
		const { ctx } = this;
		const entry = this.row.entry;
		const at = parseHookPath(entry.jsonPath);
		if (at === undefined) {
			ctx.say({ level: "error", text: `cannot locate ${entry.jsonPath} in ${entry.source.file}` });
			ctx.toList();
			return;
		}
		const switchedOff = !ctx.services.hooks.isEnabled(entry);
		const result = ctx.services.edits.save(this.snapshot, { kind: "delete", id: entry.id, at }, entry);
		// Kept for the undo key: the file's text before and after, so an undo can put every byte back.
		if (result.ok && this.snapshot.text !== undefined)
			ctx.state.undo = {
				deleted: { file: entry.source.file, before: this.snapshot.text, after: result.text, entry },
				switchedOff,
				source: this.row.source,
			};
		const undo = result.ok ? ` ${ctx.keys.label("undo")} undoes it.` : "";
		finishSave(ctx, result, `Deleted ${entry.event} hook from ${this.row.source} (${entry.source.file}).${undo}`);
	}

	body(width: number, height: number): string[] {
		const t = this.ctx.theme;
		const { row } = this;
		const label = (action: PanelAction): string => this.ctx.keys.label(action);
		const fileName = fileLabel(row.entry.source.file, this.ctx.services.hooks.sources);
		const from = `from ${fileName} (${row.entry.source.file})`;
		const lines = [
			t.bold(t.fg("warning", fit("Delete this hook?", width))),
			...hardWrap(`${row.event}  matcher ${row.matcher}`, width).map((line) => fit(line, width)),
			...hardWrap(row.target, width).map((line) => fit(line, width)),
			...hardWrap(from, width).map((line) => t.fg("muted", fit(line, width))),
			" ".repeat(width),
			t.fg("warning", fit(`${label("confirm")} deletes it, ${label("cancel")} keeps it.`, width)),
		];
		return padLines(lines, width, height);
	}

	hints(): Hint[] {
		return [
			[this.ctx.keys.label("confirm"), "delete"],
			[this.ctx.keys.label("cancel"), "keep"],
		];
	}
}

/** Puts the hook deleted last back into its file (`ctrl+z` on the list), or says why it cannot. */
export const undoDelete = (ctx: PanelContext): void => {
	const undo = ctx.state.undo;
	if (undo === undefined) {
		ctx.say({ level: "error", text: "Nothing to undo: no hook was deleted in this panel." });
		return;
	}
	const result = ctx.services.edits.restore(undo.deleted, undo.switchedOff);
	if (result.ok) ctx.state.undo = undefined;
	const { entry } = undo.deleted;
	finishSave(ctx, result, `Restored the deleted ${entry.event} hook to ${undo.source} (${entry.source.file}).`);
};

/** Opens the delete confirmation for `entry`, or says why it cannot be deleted here. */
export const confirmDelete = (ctx: PanelContext, entry: HookEntry | undefined): void => {
	ctx.state.refresh();
	const row = ctx.state.rows.find((candidate) => candidate.kind === "hook" && candidate.entry.id === entry?.id);
	if (entry === undefined || row === undefined || row.kind !== "hook") {
		ctx.say({ level: "error", text: "Select a hook to delete it." });
		return;
	}
	const readOnly = readOnlyMessage(ctx.services.hooks, entry);
	if (readOnly !== undefined) {
		ctx.say({ level: "error", text: readOnly });
		return;
	}
	const snapshot = ctx.services.edits.snapshot(entry.source.file);
	if ("error" in snapshot) {
		ctx.say({ level: "error", text: snapshot.error });
		return;
	}
	ctx.show(new DeleteScreen(ctx, row, snapshot));
};
