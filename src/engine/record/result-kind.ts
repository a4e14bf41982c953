/**
 * How one hook run's result is classified (the log's "decision" column, the statistics' blocks and errors, the
 * exit column), read from its verdict's effects. Claude Code's rules: a PreToolUse permission decision wins,
 * then a block (exit 2 or `decision: "block"`), then `continue: false`. Pure.
 */
import type { HookVerdict } from "../decide/interpret.ts";

/**
 * The result of one hook run, as the log shows it (its "decision" column):
 * `deny`/`ask`/`allow`/`defer` (PreToolUse permission decisions), `block` (exit 2 or `decision: "block"`),
 * `stop` (`continue: false`), `ok` (ran, decided nothing), `error`, `timeout`, `cancelled`.
 */
export type RunResult =
	| "deny"
	| "ask"
	| "allow"
	| "defer"
	| "block"
	| "stop"
	| "ok"
	| "error"
	| "timeout"
	| "cancelled";

/**
 * The reason of one verdict, for the Reason field: its message (exit 2's stderr, a failure's words), else the
 * reason its JSON gave with the decision (`permissionDecisionReason` of a deny or ask, `reason` of a block,
 * `stopReason`); `undefined` when it gave none.
 */
export const verdictReason = (verdict: HookVerdict): string | undefined => {
	if (verdict.message !== "") return verdict.message;
	for (const effect of verdict.effects) {
		if (effect.kind === "deny" || effect.kind === "ask" || effect.kind === "block" || effect.kind === "stop")
			if (effect.reason !== undefined && effect.reason !== "") return effect.reason;
	}
	return undefined;
};

/**
 * The decision of one verdict, read from its effects: its permission decision first, then a block, `continue: false`.
 */
export const verdictResult = (verdict: HookVerdict): RunResult => {
	let decision: RunResult = "ok";
	for (const effect of verdict.effects) {
		switch (effect.kind) {
			case "failed":
				return effect.why;
			case "warning":
				// Output that looked like JSON but did not parse: a failure, as its card says (not `ok`).
				return "error";
			case "deny":
				if (effect.legacy) decision = "block";
				else return "deny";
				break;
			case "allow":
				if (!effect.legacy) return "allow";
				if (decision === "ok") decision = "allow";
				break;
			case "ask":
			case "defer":
				return effect.kind;
			case "block":
				if (verdict.status === "blocking") return "block";
				decision = "block";
				break;
			case "stop":
				if (decision !== "block") decision = "stop";
				break;
		}
	}
	return decision;
};

/** True for decisions that stopped something (counted as blocks). */
export const isBlock = (decision: RunResult): boolean =>
	decision === "block" || decision === "deny" || decision === "stop";

/**
 * Exit code of a command hook's run; undefined when the process did not exit on its own (timeout, signal) and for
 * the other handler types, which have no process (an http, mcp_tool, prompt or agent hook answers instead).
 */
export const verdictExit = (verdict: HookVerdict): number | undefined =>
	verdict.outcome.kind === "exited" && verdict.entry.handler.type === "command" ? verdict.outcome.code : undefined;
