/**
 * What the /hooks panel's screens share: the tab shown, the filter, the hook rows built from the live
 * configuration (with each hook's preflight, which the port looks up once), and the log tab. Rebuilt from the
 * services on every render, so it never goes stale.
 */
import { Input } from "@earendil-works/pi-tui";
import type { DeletedHook } from "../../engine/config/undo-delete.ts";
import type { HookEntry } from "../../engine/types.ts";
import type { PanelTheme } from "../theme.ts";
import { filterHookRows, HookList } from "./hook-list.ts";
import { buildRows, type ListRow } from "./hook-rows.ts";
import { preflightTexts } from "./preflight-text.ts";
import { LogTab } from "./screens/log.ts";
import type { PanelServices } from "./services.ts";

/** The list state behind every screen of the panel. */
export class PanelState {
	tab: "hooks" | "log" = "hooks";
	readonly filter: Input;
	readonly hookList: HookList;
	readonly log: LogTab;
	/** The last hook deleted in the panel, until it is restored (or another is deleted). */
	undo: { readonly deleted: DeletedHook; readonly switchedOff: boolean; readonly source: string } | undefined;
	/** The hook rows as of the last {@link refresh}. */
	rows: ListRow[] = [];
	private readonly services: PanelServices;

	constructor(theme: PanelTheme, services: PanelServices) {
		this.services = services;
		this.filter = new Input({
			prompt: "",
			placeholder: "type to filter",
			placeholderStyle: (text) => theme.fg("dim", text),
		});
		this.hookList = new HookList(theme);
		this.log = new LogTab(theme, services);
	}

	/** Rebuilds the rows from the live configuration, the switches and the log, and applies the filter. */
	refresh(): void {
		const { hooks, log, preflight } = this.services;
		const config = hooks.config();
		this.rows =
			config === undefined
				? []
				: buildRows(config, {
						isEnabled: (entry) => hooks.isEnabled(entry),
						allOff: hooks.allOff(),
						stats: (id) => log.firings.stats(id),
						sources: hooks.sources,
						...(hooks.firers === undefined
							? {}
							: { firers: () => hooks.firers?.() ?? { askers: [], subagents: [] } }),
						...(preflight === undefined
							? {}
							: { preflight: (entry) => preflightTexts(preflight.check(entry), preflight.projectDir) }),
					});
		const query = this.filter.getValue();
		this.hookList.setMatches(filterHookRows(this.rows, query));
		this.log.sync(query);
	}

	/** The row with `key` as of the last refresh. */
	row(key: string): ListRow | undefined {
		return this.rows.find((candidate) => candidate.key === key);
	}

	/**
	 * The hook of the selected row (hooks tab) or of the selected run (log tab); undefined for issues and empty
	 * rows.
	 */
	selectedEntry(): HookEntry | undefined {
		this.refresh();
		if (this.tab === "hooks") {
			const row = this.hookList.selected();
			return row?.kind === "hook" ? row.entry : undefined;
		}
		return this.log.selected()?.verdict?.entry;
	}

	/** Flips between the hooks and the log tab. */
	switchTab(): void {
		this.tab = this.tab === "hooks" ? "log" : "hooks";
	}
}
