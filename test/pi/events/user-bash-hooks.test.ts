/**
 * The user's own `!cmd` through the Bash tool hooks, in a real pi session driven the way pi's RPC mode runs
 * a `bash` command (user_bash, then pi's bash execution): a PreToolUse block stops it with the reason as its
 * output, a rewrite runs the rewritten command, PostToolUse feedback follows the command's output. Off unless
 * the environment switches it on.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentSession } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { createToolHookState } from "../../../src/pi/events/tool-hooks.ts";
import { handleUserBash, USER_BASH_HOOKS_ENV, userBashHooksOn } from "../../../src/pi/events/user-bash-hooks.ts";
import { answeringHooks, type Hooks, startHookContext } from "../../support/hook-context.ts";
import { useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-user-bash-");

type BashResult = Awaited<ReturnType<AgentSession["executeBash"]>>;

/** pi with only the user-command hooks wired. */
const start = async (hooks: Hooks) => {
	const started = await startHookContext(sdk, hooks, {
		register: (api, hc) => {
			const state = createToolHookState();
			api.on("user_bash", (event, ctx) => {
				const { session, ctx: _ctx, ...ports } = hc();
				return handleUserBash(event, ctx, { ...ports, state, sessionOf: () => session });
			});
		},
	});
	return { ...started, bash: (command: string) => userBash(started.pi.session(), command) };
};

/** What pi's RPC mode does for a `bash` command: user_bash first, then its own or the extension's result. */
const userBash = async (session: AgentSession, command: string): Promise<BashResult> => {
	const handled = await session.extensionRunner.emitUserBash({
		type: "user_bash",
		command,
		excludeFromContext: false,
		cwd: session.sessionManager.getCwd(),
	});
	if (handled?.result) {
		session.recordBashResult(command, handled.result);
		return handled.result;
	}
	return session.executeBash(command, undefined, { operations: handled?.operations });
};

describe("userBashHooksOn", () => {
	it("is on only for 1", () => {
		expect(userBashHooksOn({ [USER_BASH_HOOKS_ENV]: "1" })).toBe(true);
		for (const value of [undefined, "", "0", "true", "yes"])
			expect(userBashHooksOn({ [USER_BASH_HOOKS_ENV]: value })).toBe(false);
	});
});

describe("handleUserBash", () => {
	it("leaves the command to pi when no Bash tool hook is configured", async () => {
		const { bash, pi } = await start({ Stop: [{ hooks: [{ type: "command", command: "true" }] }] });
		const event = { type: "user_bash" as const, command: "echo hi", excludeFromContext: false, cwd: sdk.root };
		expect(await pi.session().extensionRunner.emitUserBash(event)).toBeUndefined();
		expect((await bash("echo plain")).output).toContain("plain");
	});

	it("a PreToolUse exit 2 stops the command: its output is the hook's reason, exit code 1", async () => {
		const marker = join(sdk.root, "ran.txt");
		const log = join(sdk.root, "pre.json");
		const { bash, records } = await start({
			PreToolUse: [
				{
					matcher: "Bash",
					hooks: [{ type: "command", command: `cat > '${log}'; echo 'no touching' >&2; exit 2` }],
				},
			],
		});
		const result = await bash(`touch '${marker}'`);
		expect(existsSync(marker)).toBe(false);
		expect(result).toMatchObject({ exitCode: 1, cancelled: false });
		expect(result.output).toContain("no touching");
		expect(JSON.parse(readFileSync(log, "utf8"))).toMatchObject({
			hook_event_name: "PreToolUse",
			tool_name: "Bash",
			tool_input: { command: `touch '${marker}'` },
		});
		expect(records.map((record) => record.kind)).toEqual(["block"]);
	});

	it("runs the command a PreToolUse hook rewrote", async () => {
		const { bash } = await start(
			answeringHooks("PreToolUse", "Bash", {
				hookSpecificOutput: {
					hookEventName: "PreToolUse",
					permissionDecision: "allow",
					updatedInput: { command: "echo REWRITTEN" },
				},
			}),
		);
		const result = await bash("echo original");
		expect(result.output).toContain("REWRITTEN");
		expect(result.output).not.toContain("original");
	});

	it("appends PostToolUse feedback after the command's output", async () => {
		const { bash } = await start(
			answeringHooks("PostToolUse", "Bash", {
				hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "LINT-SAYS-HI" },
			}),
		);
		const result = await bash("echo out");
		expect(result.exitCode).toBe(0);
		expect(result.output).toMatch(/out\n[\s\S]*LINT-SAYS-HI/);
	});

	it("runs a failing command through PostToolUseFailure when only that event has hooks", async () => {
		const failure = join(sdk.root, "failure.json");
		const { bash } = await start({
			PostToolUseFailure: [{ matcher: "Bash", hooks: [{ type: "command", command: `cat > '${failure}'` }] }],
		});
		expect((await bash("exit 4")).exitCode).toBe(4);
		expect(JSON.parse(readFileSync(failure, "utf8"))).toMatchObject({ hook_event_name: "PostToolUseFailure" });
	});

	it("a failing command is a failed Bash call: PostToolUseFailure hooks get its exit code", async () => {
		const failure = join(sdk.root, "failure.json");
		const { bash } = await start({
			PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "true" }] }],
			PostToolUseFailure: [{ matcher: "Bash", hooks: [{ type: "command", command: `cat > '${failure}'` }] }],
		});
		const result = await bash("echo out; exit 3");
		expect(result.exitCode).toBe(3);
		const input = JSON.parse(readFileSync(failure, "utf8")) as Record<string, unknown>;
		expect(input).toMatchObject({ hook_event_name: "PostToolUseFailure", tool_name: "Bash" });
		expect(JSON.stringify(input)).toContain("Command exited with code 3");
	});
});
