/**
 * The user's own `!cmd` / `!!cmd` commands (pi's `user_bash`, optional: Claude Code does not hook them) go through
 * the Bash tool flows as if the model had called `bash`: PreToolUse (tool-call.ts) before the command, PostToolUse
 * or PostToolUseFailure (tool-result.ts) after it. This file says when pi must run the command through them.
 */
import type { HookEngine } from "../dispatch/types.ts";
import type { HookEventName } from "../types.ts";

/** The Claude Code events a user's command goes through, in order (the last two: success or failure). */
export const USER_BASH_EVENTS: readonly HookEventName[] = ["PreToolUse", "PostToolUse", "PostToolUseFailure"];

/**
 * True when a hook may see a user's command (one of {@link USER_BASH_EVENTS} has hooks): pi then runs it through
 * the tool flows; false: pi runs the command itself, untouched.
 */
export const userBashHooked = (ports: { readonly engine: Pick<HookEngine, "hasHooks"> }): boolean =>
	USER_BASH_EVENTS.some((event) => ports.engine.hasHooks(event));
