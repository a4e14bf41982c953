/**
 * What the panel and the hook manager ask of the running session: whether an event has hooks, the current
 * configuration, approving hooks (with the approval dialog, and the panel's approval screen: Yes approves what it
 * showed), the session facts, a test run, and the tripwire's news. Before `session_start` each answers "nothing yet".
 */

import { runningIds } from "../../host/trust/approvals.ts";
import { approvalLines, approvalListLines } from "../../ui/approval-list.ts";
import type { ApproveAnswer } from "../../ui/panel/services.ts";
import { askAbout, liveConfig } from "../trust/approval-prompt.ts";
import { approveAsShown } from "../trust/as-shown.ts";
import type { RuntimeCore } from "./runtime-core.ts";
import type { HookRuntime } from "./runtime-types.ts";
import { withServerSettings } from "./session-engine.ts";

/** The runtime's queries. */
export type PanelQueries = Pick<
	HookRuntime,
	| "hasHooks"
	| "config"
	| "reload"
	| "approve"
	| "session"
	| "testRun"
	| "askApproval"
	| "showApprovals"
	| "serverSettings"
	| "tripwireItems"
	| "approveUnseen"
>;

/** The queries over the runtime's core. */
export const panelQueries = (core: RuntimeCore): PanelQueries => {
	const { deps, currentCtx } = core;
	return {
		hasHooks(event) {
			return core.state()?.engine.hasHooks(event) ?? false;
		},
		config() {
			return core.state()?.store.current();
		},
		serverSettings(config) {
			const state = core.state();
			if (state === undefined) return [];
			return (
				withServerSettings(core, { ...config, pendingSettings: [] }, state.approvals.isSettingApproved)
					.pendingSettings ?? []
			);
		},
		reload() {
			core.state()?.store.invalidate();
		},
		approve(entries) {
			return core.state()?.approvals.approve(entries);
		},
		session() {
			const ctx = currentCtx();
			return core.state() === undefined || ctx === undefined ? undefined : core.sessionInfo(ctx);
		},
		testRun(request) {
			const ctx = currentCtx();
			const state = core.state();
			if (state === undefined || ctx === undefined) return undefined;
			// A test run goes around the event adapters: no card, no context, no counter, no footer status.
			return state.engine.testRun({ ...request, session: core.sessionInfo(ctx) });
		},
		async askApproval(entries, ctx, settings) {
			const state = core.state();
			if (state === undefined) return [];
			return askAbout(
				ctx,
				entries,
				state.approvals,
				deps.approveOptIn,
				runningIds(state.store.current()),
				settings,
				liveConfig(state.store),
			);
		},
		tripwireItems() {
			return core.state()?.tripwire.items() ?? [];
		},
		async approveUnseen(ctx) {
			const state = core.state();
			return state === undefined ? 0 : state.tripwire.askHeld(ctx);
		},
		showApprovals(entries) {
			const state = core.state();
			if (state === undefined)
				return {
					lines: entries.flatMap((entry) => approvalLines({ entry, change: "new", scripts: [] })),
					approve: () => ({ kind: "failed", problem: "nothing approved: the session has not started" }),
				};
			const { approvals, store } = state;
			const pending = approvals.pending(entries, runningIds(store.current()));
			return {
				lines: approvalListLines(pending),
				approve(): ApproveAnswer {
					const check = approveAsShown(approvals, pending, liveConfig(store));
					return check.kind === "moved"
						? { kind: "moved", moved: check.moved.length, again: check.again }
						: check;
				},
			};
		},
	};
};
