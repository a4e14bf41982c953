/**
 * Decision entries in a real pi session (pi's SDK in-process, pi-ai's faux model, the real bash tool and
 * real hook processes): each kind of decision the tool events make writes exactly one entry with the right
 * fields, a hook that changes nothing writes none, and after a fork the footer counts only that branch.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import type { CustomEntry } from "@earendil-works/pi-coding-agent";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Card } from "../../../src/engine/plan/card.ts";
import piHookManager from "../../../src/index.ts";
import { CARD_ENTRY_TYPE } from "../../../src/pi/cards/card-entries.ts";
import { STATUS_KEY } from "../../../src/pi/cards/card-log.ts";
import { fakeUi, type SdkRuntime, startSdkRuntime } from "../../support/pi-sdk.ts";

let root: string;
let project: string;
let pi: SdkRuntime | undefined;

beforeEach(() => {
	root = realpathSync(mkdtempSync(join(tmpdir(), "phm-sdk-")));
	project = join(root, "project");
	mkdirSync(join(project, ".claude"), { recursive: true });
	mkdirSync(join(root, "home"), { recursive: true });
	// The extension reads ~/.claude and pi's agent dir: keep both inside the sandbox.
	vi.stubEnv("HOME", join(root, "home"));
	vi.stubEnv("PI_CODING_AGENT_DIR", join(root, "agent"));
	// Project hooks are new to this sandbox: approve them for the run instead of asking.
	vi.stubEnv("PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS", "1");
});
afterEach(async () => {
	await pi?.dispose();
	pi = undefined;
	vi.unstubAllEnvs();
	rmSync(root, { recursive: true, force: true });
});

type Hooks = Record<string, { matcher?: string; hooks: Record<string, unknown>[] }[]>;

/** Writes `.claude/settings.json` and starts pi with the extension. */
const start = async (
	hooks: Hooks,
	options: { ui?: ReturnType<typeof fakeUi>["ui"]; mode?: "print" | "rpc" } = {},
): Promise<SdkRuntime> => {
	writeFileSync(join(project, ".claude", "settings.json"), JSON.stringify({ hooks }));
	pi = await startSdkRuntime({
		cwd: project,
		agentDir: join(root, "agent"),
		extensions: [piHookManager],
		mode: options.mode ?? "print",
		...(options.ui === undefined ? {} : { ui: options.ui }),
	});
	return pi;
};

/** A hook command that prints `json` on stdout (and exits `code`). */
const printing = (json: unknown, code = 0): Record<string, unknown> => ({
	type: "command",
	command: `printf '%s' '${JSON.stringify(json)}'; exit ${code}`,
});
const shell = (command: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
	type: "command",
	command,
	...extra,
});

/** One prompt in which the model calls bash with `command`, then answers "done". */
const runBash = async (runtime: SdkRuntime, command: string): Promise<void> => {
	runtime.faux.setResponses([
		fauxAssistantMessage(fauxToolCall("bash", { command }), { stopReason: "toolUse" }),
		fauxAssistantMessage("done"),
	]);
	await runtime.session().prompt(`run ${command}`);
};

/** The decision records written to the session so far. */
const decisions = (runtime: SdkRuntime): Card[] =>
	runtime
		.session()
		.sessionManager.getEntries()
		.filter((entry): entry is CustomEntry => entry.type === "custom" && entry.customType === CARD_ENTRY_TYPE)
		.map((entry) => entry.data as Card);

const pre = (hook: Record<string, unknown>, matcher = "Bash"): Hooks => ({ PreToolUse: [{ matcher, hooks: [hook] }] });
const post = (hook: Record<string, unknown>, event = "PostToolUse"): Hooks => ({
	[event]: [{ matcher: "Bash", hooks: [hook] }],
});
const specific = (event: string, fields: Record<string, unknown>) => ({
	hookSpecificOutput: { hookEventName: event, ...fields },
});

