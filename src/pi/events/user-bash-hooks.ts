/**
 * Optional: the user's own `!cmd` / `!!cmd` commands (pi's `user_bash`) through PreToolUse and PostToolUse Bash
 * hooks, as if the model had called `bash`. Claude Code does not hook them, so this is off unless
 * `PI_HOOK_MANAGER_USER_BASH_HOOKS=1`: a block stops the command (its output is the reason), a rewrite runs the
 * rewritten command, and PostToolUse feedback is appended to the command's output. Without any tool hook
 * (engine/flow/user-bash.ts) pi runs the command itself.
 */
import { randomUUID } from "node:crypto";
import type {
	ExtensionContext,
	ToolCallEvent,
	ToolResultEvent,
	UserBashEvent,
	UserBashEventResult,
} from "@earendil-works/pi-coding-agent";
import { userBashHooked } from "../../engine/flow/user-bash.ts";
import { textBlocks } from "../../engine/text/blocks.ts";
import { handleToolCall, handleToolResult, type ToolHookDeps } from "./tool-hooks.ts";

/** The environment variable that switches user-command hooks on (`1`); off by default, as in Claude Code. */
export const USER_BASH_HOOKS_ENV = "PI_HOOK_MANAGER_USER_BASH_HOOKS";

/** True when user `!` commands go through the Bash tool hooks. */
export const userBashHooksOn = (env: Readonly<Record<string, string | undefined>>): boolean =>
	env[USER_BASH_HOOKS_ENV] === "1";

const text = (value: string) => ({ type: "text" as const, text: value });

/** `user_bash` -> PreToolUse (and PostToolUse once the command ran) on a `bash` call of the user's command. */
export const handleUserBash = async (
	event: UserBashEvent,
	ctx: ExtensionContext,
	deps: ToolHookDeps,
): Promise<UserBashEventResult | undefined> => {
	if (!userBashHooked(deps)) return undefined;
	const toolCallId = `user-bash-${randomUUID()}`;
	const input: Record<string, unknown> = { command: event.command };
	const call = { type: "tool_call", toolName: "bash", toolCallId, input } as ToolCallEvent;
	const pre = await handleToolCall(call, ctx, deps);
	if (pre?.block) {
		return {
			result: {
				output: pre.reason ?? "blocked by a PreToolUse hook",
				exitCode: 1,
				cancelled: false,
				truncated: false,
			},
		};
	}
	const { createLocalBashOperations } = await import("@earendil-works/pi-coding-agent");
	const local = createLocalBashOperations();
	return {
		operations: {
			exec: async (_command, cwd, options) => {
				// A PreToolUse rewrite replaced `input`: run what the hooks let through.
				const command = typeof input.command === "string" ? input.command : event.command;
				let output = "";
				const result = await local.exec(command, cwd, {
					...options,
					onData: (data) => {
						output += data.toString("utf8");
						options.onData(data);
					},
				});
				const failed = result.exitCode !== 0;
				const done = {
					type: "tool_result",
					toolName: "bash",
					toolCallId,
					input,
					content: [text(failed ? `${output}\n\nCommand exited with code ${result.exitCode}` : output)],
					details: undefined,
					isError: failed,
				} as unknown as ToolResultEvent;
				const post = await handleToolResult(done, ctx, deps);
				// What the hooks added for the model goes after the command's own output.
				const added = (post?.content ?? []).slice(done.content.length);
				for (const text of textBlocks(added)) options.onData(Buffer.from(`\n${text}`));
				return result;
			},
		},
	};
};
