/**
 * Approving project hooks from the /hooks panel (change-aware trust): the whole definition is shown first,
 * and Yes counts only once all of it was on screen. Switching on a hook that waits for approval opens it. Yes
 * approves what was shown (issue #40): a definition or covered file changed since approves nothing, and the screen
 * shows the hooks again as they are now.
 */
import { isPolicySource, sourceLabel } from "../../../engine/config/sources.ts";
import type { HookEntry } from "../../../engine/types.ts";
import { fit, hardWrap, hookTarget, oneLine } from "../format.ts";
import type { Hint } from "../frame.ts";
import type { PanelAction } from "../keys.ts";
import { ScrollWindow } from "../selection.ts";
import type { ApprovalPort, ShownApprovals } from "../services.ts";
import { type PanelContext, type PanelScreen, padLines } from "./screen.ts";

/** The approval screen of one hook (Ctrl+T) or of every waiting one (approve all). */
export class ApproveScreen implements PanelScreen {
	readonly title = "Hooks > details";
	private readonly ctx: PanelContext;
	private readonly approvals: ApprovalPort;
	/** The hooks approved by Yes. */
	private readonly entries: readonly HookEntry[];
	/** What is shown, and Yes for exactly that. */
	private readonly shown: ShownApprovals;
	private readonly scroll = new ScrollWindow();
	/** True once the last line has been on screen. */
	private seenAll = false;
	/** Set when Yes was refused because part of the definition was never shown. */
	private refused = false;

	/** Said above the question: why the hooks are shown again. */
	private readonly notice: string | undefined;

	constructor(ctx: PanelContext, approvals: ApprovalPort, entries: readonly HookEntry[], notice?: string) {
		this.ctx = ctx;
		this.notice = notice;
		this.approvals = approvals;
		this.entries = entries;
		this.shown = approvals.show(entries);
	}

	handleInput(data: string): void {
		const is = (action: PanelAction): boolean => this.ctx.keys.matches(data, action);
		const total = this.allLines(80).length;
		const page = this.ctx.bodyHeight();
		if (is("cancel")) this.ctx.toList();
		else if (is("up") || is("down")) this.scroll.scrollBy(is("up") ? -1 : 1, total, page);
		else if (is("pageUp") || is("pageDown")) this.scroll.scrollBy((is("pageUp") ? -1 : 1) * page, total, page);
		else if (is("top") || is("bottom"))
			this.scroll.scrollBy((is("top") ? -1 : 1) * Number.MAX_SAFE_INTEGER, total, page);
		else if (is("confirm") || is("toggle")) this.approve();
	}

	private approve(): void {
		if (!this.seenAll) {
			this.refused = true;
			return;
		}
		// Exactly the hooks that were shown, as shown, even if more started waiting meanwhile.
		const answer = this.shown.approve();
		if (answer.kind === "moved") {
			const text =
				`Nothing approved: ${answer.moved} hook(s) changed since shown; ` +
				(answer.again.length > 0 ? "shown again as they are now." : "none waits any more.");
			if (answer.again.length > 0) this.ctx.show(new ApproveScreen(this.ctx, this.approvals, answer.again, text));
			else {
				this.ctx.toList();
				this.ctx.say({ level: "error", text });
			}
			return;
		}
		const problem = answer.kind === "approved" ? answer.problem : answer.problem;
		const [only] = this.entries;
		this.ctx.toList();
		this.ctx.say(
			problem !== undefined
				? { level: "error", text: problem }
				: this.entries.length === 1 && only !== undefined
					? { level: "info", text: `Approved: ${only.event} ${oneLine(hookTarget(only))}` }
					: {
							level: "info",
							text: `Approved ${this.entries.length} project hook(s); they run from the next event on.`,
						},
		);
	}

