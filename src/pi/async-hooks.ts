/**
 * Results of background hooks (`async`, `asyncRewake`; Claude Code hooks §3): their decisions have no effect;
 * `additionalContext` and `systemMessage` reach the model on the next turn; an `asyncRewake` hook that exits
 * 2 wakes the agent with its stderr (or stdout).
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { failureRecords, isFailure } from "../engine/decision-record.ts";
import type { DispatchRequest } from "../engine/engine.ts";
import type { HookVerdict } from "../engine/interpret.ts";
import { additionalContextText, hookName, systemReminder } from "../engine/messages.ts";
import { CONTEXT_MESSAGE_TYPE, type HookContext } from "./hook-context.ts";

/** The custom message type that wakes the agent for an `asyncRewake` hook. */
export const REWAKE_MESSAGE_TYPE = "pi-hook-manager/rewake";

/** Delivers one background hook's result. */
export const deliverAsyncVerdict = (
	hc: HookContext,
	pi: Pick<ExtensionAPI, "sendMessage">,
	verdict: HookVerdict,
	request: DispatchRequest,
): void => {
	const name = hookName(request.event, request.tool?.ccToolName);
	if (isFailure(verdict)) {
		// One card and one count, like a failure of a hook that was awaited.
		const details = {
			...(request.tool ? { tool: request.tool.ccToolName } : {}),
			input: request.summary ?? "",
			time: Date.now(),
		};
		for (const record of failureRecords(request.event, [verdict], details)) hc.onDecision(record);
		if (verdict.status !== "success") return;
	}
	const handler = verdict.entry.handler;
	if (
		handler.type === "command" &&
		handler.asyncRewake &&
		verdict.status === "blocking" &&
		verdict.outcome.kind === "exited"
	) {
		const text = verdict.outcome.stderr.text.trim() || verdict.outcome.stdout.text.trim();
		pi.sendMessage(
			{ customType: REWAKE_MESSAGE_TYPE, content: systemReminder(`${name} hook: ${text}`), display: true },
			{ triggerTurn: true, deliverAs: "followUp" },
		);
		return;
	}
	const context: string[] = [];
	const additional = verdict.json?.hookSpecificOutput?.additionalContext;
	if (additional) context.push(additionalContextText(name, additional));
	if (verdict.json?.systemMessage) context.push(systemReminder(`${name} hook says: ${verdict.json.systemMessage}`));
	if (context.length === 0) return;
	pi.sendMessage(
		{ customType: CONTEXT_MESSAGE_TYPE, content: context.join("\n"), display: false },
		{ deliverAs: "nextTurn" },
	);
};
