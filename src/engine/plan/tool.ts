/**
 * What pi does with a tool event's decision. Claude Code's order on PreToolUse: a deny blocks at once; an
 * `updatedInput` is checked before anything uses it (an invalid one rejects the call: the original input never
 * runs, and the model sees why); an `ask`
 * is confirmed by the user, or blocked with a reason when nobody can answer (no UI); then the input is
 * rewritten and the context waits for the tool result. PostToolUse puts feedback next to the result and
 * may replace it. Pure.
 */
import type { DecidedBy, PostToolDecision, PreToolDecision } from "../decide/tool.ts";
import { fromClaudeToolInput, fromClaudeToolOutput, invalidToolInput } from "../events/tool-map.ts";
import { notify, notifyAll, type PlanStep, type RecordFacts, record } from "./steps.ts";

/** Facts about one tool call a tool planner needs. */
export interface ToolCallFacts extends RecordFacts {
	/** Hook name, e.g. `PreToolUse:Bash`. */
	readonly name: string;
	/** pi's tool name (`bash`). */
	readonly piToolName: string;
	/** Short form of the call to show in a confirmation (the rewritten input's, when rewritten). */
	readonly summarize: (input: Readonly<Record<string, unknown>>) => string;
	/** True when a person can answer a confirmation. */
	readonly hasUI: boolean;
}

/** How a PreToolUse decision ends for pi. */
export type PreToolOutcome =
	/** Block the call; `reason` is what the model sees. */
	| { readonly action: "block"; readonly reason: string }
	/** Ask the user `title` / `message`, then call {@link planPreToolAnswer}. */
	| { readonly action: "confirm"; readonly title: string; readonly message: string }
	/** Run the call: with `input` (pi names) replacing the whole input when set; `context` waits for the result. */
	| {
			readonly action: "proceed";
			readonly input: Readonly<Record<string, unknown>> | undefined;
			readonly context: readonly string[];
	  };

/** What pi does for a PreToolUse decision: `steps` in order, a `stop` request, then the `outcome`. */
export interface PreToolPlan {
	readonly steps: readonly PlanStep[];
	/** `continue: false`: the user-facing text; pi stops the agent once the turn ends. */
	readonly stop: string | undefined;
	readonly outcome: PreToolOutcome;
	/** The validated rewrite (pi names); undefined when none or invalid. Needed by {@link planPreToolAnswer}. */
	readonly rewrite: Readonly<Record<string, unknown>> | undefined;
}

/** What the model sees when a hook's `updatedInput` fails the tool's schema (Claude Code 2.1.332's words). */
export const invalidRewriteText = (ccToolName: string, issue: string): string =>
	`PreToolUse hook for ${ccToolName} returned updatedInput that failed schema validation: ` +
	`${ccToolName} failed due to the following issue:\n${issue}\n` +
	"The tool input from the model was valid; the hook's rewrite of it was not.";

/** The text that blocks a call: the reason, then any context the hooks added. */
const blockReason = (reason: string, context: readonly string[]): string => [reason, ...context].join("\n");

/** The context texts of a decision; empty when none. */
const contextTexts = (decision: PreToolDecision | PostToolDecision): readonly string[] => decision.context?.texts ?? [];

/** The rest of the plan once the call may run: rewrite the input (recorded), keep the context. */
const proceed = (
	decision: PreToolDecision,
	facts: ToolCallFacts,
	rewrite: Readonly<Record<string, unknown>> | undefined,
): { steps: PlanStep[]; outcome: PreToolOutcome } => ({
	steps:
		rewrite === undefined || decision.permission === "deny" || decision.rewrite === undefined
			? []
			: [record(facts, "rewrite", decision.rewrite.by, `input rewritten to ${JSON.stringify(rewrite)}`)],
	outcome: { action: "proceed", input: rewrite, context: contextTexts(decision) },
});

/** The `ask` part of a decision: its reasons and hooks; empty for any other permission. */
const askOf = (decision: PreToolDecision): { reasons: readonly string[]; by: DecidedBy } =>
	decision.permission === "ask" ? decision : { reasons: [], by: [] };

/** Why an `ask` was not allowed: the user said no, or nobody could answer. */
const refusal = (decision: PreToolDecision, facts: ToolCallFacts): string => {
	const reasons = askOf(decision).reasons.join("\n");
	return facts.hasUI
		? `The user denied this tool call (${facts.name} hook asked: ${reasons})`
		: `${facts.name} hook asked for the user's confirmation (${reasons}), but pi runs without a UI, so the ` +
				`call was blocked.`;
};

/**
 * Plans a PreToolUse decision. `input` is the call's pi input (for the confirmation text). With an `ask`
 * and a UI the outcome is `confirm`; pi asks and hands the answer to {@link planPreToolAnswer}.
 */