	/** The question, then the hooks' whole definitions, wrapped. */
	private allLines(width: number): string[] {
		const t = this.ctx.theme;
		const [only] = this.entries;
		const single = this.entries.length === 1 && only !== undefined;
		const question = single
			? "Approve this project hook? It runs exactly this:"
			: `Approve these ${this.entries.length} project hooks? They run exactly this:`;
		return [
			...(this.notice === undefined
				? []
				: hardWrap(this.notice, width).map((part) => t.fg("error", fit(part, width)))),
			t.bold(t.fg("warning", fit(question, width))),
			...this.shown.lines.flatMap((line) => hardWrap(line, width).map((part) => fit(part, width))),
			...(single ? [t.fg("muted", fit(`from ${only.source.file} at ${only.jsonPath}`, width))] : []),
		];
	}

	body(width: number, height: number): string[] {
		const t = this.ctx.theme;
		const label = (action: PanelAction): string => this.ctx.keys.label(action);
		const all = this.allLines(width);
		const room = Math.max(1, height - 2);
		this.scroll.scrollBy(0, all.length, room);
		const window = all.slice(this.scroll.offset, this.scroll.offset + room);
		const below = all.length - this.scroll.offset - window.length;
		if (below <= 0) this.seenAll = true;
		const answer = this.seenAll
			? t.fg("warning", fit(`${label("confirm")} approves it, ${label("cancel")} does not.`, width))
			: t.fg(
					this.refused ? "error" : "warning",
					fit(
						`${below} more line(s) below: scroll to the end before approving ` +
							`(${label("cancel")} does not approve).`,
						width,
					),
				);
		return [...padLines(window, width, room), " ".repeat(width), answer].slice(0, height);
	}

	hints(): Hint[] {
		const k = (action: PanelAction): string => this.ctx.keys.label(action);
		return [
			[pair(k("up"), k("down")), "scroll"],
			[k("confirm"), "approve"],
			[k("cancel"), "back"],
		];
	}
}

/** `↑↓` for the arrows; `↑/ctrl+j` once a key is remapped to something longer. */
export const pair = (a: string, b: string): string => (a.length === 1 && b.length === 1 ? `${a}${b}` : `${a}/${b}`);

/**
 * Switches a hook on or off; a hook that waits for approval opens the approval screen instead (switching it
 * on approves its current definition), and a managed-policy hook stays on.
 */
export const toggleHook = (ctx: PanelContext, entry: HookEntry | undefined): void => {
	if (entry === undefined) {
		ctx.say({ level: "error", text: "Select a hook to switch it on or off." });
		return;
	}
	if (isPolicySource(entry.source)) {
		ctx.say({
			level: "error",
			text:
				`${sourceLabel(entry.source)} hook: managed policy keeps it on; ` +
				"only managed policy can switch it off.",
		});
		return;
	}
	const approvals = ctx.services.approvals;
	if (approvals?.needsApproval(entry)) {
		ctx.show(new ApproveScreen(ctx, approvals, [entry]));
		return;
	}
	const { hooks } = ctx.services;
	const enabled = !hooks.isEnabled(entry);
	const problem = hooks.setEnabled(entry, enabled);
	const what = `${entry.event} ${oneLine(hookTarget(entry))}`;
	ctx.say(
		problem !== undefined
			? { level: "error", text: problem }
			: { level: "info", text: `${enabled ? "Enabled" : "Disabled"}: ${what}` },
	);
};

/** How many listed hooks wait for the user's approval. */
export const waitingApproval = (ctx: PanelContext): number => {
	const approvals = ctx.services.approvals;
	if (approvals === undefined) return 0;
	return ctx.state.rows.filter((row) => row.kind === "hook" && approvals.needsApproval(row.entry)).length;
};

/** Approving every new or changed project hook at once: all their definitions are shown first. */
export const approveAllWaiting = (ctx: PanelContext): void => {
	const approvals = ctx.services.approvals;
	if (approvals === undefined) return;
	const config = ctx.services.hooks.config();
	const waiting =
		config === undefined
			? []
			: config.skipped.map((skipped) => skipped.entry).filter((entry) => approvals.needsApproval(entry));
	if (waiting.length === 0) {
		ctx.say({ level: "info", text: "No project hook waits for approval." });
		return;
	}
	ctx.show(new ApproveScreen(ctx, approvals, waiting));
};
