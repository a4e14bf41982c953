/**
 * What one hook's verdict would have done in the session, for a test run that changes nothing: the event's
 * own decision rules (decide-tool, decide-context, decide-stop) applied to that verdict alone, read back as
 * effects ("would deny: ...", "would add context: ..."). Pure.
 */
import { decideContextEvent } from "../decide/context.ts";
import { decideDisplay } from "../decide/display.ts";
import type { HookVerdict } from "../decide/interpret.ts";
import { decideBlockEvent } from "../decide/stop.ts";
import { type CommonEffects, decidePostToolUse, decidePreToolUse } from "../decide/tool.ts";
import { type RunResult, verdictResult } from "../record/result-kind.ts";
import { hookName } from "../text/messages.ts";
import type { HookEventName } from "../types.ts";

/**
 * The kind of an effect: `deny`, `ask`, `allow` (PreToolUse), `rewrite` (updatedInput), `replace_output`
 * (updatedToolOutput), `block` (prompt blocked, post-tool feedback, Stop kept going, batch stopped, compaction
 * cancelled), `display` (MessageDisplay `displayContent`: shown instead of the assistant's text), `context` (text
 * for the model), `stop` (`continue: false`), `notice` (a line for the user),
 * `failed` (the hook failed: one failure card, and the action goes on), `nothing`.
 */
export type WouldKind =
	| "deny"
	| "ask"
	| "allow"
	| "rewrite"
	| "replace_output"
	| "display"
	| "block"
	| "context"
	| "stop"
	| "notice"
	| "failed"
	| "nothing";

/** One effect the run would have had; `text` is the reason, the context or the notice. */
export interface WouldEffect {
	readonly kind: WouldKind;
	/** What it would do, e.g. `would deny`, `would keep the agent going`. */
	readonly label: string;
	readonly text: string;
}

/** How a failed run reads: it decides nothing, the action goes on (Claude Code: hook failures fail open). */
const FAILED_LABELS = {
	error: "would report a hook error (the action goes on)",
	timeout: "would time out (the action goes on)",
	cancelled: "it decided nothing",
} as const;

/** Model-facing wrappers removed, so the effect reads like what the hook said. */
const bare = (text: string): string => text.replace(/<\/?system-reminder>\n?/g, "").trim();

const common = (effects: CommonEffects): WouldEffect[] => [
	...(effects.stop === undefined
		? []
		: [{ kind: "stop" as const, label: "would stop the agent", text: effects.stop.text }]),
	...effects.notices.map((notice) => ({
		kind: "notice" as const,
		label: `would show (${notice.level})`,
		text: notice.text,
	})),
];

const contexts = (texts: readonly string[] = []): WouldEffect[] =>
	texts.map((text) => ({ kind: "context" as const, label: "would add context", text: bare(text) }));

/**
 * The word of a PreToolUse deny: the run result of the hooks that denied (result-kind.ts, the Decision field and
 * the log's column), so the two agree: `block` when each blocked (exit 2, `decision: "block"`), else `deny`.
 */
const denyWord = (by: readonly HookVerdict[]): RunResult =>
	by.length > 0 && by.every((verdict) => verdictResult(verdict) === "block") ? "block" : "deny";

/** The effects of `verdict` for its event; `matchQuery` is the tool name of a tool event (for the hook name). */
export const wouldEffects = (verdict: HookVerdict, matchQuery?: string): WouldEffect[] =>
	eventEffects(verdict.entry.event, [verdict], matchQuery);

/**
 * The effects of every verdict of one event together, decided as the session decides them (a deny of one hook
 * beats another's allow, contexts add up): what `pi-hook-manager test` compares with a fixture's `expect`.
 */