export const planPreToolUse = (
	decision: PreToolDecision,
	facts: ToolCallFacts,
	input: Readonly<Record<string, unknown>>,
): PreToolPlan => {
	const steps: PlanStep[] = notifyAll(decision.notices);
	const context = contextTexts(decision);
	const stop = decision.stop?.text;
	if (decision.stop !== undefined) steps.push(record(facts, "continue_false", decision.stop.by, decision.stop.text));
	if (decision.context !== undefined)
		steps.push(record(facts, "context", decision.context.by, decision.context.texts.join("\n")));
	if (decision.permission === "deny") {
		steps.push(record(facts, "block", decision.by, decision.reason));
		return {
			steps,
			stop,
			rewrite: undefined,
			outcome: { action: "block", reason: blockReason(decision.reason, context) },
		};
	}
	// Claude Code: a rewrite that fails the tool's schema rejects the call; the original input never runs.
	let rewrite: Readonly<Record<string, unknown>> | undefined;
	if (decision.rewrite !== undefined) {
		const candidate = fromClaudeToolInput(facts.piToolName, { ...decision.rewrite.input });
		const problem = invalidToolInput(facts.piToolName, candidate);
		if (problem !== undefined) {
			const reason = invalidRewriteText(facts.tool ?? facts.piToolName, problem);
			steps.push(record(facts, "block", decision.rewrite.by, reason));
			return { steps, stop, rewrite: undefined, outcome: { action: "block", reason } };
		}
		rewrite = candidate;
	}
	if (decision.permission === "ask") {
		if (!facts.hasUI) {
			// Nothing may wait for a person: without a UI the call is blocked, and the user is told why.
			const reason = refusal(decision, facts);
			steps.push(
				record(facts, "ask", decision.by, decision.reasons.join("\n"), "no_ui"),
				notify({ level: "warning", text: reason }),
			);
			return { steps, stop, rewrite, outcome: { action: "block", reason: blockReason(reason, context) } };
		}
		const sources = [...new Set(decision.sources)].join(", ");
		const title = `Hook asks: allow ${facts.name.split(":")[1] ?? "this tool"}? [${sources}]`;
		const shown = facts.summarize(rewrite ?? input);
		const message = `${shown}\n\n${decision.reasons.join("\n")}`;
		return { steps, stop, rewrite, outcome: { action: "confirm", title, message } };
	}
	const rest = proceed(decision, facts, rewrite);
	return { steps: [...steps, ...rest.steps], stop, rewrite, outcome: rest.outcome };
};

/** Plans what follows the user's answer to a `confirm` outcome of {@link planPreToolUse} (an `ask` decision). */
export const planPreToolAnswer = (
	decision: PreToolDecision,
	facts: ToolCallFacts,
	plan: PreToolPlan,
	allowed: boolean,
): { steps: readonly PlanStep[]; outcome: PreToolOutcome } => {
	const ask = askOf(decision);
	const asked = record(facts, "ask", ask.by, ask.reasons.join("\n"), allowed ? "allowed" : "denied");
	if (!allowed) {
		// The person chose this themselves: no notice, the model hears why.
		return {
			steps: [asked],
			outcome: { action: "block", reason: blockReason(refusal(decision, facts), contextTexts(decision)) },
		};
	}
	const rest = proceed(decision, facts, plan.rewrite);
	return { steps: [asked, ...rest.steps], outcome: rest.outcome };
};

/** What pi does for a PostToolUse / PostToolUseFailure decision. */
export interface PostToolPlan {
	readonly steps: readonly PlanStep[];
	/** `continue: false`: the user-facing text; pi stops the agent once the turn ends. */
	readonly stop: string | undefined;
	/** Model-visible texts to append to the tool result. */
	readonly context: readonly string[];
	/** Text that replaces the tool's output; undefined = the result is kept. */
	readonly replacement: string | undefined;
}

/** Plans a PostToolUse (`failed` false) or PostToolUseFailure (`failed` true) decision. */
export const planPostToolUse = (decision: PostToolDecision, facts: ToolCallFacts, failed: boolean): PostToolPlan => {
	const steps: PlanStep[] = notifyAll(decision.notices);
	if (decision.stop !== undefined) steps.push(record(facts, "continue_false", decision.stop.by, decision.stop.text));
	const context = contextTexts(decision);
	const text = context.join("\n");
	if (decision.blocked) steps.push(record(facts, "block", decision.by, text));
	else if (decision.context !== undefined) steps.push(record(facts, "context", decision.context.by, text));
	let replacement: string | undefined;
	if (decision.output !== undefined && !failed) {
		replacement = fromClaudeToolOutput(facts.piToolName, decision.output.output);
		if (replacement !== undefined) steps.push(record(facts, "output_replaced", decision.output.by, replacement));
		else {
			steps.push(
				notify({
					level: "warning",
					text:
						`${facts.name} hook returned updatedToolOutput that does not fit the ` +
						`${facts.piToolName} tool's output; ignored`,
				}),
			);
		}
	}
	return { steps, stop: decision.stop?.text, context, replacement };
};
