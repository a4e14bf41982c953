/**
 * How decisions are shown, chosen in the /hooks panel and kept across pi restarts in
 * `<agent dir>/pi-hook-manager/view.json`: routine context (a hook that only added context for the model) is
 * quiet by default: no card in the transcript and not counted in the footer (the firing log still lists every
 * run); `cards` draws a card for each, as for blocks, asks, rewrites and failures, which are always loud. The
 * cost view's budget (milliseconds) is kept there too.
 */
import { join } from "node:path";
import { createJsonFileStore, type JsonFileStore } from "../../host/stores/json-store.ts";
import { DEFAULT_COST_BUDGET_MS } from "../../ui/panel/services.ts";

/** How context-only decisions show: `quiet` (no card, not in the footer count) or `cards`. */
export type ContextCards = "quiet" | "cards";

/** The view settings. */
export interface ViewSettings {
	contextCards(): ContextCards;
	/** Sets and saves the choice; returns why it could not be saved, or undefined. */
	setContextCards(value: ContextCards): string | undefined;
	/** The cost view's budget in milliseconds ({@link DEFAULT_COST_BUDGET_MS} until set). */
	costBudgetMs(): number;
	/** Sets and saves the budget (a positive number of milliseconds); returns why it could not be saved. */
	setCostBudgetMs(ms: number): string | undefined;
}

/** The view settings file under the agent directory. */
export const viewSettingsFile = (agentDir: string): string => join(agentDir, "pi-hook-manager", "view.json");

interface ViewData {
	readonly contextCards: ContextCards;
	readonly costBudgetMs: number;
}

/** A budget as stored: a positive finite number of milliseconds, else the default. */
const budgetOf = (value: unknown): number =>
	typeof value === "number" && Number.isFinite(value) && value > 0 ? value : DEFAULT_COST_BUDGET_MS;

const format = {
	name: "view settings",
	empty: (): ViewData => ({ contextCards: "quiet", costBudgetMs: DEFAULT_COST_BUDGET_MS }),
	decode: (json: unknown): ViewData | undefined => {
		if (json === null || typeof json !== "object") return undefined;
		const { contextCards, costBudgetMs } = json as { contextCards?: unknown; costBudgetMs?: unknown };
		return { contextCards: contextCards === "cards" ? "cards" : "quiet", costBudgetMs: budgetOf(costBudgetMs) };
	},
	encode: (data: ViewData): unknown => ({ version: 1, ...data }),
};

/** Opens the view settings at `file`; read on first use. */
export const createViewSettings = (file: () => string): ViewSettings => {
	let store: JsonFileStore<ViewData> | undefined;
	let data: ViewData | undefined;
	const current = (): ViewData => {
		store ??= createJsonFileStore(file(), format);
		data ??= store.read().data;
		return data;
	};
	return {
		contextCards: () => current().contextCards,
		setContextCards(value) {
			data = { ...current(), contextCards: value };
			return store?.write(data);
		},
		costBudgetMs: () => current().costBudgetMs,
		setCostBudgetMs(ms) {
			data = { ...current(), costBudgetMs: budgetOf(ms) };
			return store?.write(data);
		},
	};
};