describe("one entry per decision, with the right fields", () => {
	it("a PreToolUse guard that exits 2: kind block with the hook, exit code, stderr and input", async () => {
		const runtime = await start(pre(shell("echo 'no rm -rf here' >&2; exit 2")));
		await runBash(runtime, "rm -rf victim");
		const [record, ...rest] = decisions(runtime);
		expect(rest).toEqual([]);
		expect(record).toMatchObject({
			version: 1,
			kind: "block",
			event: "PreToolUse",
			tool: "Bash",
			input: "rm -rf victim",
			reason: expect.stringContaining("no rm -rf here"),
		});
		expect(record?.hooks).toEqual([
			expect.objectContaining({
				command: "echo 'no rm -rf here' >&2; exit 2",
				matcher: "Bash",
				source: "Claude project",
				file: join(project, ".claude", "settings.json"),
				exitCode: 2,
				status: "blocking",
				stderr: "no rm -rf here\n",
			}),
		]);
		expect(record?.hooks[0]?.durationMs).toBeGreaterThanOrEqual(0);
		expect(typeof record?.time).toBe("number");
	});

	it.each([
		{
			name: "a JSON deny",
			hooks: pre(
				printing(
					specific("PreToolUse", {
						permissionDecision: "deny",
						permissionDecisionReason: "force-push is not allowed",
					}),
				),
			),
			command: "git push --force",
			expected: { kind: "block", event: "PreToolUse", reason: "force-push is not allowed" },
			hook: { exitCode: 0, status: "success" },
		},
		{
			name: "an ask without a UI",
			hooks: pre(
				printing(
					specific("PreToolUse", { permissionDecision: "ask", permissionDecisionReason: "publish commits?" }),
				),
			),
			command: "git push",
			expected: { kind: "ask", answer: "no_ui", reason: "publish commits?" },
			hook: { status: "success" },
		},
		{
			name: "an input rewrite",
			hooks: pre(
				printing(
					specific("PreToolUse", {
						permissionDecision: "allow",
						updatedInput: { command: "echo rewritten" },
					}),
				),
			),
			command: "echo original",
			expected: { kind: "rewrite", input: "echo original", reason: expect.stringContaining("echo rewritten") },
			hook: { status: "success" },
		},
		{
			name: "PreToolUse additionalContext",
			hooks: pre(printing(specific("PreToolUse", { additionalContext: "prefer ripgrep" }))),
			command: "grep -r x .",
			expected: { kind: "context", event: "PreToolUse", reason: expect.stringContaining("prefer ripgrep") },
			hook: { status: "success" },
		},
		{
			name: "PostToolUse decision block",
			hooks: post(printing({ decision: "block", reason: "lint failed" })),
			command: "echo built",
			expected: {
				kind: "block",
				event: "PostToolUse",
				tool: "Bash",
				reason: expect.stringContaining("lint failed"),
			},
			hook: { status: "success" },
		},
		{
			name: "PostToolUse updatedToolOutput",
			hooks: post(printing(specific("PostToolUse", { updatedToolOutput: { stdout: "[redacted]" } }))),
			command: "echo secret",
			expected: { kind: "output_replaced", event: "PostToolUse", reason: "[redacted]" },
			hook: { status: "success" },
		},
		{
			name: "PostToolUseFailure additionalContext",
			hooks: post(
				printing(specific("PostToolUseFailure", { additionalContext: "the build needs node 22" })),
				"PostToolUseFailure",
			),
			command: "exit 3",
			expected: {
				kind: "context",
				event: "PostToolUseFailure",
				reason: expect.stringContaining("the build needs node 22"),
			},
			hook: { status: "success" },
		},
		{
			name: "continue: false",
			hooks: pre(printing({ continue: false, stopReason: "budget exhausted" })),
			command: "echo one",
			expected: { kind: "continue_false", reason: expect.stringContaining("budget exhausted") },
			hook: { status: "success" },
		},
		{
			name: "a hook that fails (exit 1)",
			hooks: pre(shell("echo 'config missing' >&2; exit 1")),
			command: "echo two",
			expected: { kind: "error", event: "PreToolUse", reason: expect.stringContaining("config missing") },
			hook: { exitCode: 1, status: "error", stderr: "config missing\n" },
		},
		{
			name: "a hook that times out",
			hooks: pre(shell("sleep 5", { timeout: 1 })),
			command: "echo three",
			expected: { kind: "timeout", event: "PreToolUse" },
			hook: { exitCode: undefined, status: "timeout" },
		},
	])("$name writes exactly one entry of its kind", async ({ hooks, command, expected, hook }) => {
		const runtime = await start(hooks);
		await runBash(runtime, command);
		const records = decisions(runtime);
		expect(records).toHaveLength(1);
		expect(records[0]).toMatchObject({ version: 1, tool: "Bash", input: command, ...expected });
		expect(records[0]?.hooks).toHaveLength(1);
		expect(records[0]?.hooks[0]).toMatchObject(hook);
	});

	it.each([
		[true, "allowed"],
		[false, "denied"],
	] as const)("an ask the user answers (confirm returns %s) records the answer %s", async (answer, recorded) => {
		const { ui, log } = fakeUi(() => answer);
		const runtime = await start(
			pre(
				printing(
					specific("PreToolUse", { permissionDecision: "ask", permissionDecisionReason: "publish commits?" }),
				),
			),
			{
				ui,
				mode: "rpc",
			},
		);
		await runBash(runtime, "git push");
		expect(log.confirms).toHaveLength(1);
		expect(decisions(runtime).map((r) => [r.kind, r.answer])).toEqual([["ask", recorded]]);
		expect(log.lastStatus(STATUS_KEY)).toBe("hooks 1 asked");
	});

	it("a hook that ran and changed nothing writes no entry and leaves the footer empty", async () => {
		const { ui, log } = fakeUi();
		const runtime = await start(
			{
				PreToolUse: [{ matcher: "Bash", hooks: [shell("exit 0"), shell("echo just a log line")] }],
				PostToolUse: [{ hooks: [shell("cat > /dev/null")] }],
			},
			{ ui, mode: "rpc" },
		);
		await runBash(runtime, "echo hi");
		expect(decisions(runtime)).toEqual([]);
		// The footer may say "waiting for approval" while the start-up dialog is open; once approved it is empty.
		expect(log.lastStatus(STATUS_KEY)).toBeUndefined();
		expect(
			log.statuses.filter(
				(s) => s.key === STATUS_KEY && s.text !== undefined && !s.text.includes("waiting for approval"),
			),
		).toEqual([]);
	});

	it("entries are custom entries, so the model never sees them", async () => {
		const runtime = await start(pre(shell("echo nope >&2; exit 2")));
		await runBash(runtime, "rm -rf victim");
		const requests: string[] = [];
		runtime.faux.setResponses([
			(context) => {
				requests.push(JSON.stringify(context.messages));
				return fauxAssistantMessage("ok");
			},
		]);
		await runtime.session().prompt("what happened?");
		expect(decisions(runtime)).toHaveLength(1);
		expect(requests[0]).not.toContain(CARD_ENTRY_TYPE);
		expect(requests[0]).not.toContain('"kind":"block"');
	});
});

