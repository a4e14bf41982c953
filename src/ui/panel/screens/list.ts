/**
 * The /hooks panel's list screen, the one it opens on: the hooks tab (every hook grouped by event and
 * matcher) or the log tab, under the fuzzy filter. Its keys open the other screens on the selected row.
 */
import type { Hint } from "../frame.ts";
import type { PanelAction } from "../keys.ts";
import { approveAllWaiting, pair, toggleHook, waitingApproval } from "./approve.ts";
import { ChangedScreen, changedHooks } from "./changed.ts";
import { CostScreen } from "./cost.ts";
import { confirmDelete, undoDelete } from "./delete.ts";
import { DetailsScreen } from "./details.ts";
import { openEditor } from "./editor.ts";
import { openHookFile, openHookScript } from "./open-file.ts";
import { killSwitchHint, type PanelContext, type PanelScreen } from "./screen.ts";
import { openReplay, openTest } from "./test.ts";

/** What the list says when a test run is stopped by leaving its screen. */
const TEST_STOPPED = "Test run stopped: the log lists it; nothing in the session changed.";

/** The list of hooks or runs; typing goes to the filter. */
export class ListScreen implements PanelScreen {
	readonly title = "Hooks";
	private readonly ctx: PanelContext;

	constructor(ctx: PanelContext) {
		this.ctx = ctx;
	}

	handleInput(data: string): void {
		const { ctx } = this;
		const { state } = ctx;
		const is = (action: PanelAction): boolean => ctx.keys.matches(data, action);
		const list = state.tab === "hooks" ? state.hookList : state.log;
		if (is("cancel")) {
			if (state.filter.getValue() !== "") state.filter.setValue("");
			else ctx.close();
		} else if (is("switchView")) {
			state.switchTab();
			ctx.say(undefined);
		} else if (is("up") || is("down")) {
			state.refresh();
			list.move(is("up") ? -1 : 1);
		} else if (is("pageUp") || is("pageDown")) {
			state.refresh();
			list.move((is("pageUp") ? -1 : 1) * Math.max(2, ctx.bodyHeight() - 2));
		} else if (is("history") && state.tab === "log") {
			ctx.say(state.log.toggleHistory());
		} else if (is("export") && state.tab === "log") {
			state.refresh();
			const message = state.log.exportShown();
			if (message !== undefined) ctx.say(message);
		} else if (is("saveCase") && state.tab === "log") {
			state.refresh();
			ctx.say(state.log.saveShownAsFixtures());
		} else if (is("cost")) {
			state.refresh();
			ctx.show(new CostScreen(ctx));
		} else if (is("changed") && ctx.services.tripwire !== undefined) {
			ctx.show(new ChangedScreen(ctx));
		} else if (is("approveAll")) {
			approveAllWaiting(ctx);
		} else if (is("contextCards") && ctx.services.contextCards !== undefined) {
			this.flipContextCards(ctx.services.contextCards);
		} else if (is("confirm")) {
			this.openDetails();
		} else if (is("toggle")) {
			toggleHook(ctx, state.selectedEntry());
		} else if (is("add")) {
			openEditor(ctx, undefined);
		} else if (is("edit")) {
			openEditor(ctx, state.selectedEntry());
		} else if (is("delete")) {
			confirmDelete(ctx, state.selectedEntry());
		} else if (is("undo")) {
			undoDelete(ctx);
		} else if (is("openFile") && ctx.services.externalEditor !== undefined) {
			openHookFile(ctx, state.selectedEntry());
		} else if (is("openScript") && ctx.services.externalEditor !== undefined) {
			openHookScript(ctx, state.selectedEntry());
		} else if (is("test")) {
			state.refresh();
			const stopped = (): void => ctx.say({ level: "info", text: TEST_STOPPED });
			if (state.tab === "hooks") openTest(ctx, state.selectedEntry(), stopped);
			else openReplay(ctx, state.log.selected(), stopped);
		} else {
			state.filter.handleInput(data);
		}
	}

	private flipContextCards(port: NonNullable<PanelContext["services"]["contextCards"]>): void {
		const next = port.get() === "cards" ? "quiet" : "cards";
		const problem = port.set(next);
		this.ctx.say(
			problem !== undefined
				? { level: "error", text: problem }
				: {
						level: "info",
						text:
							next === "quiet"
								? "Context cards: quiet. A hook that only adds context gets no card and no footer " +
									"count; the log lists every run. Blocks, asks, rewrites and failures stay loud."
								: "Context cards: shown. Every hook that adds context gets a card and a footer count.",
					},
		);
	}

	private openDetails(): void {
		const { ctx } = this;
		ctx.state.refresh();
		if (ctx.state.tab === "hooks") {
			const row = ctx.state.hookList.selected();
			if (row !== undefined) ctx.show(new DetailsScreen(ctx, { kind: "hook", key: row.key }));
		} else {
			const row = ctx.state.log.selected();
			if (row !== undefined) ctx.show(new DetailsScreen(ctx, { kind: "record", row }));
		}
	}

	body(width: number, height: number): string[] {
		const { state, keys } = this.ctx;
		if (state.tab === "log") return state.log.render(width, height);
		const empty =
			state.filter.getValue() === ""
				? `No hooks configured. ${keys.label("add")} adds one to any of the five settings files.`
				: "No hooks match the filter.";
		return state.hookList.render(width, height, empty);
	}

	hints(): Hint[] {
		const { ctx } = this;
		const k = (action: PanelAction): string => ctx.keys.label(action);
		const hooksTab = ctx.state.tab === "hooks";
		return [
			[pair(k("up"), k("down")), "move"],
			["type", "filter"],
			[k("confirm"), "details"],
			[k("test"), hooksTab ? "test" : "replay"],
			[k("toggle"), "on/off"],
			[k("add"), "add"],
			[k("edit"), "edit"],
			[k("delete"), "delete"],
			...(ctx.state.undo === undefined ? [] : [[k("undo"), "undo delete"] as Hint]),
			...this.editorHints(),
			[k("switchView"), hooksTab ? "log" : "hooks"],
			[k("cost"), "cost"],
			...(changedHooks(ctx).length > 0 ? [[k("changed"), "new/changed"] as Hint] : []),
			...(hooksTab ? this.hooksHints() : ctx.state.log.hints(ctx.keys)),
			killSwitchHint(ctx),
			[k("cancel"), ctx.state.filter.getValue() === "" ? "close" : "clear"],
		];
	}

	/** The external editor's keys, when the host has one: the script key only on a hook that runs a script. */
	private editorHints(): Hint[] {
		const { ctx } = this;
		const port = ctx.services.externalEditor;
		if (port === undefined || ctx.state.tab !== "hooks") return [];
		const row = ctx.state.hookList.selected();
		const hints: Hint[] = [[ctx.keys.label("openFile"), "open in $EDITOR"]];
		if (row?.kind === "hook" && port.script(row.entry) !== undefined)
			hints.push([ctx.keys.label("openScript"), "edit script"]);
		return hints;
	}

	/** Approve-all while project hooks wait for approval; the context-cards key when the host has the setting. */
	private hooksHints(): Hint[] {
		const { ctx } = this;
		const k = (action: PanelAction): string => ctx.keys.label(action);
		const hints: Hint[] = [];
		if (waitingApproval(ctx) > 0) hints.push([k("approveAll"), "approve all"]);
		const cards = ctx.services.contextCards;
		if (cards !== undefined)
			hints.push([k("contextCards"), cards.get() === "cards" ? "quiet context" : "context cards"]);
		return hints;
	}
}
