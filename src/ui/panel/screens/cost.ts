/**
 * The /hooks panel's cost view: what each hook and hook event cost across sessions (the journal's records and
 * agent runs, and this session's), scrolled, with a budget the user sets here (kept by the host).
 */
import { type CostInput, costReport } from "../../../engine/record/cost.ts";
import { hookTimeoutMs } from "../../../engine/run/handler.ts";
import { costLines } from "../cost-lines.ts";
import type { Hint } from "../frame.ts";
import type { PanelAction } from "../keys.ts";
import { ScrollWindow } from "../selection.ts";
import { DEFAULT_COST_BUDGET_MS } from "../services.ts";
import { killSwitchHint, type PanelContext, type PanelScreen, padLines } from "./screen.ts";

/** The budgets `+` and `-` step through, in milliseconds. */
export const BUDGET_STEPS = [50, 100, 200, 500, 1000, 2000, 5000, 10_000, 30_000, 60_000] as const;

/** The next budget step above (`direction` 1) or below (-1) `ms`; past the last step `ms` stays. */
export const stepBudget = (ms: number, direction: 1 | -1): number => {
	if (direction === 1) return BUDGET_STEPS.find((step) => step > ms) ?? ms;
	return [...BUDGET_STEPS].reverse().find((step) => step < ms) ?? ms;
};

/** The cost view. */
export class CostScreen implements PanelScreen {
	readonly title = "Hooks > cost";
	private readonly ctx: PanelContext;
	private readonly scroll = new ScrollWindow();
	/** The journal is read once when the view opens (this session's records are added at each draw). */
	private readonly earlier: readonly CostInput[];

	constructor(ctx: PanelContext) {
		this.ctx = ctx;
		this.earlier = ctx.services.journal?.history() ?? [];
	}

	private budget(): number {
		return this.ctx.services.costBudget?.get() ?? DEFAULT_COST_BUDGET_MS;
	}

	private lines(width: number): string[] {
		const { services } = this.ctx;
		const session = services.log.sessionId() ?? "";
		const live = services.log.firings.records().map((record) => ({ record, session }));
		const report = costReport([...this.earlier, ...live], services.journal?.runs() ?? [], {
			now: services.log.now(),
			budgetMs: this.budget(),
			timeoutMs: (entry, event) => hookTimeoutMs(entry, event, {}),
		});
		return costLines(this.ctx.theme, report, this.budget(), width);
	}

	handleInput(data: string): void {
		const { ctx } = this;
		const is = (action: PanelAction): boolean => ctx.keys.matches(data, action);
		const page = ctx.bodyHeight();
		const total = (): number => this.lines(ctx.innerWidth()).length;
		if (is("cancel") || is("cost")) ctx.toList();
		else if (is("up") || is("down")) this.scroll.scrollBy(is("up") ? -1 : 1, total(), page);
		else if (is("pageUp") || is("pageDown")) this.scroll.scrollBy((is("pageUp") ? -1 : 1) * page, total(), page);
		else if ((data === "+" || data === "-") && ctx.services.costBudget !== undefined) {
			const problem = ctx.services.costBudget.set(stepBudget(this.budget(), data === "+" ? 1 : -1));
			if (problem !== undefined) ctx.say({ level: "error", text: problem });
		}
	}

	body(width: number, height: number): string[] {
		const lines = this.lines(width);
		this.scroll.scrollBy(0, lines.length, height);
		return padLines(lines.slice(this.scroll.offset, this.scroll.offset + height), width, height);
	}

	hints(): Hint[] {
		const k = (action: PanelAction): string => this.ctx.keys.label(action);
		return [
			[`${k("up")}/${k("down")}`, "scroll"],
			...(this.ctx.services.costBudget === undefined ? [] : [["+/-", "budget"] as Hint]),
			killSwitchHint(this.ctx),
			[k("cancel"), "back"],
		];
	}
}