describe("the footer counter follows the current branch", () => {
	it("counts each decision, and after a fork counts only the decisions on the forked branch", async () => {
		const { ui, log } = fakeUi();
		const runtime = await start(pre(shell("echo 'blocked by policy' >&2; exit 2")), { ui, mode: "rpc" });
		expect(log.lastStatus(STATUS_KEY)).toBeUndefined();
		await runBash(runtime, "rm -rf one");
		expect(log.lastStatus(STATUS_KEY)).toBe("hooks 1 blocked");
		await runBash(runtime, "rm -rf two");
		await runBash(runtime, "rm -rf three");
		expect(log.lastStatus(STATUS_KEY)).toBe("hooks 3 blocked");

		// Fork just before the second prompt: the new session holds the first prompt and its decision only.
		const second = runtime.session().getUserMessagesForForking()[1];
		expect(second?.text).toBe("run rm -rf two");
		await runtime.fork(second?.entryId ?? "");
		expect(decisions(runtime)).toHaveLength(1);
		expect(log.lastStatus(STATUS_KEY)).toBe("hooks 1 blocked");

		await runBash(runtime, "rm -rf four");
		expect(log.lastStatus(STATUS_KEY)).toBe("hooks 2 blocked");
		expect(runtime.errors).toEqual([]);
	});

	it("moving to another branch of the session file (/tree) counts that branch, not every entry", async () => {
		const { ui, log } = fakeUi();
		const runtime = await start(pre(shell("echo 'blocked by policy' >&2; exit 2")), { ui, mode: "rpc" });
		await runBash(runtime, "rm -rf one");
		await runBash(runtime, "rm -rf two");
		await runBash(runtime, "rm -rf three");
		const second = runtime.session().getUserMessagesForForking()[1];
		const moved = await runtime.session().navigateTree(second?.entryId ?? "");
		expect(moved.cancelled).toBe(false);
		expect(decisions(runtime)).toHaveLength(3);
		expect(log.lastStatus(STATUS_KEY)).toBe("hooks 1 blocked");
		await runBash(runtime, "rm -rf four");
		expect(decisions(runtime)).toHaveLength(4);
		expect(log.lastStatus(STATUS_KEY)).toBe("hooks 2 blocked");
	});

	it("a new session starts from zero", async () => {
		const { ui, log } = fakeUi();
		const runtime = await start(pre(shell("exit 2")), { ui, mode: "rpc" });
		await runBash(runtime, "rm -rf one");
		expect(log.lastStatus(STATUS_KEY)).toBe("hooks 1 blocked");
		await runtime.runtime.newSession();
		await runtime.bind();
		expect(log.lastStatus(STATUS_KEY)).toBeUndefined();
	});
});