export const eventEffects = (
	event: HookEventName,
	verdicts: readonly HookVerdict[],
	matchQuery?: string,
): WouldEffect[] => {
	const name = hookName(event, matchQuery);
	const effects: WouldEffect[] = [];
	switch (event) {
		case "PreToolUse": {
			const decision = decidePreToolUse(verdicts, name);
			if (decision.permission === "deny")
				effects.push({ kind: "deny", label: `would ${denyWord(decision.by)}`, text: decision.reason });
			else if (decision.permission === "ask")
				effects.push({ kind: "ask", label: "would ask", text: decision.reasons.join("\n") });
			else if (decision.permission === "allow")
				effects.push({ kind: "allow", label: "would allow", text: "the call runs without asking" });
			if (decision.permission !== "deny" && decision.rewrite !== undefined)
				effects.push({
					kind: "rewrite",
					label: "would rewrite the input",
					text: JSON.stringify(decision.rewrite.input),
				});
			effects.push(...contexts(decision.context?.texts), ...common(decision));
			break;
		}
		case "PostToolUse":
		case "PostToolUseFailure": {
			const decision = decidePostToolUse(verdicts, name);
			const texts = decision.context?.texts ?? [];
			const [feedback, ...rest] = decision.blocked ? texts : [];
			if (feedback !== undefined)
				effects.push({ kind: "block", label: "would give the model block feedback", text: bare(feedback) });
			effects.push(...contexts(decision.blocked ? rest : texts));
			if (decision.output !== undefined)
				effects.push({
					kind: "replace_output",
					label: "would replace the tool output",
					text: JSON.stringify(decision.output.output),
				});
			effects.push(...common(decision));
			break;
		}
		case "UserPromptSubmit":
		case "UserPromptExpansion":
		case "SessionStart":
		case "PostModelSwitch": {
			const canBlock = event !== "SessionStart" && event !== "PostModelSwitch";
			const decision = decideContextEvent(
				verdicts,
				event === "SessionStart" ? `${name}:startup` : name,
				canBlock,
			);
			if (decision.blocked)
				effects.push({
					kind: "block",
					label: "would block the prompt",
					text: decision.reasons.join("\n"),
				});
			effects.push(
				...contexts(decision.context?.texts),
				...common({ ...decision, stop: canBlock ? undefined : decision.stop }),
			);
			break;
		}
		case "Stop":
		case "PostToolBatch":
		case "PreCompact": {
			const decision = decideBlockEvent(verdicts, name);
			const label =
				event === "Stop"
					? "would keep the agent going"
					: event === "PostToolBatch"
						? "would stop the agent before its next request"
						: "would cancel the compaction";
			if (decision.blocked) effects.push({ kind: "block", label, text: decision.reasons.join("\n") });
			if (event === "Stop" && !decision.blocked && decision.context !== undefined)
				effects.push({ kind: "block", label, text: decision.context.texts.join("\n") });
			else if (event !== "Stop") effects.push(...contexts(decision.context?.texts));
			effects.push(...common(decision));
			break;
		}
		case "MessageDisplay": {
			const shown = decideDisplay(verdicts).shown;
			if (shown !== undefined)
				effects.push({ kind: "display", label: "would show instead of the text", text: shown.text });
			effects.push(...common(decideBlockEvent(verdicts, name)));
			break;
		}
		default:
			effects.push(...common(decideBlockEvent(verdicts, name)));
	}
	for (const effect of verdicts.flatMap((verdict) => verdict.effects)) {
		if (effect.kind === "failed")
			effects.push({
				kind: "failed",
				label: FAILED_LABELS[effect.why],
				text: effect.message,
			});
		else if (effect.kind === "warning")
			effects.push({ kind: "failed", label: "would report a warning (the action goes on)", text: effect.text });
	}
	if (effects.length === 0) effects.push({ kind: "nothing", label: "would change nothing", text: "" });
	return effects;
};

/** One line for an effect: `would deny: <reason>`. */
export const wouldLine = (effect: WouldEffect): string =>
	effect.text === "" ? effect.label : `${effect.label}: ${effect.text}`;
