/**
 * The details screens of the /hooks panel: everything about one hook row (its definition, state and
 * statistics) or one log row (the run's input, output and decision), scrolled; the row's actions work here too.
 */
import type { HookEntry } from "../../../engine/types.ts";
import { fit } from "../format.ts";
import type { Hint } from "../frame.ts";
import { hookDetailLines } from "../hook-details.ts";
import type { PanelAction } from "../keys.ts";
import type { LogRow } from "../log-rows.ts";
import { recordDetailLines } from "../record-details.ts";
import { ScrollWindow } from "../selection.ts";
import { pair, toggleHook } from "./approve.ts";
import { confirmDelete } from "./delete.ts";
import { openEditor } from "./editor.ts";
import { openHookFile, openHookScript } from "./open-file.ts";
import { killSwitchHint, type PanelContext, type PanelScreen, padLines } from "./screen.ts";
import { openReplay, openTest } from "./test.ts";

/** What the details screen shows: a hook row (by key, so it follows a reload) or a log row. */
export type DetailsOf =
	| { readonly kind: "hook"; readonly key: string }
	| { readonly kind: "record"; readonly row: LogRow };

/** The details of one hook or one logged run. */
export class DetailsScreen implements PanelScreen {
	readonly title = "Hooks > details";
	private readonly ctx: PanelContext;
	private readonly of: DetailsOf;
	private readonly scroll = new ScrollWindow();
	/** A record never changes: its lines are laid out once per width, so scrolling costs only the window. */
	private recordLines: { readonly width: number; readonly lines: string[] } | undefined;

	constructor(ctx: PanelContext, of: DetailsOf) {
		this.ctx = ctx;
		this.of = of;
	}

	/** The hook shown (a hook row that is still in the settings); undefined for a problem row or a log row. */
	private entry(): HookEntry | undefined {
		if (this.of.kind !== "hook") return undefined;
		this.ctx.state.refresh();
		const row = this.ctx.state.row(this.of.key);
		return row?.kind === "hook" ? row.entry : undefined;
	}

	handleInput(data: string): void {
		const { ctx } = this;
		const is = (action: PanelAction): boolean => ctx.keys.matches(data, action);
		const entry = this.entry();
		const page = ctx.bodyHeight();
		const total = (): number => this.lines(ctx.innerWidth()).length;
		if (is("cancel") || is("confirm")) ctx.toList();
		else if (is("up") || is("down")) this.scroll.scrollBy(is("up") ? -1 : 1, total(), page);
		else if (is("pageUp") || is("pageDown")) this.scroll.scrollBy((is("pageUp") ? -1 : 1) * page, total(), page);
		else if (is("top") || is("bottom"))
			this.scroll.scrollBy((is("top") ? -1 : 1) * Number.MAX_SAFE_INTEGER, total(), page);
		else if (is("switchView")) {
			ctx.toList();
			ctx.state.switchTab();
		} else if (is("test")) {
			if (this.of.kind === "record") openReplay(ctx, this.of.row);
			else openTest(ctx, entry);
		} else if (is("toggle")) toggleHook(ctx, entry ?? ctx.state.selectedEntry());
		else if (is("edit") && entry !== undefined) openEditor(ctx, entry);
		else if (is("delete") && entry !== undefined) confirmDelete(ctx, entry);
		else if (is("openFile") && entry !== undefined && ctx.services.externalEditor !== undefined)
			openHookFile(ctx, entry);
		else if (is("openScript") && entry !== undefined && ctx.services.externalEditor !== undefined)
			openHookScript(ctx, entry);
	}

	private lines(width: number): string[] {
		const { ctx } = this;
		if (this.of.kind === "record") {
			if (this.recordLines?.width !== width)
				this.recordLines = { width, lines: recordDetailLines(ctx.theme, this.of.row, width) };
			return this.recordLines.lines;
		}
		const row = ctx.state.row(this.of.key);
		if (row === undefined)
			return [ctx.theme.fg("warning", fit("This hook is no longer in the settings (the file changed).", width))];
		const { hooks } = ctx.services;
		return hookDetailLines(ctx.theme, row, width, {
			allOff: hooks.allOff(),
			disableAllHooks: hooks.config()?.disableAllHooks ?? false,
			history: row.kind === "hook" ? ctx.state.log.historyStats(row.entry.id) : undefined,
			editable: (file) => hooks.sources.some((source) => source.file === file),
		});
	}

	body(width: number, height: number): string[] {
		const lines = this.lines(width);
		this.scroll.scrollBy(0, lines.length, height);
		return padLines(lines.slice(this.scroll.offset, this.scroll.offset + height), width, height);
	}

	hints(): Hint[] {
		const k = (action: PanelAction): string => this.ctx.keys.label(action);
		if (this.of.kind === "record")
			return [
				[pair(k("up"), k("down")), "scroll"],
				[`${k("top")}/${k("bottom")}`, "top/bottom"],
				[k("test"), "replay"],
				[k("toggle"), "on/off"],
				killSwitchHint(this.ctx),
				[k("cancel"), "back"],
			];
		// Only what works on this row: a problem has no switch, and read-only files are not edited here.
		const row = this.ctx.state.hookList.selected();
		const file = row === undefined ? undefined : row.kind === "hook" ? row.entry.source.file : row.issue.file;
		const writable = file !== undefined && this.ctx.services.hooks.sources.some((source) => source.file === file);
		return [
			[pair(k("up"), k("down")), "scroll"],
			...(row?.kind === "hook" ? ([[k("toggle"), "on/off"]] as Hint[]) : []),
			...(row?.kind === "hook" && this.ctx.services.externalEditor !== undefined
				? ([[k("openFile"), "open in $EDITOR"]] as Hint[])
				: []),
			...(writable
				? ([
						[k("edit"), "edit"],
						[k("delete"), "delete"],
					] as Hint[])
				: []),
			killSwitchHint(this.ctx),
			[k("cancel"), "back"],
		];
	}
}
