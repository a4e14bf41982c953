/**
 * The debug lines of `PI_HOOK_MANAGER_DEBUG=1` (like `claude --debug`): one line per hook run of a firing record,
 * with the event, what matched, the hook, its decision as one word per effect (`deny`, `block`, `ask`, `allow`,
 * `rewrite`, `context`, `stop`, `failed`, `none`, the effect kinds of would.ts), how it ended and the first part of
 * its reason. Written on stderr by pi's print and JSON modes (src/pi/session/session.ts). Pure.
 */
import type { HookVerdict } from "../decide/interpret.ts";
import type { FiringRecord } from "../record/firing-record.ts";
import { handlerTarget } from "../text/messages.ts";
import { redactSecrets } from "../text/redact.ts";
import { terminalSafe } from "../text/terminal-safe.ts";
import { wouldEffects } from "./would.ts";

/** The environment variable that switches the debug lines on (`1`). */
export const DEBUG_ENV = "PI_HOOK_MANAGER_DEBUG";

/** True when `env` asks for the debug lines. */
export const debugOn = (env: Readonly<Record<string, string | undefined>>): boolean => env[DEBUG_ENV] === "1";

/** Characters of a hook's target and reason kept in a line. */
const MAX_TEXT = 160;

/** `text` on one line, at most {@link MAX_TEXT} characters, secrets masked, terminal-safe. */
const short = (text: string): string => {
	const line = redactSecrets(text)
		.replace(/\s*\n\s*/g, " / ")
		.trim();
	return terminalSafe(line.length > MAX_TEXT ? `${line.slice(0, MAX_TEXT - 1)}…` : line);
};

/**
 * How a hook run ended: `exit 2`, `killed by SIGKILL`, `cancelled`, `timed out`, `could not start`, `request
 * failed`. `details: true` adds the timeout in ms and the spawn or request error (`timed out after 1000 ms`,
 * `could not start: ENOENT ...`), as `pi-hook-manager test` reports a run; the debug line stays short.
 */
export const runEnd = (verdict: HookVerdict, options: { readonly details: boolean }): string => {
	const outcome = verdict.outcome;
	switch (outcome.kind) {
		case "exited":
			return `exit ${outcome.code}`;
		case "signaled":
			return `killed by ${outcome.signal}`;
		case "timed_out":
			return options.details ? `timed out after ${outcome.timeoutMs} ms` : "timed out";
		case "aborted":
			return "cancelled";
		case "spawn_failed":
			return options.details ? `could not start: ${outcome.message}` : "could not start";
		case "request_failed":
			return options.details ? `request failed: ${outcome.message}` : "request failed";
	}
};

/** One line per hook run of `record` (none for a test run from /hooks), without the `[pi-hook-manager]` prefix. */
export const debugLines = (record: FiringRecord): string[] => {
	if (record.test === true) return [];
	const matched = record.matchQuery === undefined ? "" : ` ${terminalSafe(record.matchQuery)}`;
	return record.verdicts.map((verdict) => {
		const effects = wouldEffects(verdict, record.matchQuery);
		const words = [...new Set(effects.map((effect) => (effect.kind === "nothing" ? "none" : effect.kind)))];
		// The hook's own words (its reason, stderr or error), else what the session would say.
		const reason = verdict.message.trim() || (effects.find((effect) => effect.text !== "")?.text ?? "");
		const ms = Math.round(verdict.outcome.durationMs);
		return (
			`debug: ${record.event}${matched}: ran ${short(handlerTarget(verdict.entry))} -> ${words.join(", ")} ` +
			`(${runEnd(verdict, { details: false })}, ${ms} ms)${reason === "" ? "" : `: ${short(reason)}`}`
		);
	});
};
