/**
 * Which of an event's matched hooks run: `only`, `mcp_at_launch`, `if`, the off switches (disableAllHooks and the
 * kill switch, the hook's own switch), `once`, the per-run trust check of a project hook (`stillApproved`), then
 * dedupe (`./dedupe.ts`); the others get a `NotRunReason`.
 */
import { isPolicySource } from "../config/sources.ts";
import { isToolEvent } from "../events/facts.ts";
import type { NotRunHook } from "../record/firing-record.ts";
import type { HookConfig, HookEntry, IfContext } from "../types.ts";
import { dedupeHandlers } from "./dedupe.ts";
import { offByAll } from "./run-state.ts";
import { matchedEntries } from "./trace.ts";
import type { DispatchRequest, EngineDeps } from "./types.ts";

/** `once: true` counts in skill frontmatter only (Claude Code ignores it in settings and agent files). */
const runsOnce = (entry: HookEntry): boolean => entry.source.scope === "skill" && entry.handler.once === true;

/** The hooks to run, in configuration order, and those turned down with their reason. */
export interface Selection {
	readonly toRun: readonly HookEntry[];
	readonly notRun: readonly NotRunHook[];
}

/**
 * Selects the hooks of one dispatch. `spent` holds the ids of `once` hooks that ran this session; a chosen `once`
 * hook is added to it.
 */
export const selectHooks = (
	config: HookConfig,
	request: DispatchRequest,
	deps: Pick<EngineDeps, "switches" | "trust">,
	spent: Set<string>,
): Selection => {
	const toRun: HookEntry[] = [];
	const notRun: NotRunHook[] = [];
	const candidates: HookEntry[] = [];
	const { cwd, projectDir, home } = request.session;
	const ifContext: IfContext = { cwd, projectDir, home };
	const { switches, trust } = deps;
	const killSwitch = switches.allOff();
	const isOff = (entry: HookEntry): boolean => offByAll(config, entry, killSwitch);
	// Only the entries whose matcher accepts the event are looked at; the others are named lazily (whyNotRun).
	for (const entry of matchedEntries(config, request)) {
		if (request.only !== undefined && !request.only.has(entry.id)) continue;
		if (entry.handler.type === "mcp_tool" && request.event === "SessionStart" && request.atLaunch === true) {
			notRun.push({ entry, reason: "mcp_at_launch" });
			continue;
		}
		if (entry.ifRule !== undefined) {
			// Claude Code: on non-tool events a hook with `if` never runs.
			const tool = request.tool;
			if (
				!isToolEvent(request.event) ||
				tool === undefined ||
				!entry.ifRule.test(tool.ccToolName, tool.ccInput, ifContext)
			) {
				notRun.push({ entry, reason: "if" });
				continue;
			}
		}
		if (isOff(entry)) {
			notRun.push({ entry, reason: "all_off" });
			continue;
		}
		if (!isPolicySource(entry.source) && !switches.isEnabled(entry)) {
			notRun.push({ entry, reason: "disabled" });
			continue;
		}
		if (runsOnce(entry) && spent.has(entry.id)) {
			notRun.push({ entry, reason: "once" });
			continue;
		}
		// Last, right before it runs: a file its approval covers may have changed since the last event.
		if (entry.source.project && !trust.stillApproved(entry)) {
			notRun.push({ entry, reason: "files_changed" });
			continue;
		}
		// Strict mode: a fail-closed guard no person saw as it is now is stopped, and blocks (dispatch.ts).
		if (config.heldUnseen?.has(entry.id) === true) {
			notRun.push({ entry, reason: "unseen" });
			continue;
		}
		candidates.push(entry);
	}
	// Claude Code runs one copy of a handler; a user's copy always wins over a project's (dedupe.ts).
	const { run, duplicates } = dedupeHandlers(candidates);
	for (const entry of run) {
		if (runsOnce(entry)) spent.add(entry.id);
		toRun.push(entry);
	}
	for (const entry of duplicates) notRun.push({ entry, reason: "duplicate" });
	return { toRun, notRun };
};
