/**
 * How decisions are shown, chosen in the /hooks panel and kept across pi restarts in
 * `<agent dir>/pi-hook-manager/view.json`: routine context (a hook that only added context for the model) is
 * quiet by default: no card in the transcript and not counted in the footer (the firing log still lists every
 * run); `cards` draws a card for each, as for blocks, asks, rewrites and failures, which are always loud.
 */
import { join } from "node:path";
import { createJsonFileStore, type JsonFileStore } from "../../host/stores/json-store.ts";

/** How context-only decisions show: `quiet` (no card, not in the footer count) or `cards`. */
export type ContextCards = "quiet" | "cards";

/** The view settings. */
export interface ViewSettings {
	contextCards(): ContextCards;
	/** Sets and saves the choice; returns why it could not be saved, or undefined. */
	setContextCards(value: ContextCards): string | undefined;
}

/** The view settings file under the agent directory. */
export const viewSettingsFile = (agentDir: string): string => join(agentDir, "pi-hook-manager", "view.json");

interface ViewData {
	readonly contextCards: ContextCards;
}

const format = {
	name: "view settings",
	empty: (): ViewData => ({ contextCards: "quiet" }),
	decode: (json: unknown): ViewData | undefined => {
		if (json === null || typeof json !== "object") return undefined;
		const value = (json as { contextCards?: unknown }).contextCards;
		return { contextCards: value === "cards" ? "cards" : "quiet" };
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
			current();
			data = { contextCards: value };
			return store?.write(data);
		},
	};
};
