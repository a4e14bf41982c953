/**
 * The /hooks panel's "new or changed since you last looked" view (the tripwire, issue #25): every hook this run
 * found new or changed, with what it runs, its file and the diff, scrolled. Opened from the list; read-only.
 */
import { changedLines } from "../changed-lines.ts";
import type { Hint } from "../frame.ts";
import type { PanelAction } from "../keys.ts";
import { ScrollWindow } from "../selection.ts";
import { killSwitchHint, type PanelContext, type PanelScreen, padLines } from "./screen.ts";

/** The hooks this run found new or changed (none without the tripwire port). */
export const changedHooks = (ctx: PanelContext) => ctx.services.tripwire?.changed() ?? [];

/** The view. */
export class ChangedScreen implements PanelScreen {
	readonly title = "Hooks > new or changed";
	private readonly ctx: PanelContext;
	private readonly scroll = new ScrollWindow();

	constructor(ctx: PanelContext) {
		this.ctx = ctx;
	}

	private lines(width: number): string[] {
		return changedLines(this.ctx.theme, changedHooks(this.ctx), width);
	}

	handleInput(data: string): void {
		const { ctx } = this;
		const is = (action: PanelAction): boolean => ctx.keys.matches(data, action);
		const page = ctx.bodyHeight();
		const total = (): number => this.lines(ctx.innerWidth()).length;
		if (is("cancel") || is("changed")) ctx.toList();
		else if (is("up") || is("down")) this.scroll.scrollBy(is("up") ? -1 : 1, total(), page);
		else if (is("pageUp") || is("pageDown")) this.scroll.scrollBy((is("pageUp") ? -1 : 1) * page, total(), page);
	}

	body(width: number, height: number): string[] {
		const lines = this.lines(width);
		this.scroll.scrollBy(0, lines.length, height);
		return padLines(lines.slice(this.scroll.offset, this.scroll.offset + height), width, height);
	}

	hints(): Hint[] {
		const k = (action: PanelAction): string => this.ctx.keys.label(action);
		return [[`${k("up")}/${k("down")}`, "scroll"], killSwitchHint(this.ctx), [k("cancel"), "back"]];
	}
}
