import { describe, expect, it } from "vitest";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import { decidePostToolUse, decidePreToolUse } from "../../../src/engine/decide/tool.ts";
import type { ProcessOutcome } from "../../../src/engine/ports.ts";
import type { HookEventName } from "../../../src/engine/types.ts";
import { commandEntry, exited, timedOut } from "../../support/entries.ts";

const pre = (...outcomes: [string, ProcessOutcome][]) =>
	decidePreToolUse(
		outcomes.map(([command, outcome]) => interpretOutcome(commandEntry(command), "PreToolUse", outcome)),
		"PreToolUse:Bash",
	);
const json = (event: HookEventName, fields: Record<string, unknown>, top: Record<string, unknown> = {}) =>
	JSON.stringify({ ...top, hookSpecificOutput: { hookEventName: event, ...fields } });

describe("decidePreToolUse", () => {
	it("exit 2 denies with the observed model text", () => {
		const decision = pre(["guard.sh", exited(2, "", "blocked by policy\n")]);
		expect(decision.permission).toBe("deny");
		expect(decision).toMatchObject({ reason: "PreToolUse:Bash hook error: [guard.sh]: blocked by policy\n" });
	});

	it("a JSON deny gives exactly its reason (Claude Code shows permissionDecisionReason as is)", () => {
		expect(
			pre(["a", exited(0, json("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "nope" }))]),
		).toMatchObject({ permission: "deny", reason: "nope" });
	});

	it("deny beats allow in either order, ask beats allow (Claude Code: the most restrictive decision wins)", () => {
		const allow = exited(0, json("PreToolUse", { permissionDecision: "allow" }));
		const deny = exited(
			0,
			json("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "deny reason" }),
		);
		const ask = exited(0, json("PreToolUse", { permissionDecision: "ask", permissionDecisionReason: "sure?" }));
		expect(pre(["a", allow], ["b", deny]).permission).toBe("deny");
		expect(pre(["b", deny], ["a", allow]).permission).toBe("deny");
		expect(pre(["a", allow], ["c", ask])).toMatchObject({
			permission: "ask",
			reasons: ["sure?"],
			sources: ["Claude project"],
		});
		expect(pre(["a", allow]).permission).toBe("allow");
		expect(pre(["a", exited(0)]).permission).toBe("none");
	});

	it("the deprecated top-level decision maps to deny and allow (Claude Code: block denies, approve allows)", () => {
		expect(pre(["a", exited(0, JSON.stringify({ decision: "block", reason: "Z" }))])).toMatchObject({
			permission: "deny",
			reason: "Z",
		});
		expect(pre(["a", exited(0, JSON.stringify({ decision: "approve" }))]).permission).toBe("allow");
	});

	it("updatedInput is taken from the last hook to finish", () => {
		const first = exited(0, json("PreToolUse", { updatedInput: { command: "one" } }));
		const second = exited(0, json("PreToolUse", { updatedInput: { command: "two" } }));
		expect(pre(["a", first], ["b", second])).toMatchObject({ rewrite: { input: { command: "two" } } });
	});

	it("every additionalContext reaches the model as a system reminder (Claude Code: each hook's does)", () => {
		const decision = pre(
			["a", exited(0, json("PreToolUse", { additionalContext: "CTX-1" }))],
			["b", exited(0, json("PreToolUse", { additionalContext: "CTX-2" }))],
		);
		expect(decision.context?.texts).toEqual([
			"<system-reminder>\nPreToolUse:Bash hook additional context: CTX-1\n</system-reminder>",
			"<system-reminder>\nPreToolUse:Bash hook additional context: CTX-2\n</system-reminder>",
		]);
	});

	it("failures and timeouts proceed and make no notice: each is one failure record (one card, one count)", () => {
		const decision = pre(["broken.sh", exited(1, "", "warn: exit one\n")], ["slow.sh", timedOut(1000)]);
		expect(decision.permission).toBe("none");
		expect(decision.notices).toEqual([]);
	});

	it("continue:false asks to stop and systemMessage reaches the user (Claude Code: the agent stops)", () => {
		const decision = pre([
			"a",
			exited(
				0,
				JSON.stringify({ continue: false, stopReason: "halted by hook", systemMessage: "note from hook" }),
			),
		]);
		expect(decision.stop?.text).toBe("PreToolUse:Bash hook stopped continuation: halted by hook");
		expect(decision.notices).toContainEqual({ level: "info", text: "PreToolUse:Bash says: note from hook" });
		expect(decision.permission).toBe("none");
	});
	it("each part names the hooks behind it, and a deny carries no rewrite", () => {
		const rewrite = exited(0, json("PreToolUse", { updatedInput: { command: "two" }, additionalContext: "C" }));
		const ask = exited(0, json("PreToolUse", { permissionDecision: "ask" }));
		const asked = pre(["r", rewrite], ["q", ask]);
		if (asked.permission !== "ask") throw new Error(`expected ask, got ${asked.permission}`);
		expect(asked.by.map((verdict) => verdict.entry.handler)).toMatchObject([{ command: "q" }]);
		expect(asked.rewrite?.by.map((verdict) => verdict.entry.handler)).toMatchObject([{ command: "r" }]);
		expect(asked.context?.by.map((verdict) => verdict.entry.handler)).toMatchObject([{ command: "r" }]);
		const denied = pre(["r", rewrite], ["d", exited(2, "", "no\n")]);
		expect(denied.permission).toBe("deny");
		expect("rewrite" in denied).toBe(false);
		expect(denied.permission === "deny" && denied.by.map((verdict) => verdict.entry.handler)).toMatchObject([
			{ command: "d" },
		]);
	});
});

describe("decidePostToolUse", () => {
	const post = (outcome: ProcessOutcome) =>
		decidePostToolUse(
			[interpretOutcome(commandEntry("post.sh", "PostToolUse"), "PostToolUse", outcome)],
			"PostToolUse:Bash",
		);

	it("exit 2 puts stderr next to the result (Claude Code: PostToolUse exit 2 feeds stderr to the model)", () => {
		expect(post(exited(2, "", "post says no\n")).context?.texts).toEqual([
			"<system-reminder>\n" +
				'PostToolUse:Bash hook blocking error from command: "post.sh": [post.sh]: post says no\n\n' +
				"</system-reminder>",
		]);
	});

	it("decision block puts the reason next to the result (Claude Code: the model gets PostToolUse's reason)", () => {
		const decision = post(exited(0, JSON.stringify({ decision: "block", reason: "post reason" })));
		expect(decision.blocked).toBe(true);
		expect(decision.context?.texts).toEqual([
			'<system-reminder>\nPostToolUse:Bash hook blocking error from command: "post.sh": post reason\n' +
				"</system-reminder>",
		]);
	});

	it("additionalContext and updatedToolOutput are returned", () => {
		const decision = post(
			exited(0, json("PostToolUse", { additionalContext: "CTX", updatedToolOutput: { stdout: "new" } })),
		);
		expect(decision.context?.texts).toEqual([
			"<system-reminder>\nPostToolUse:Bash hook additional context: CTX\n</system-reminder>",
		]);
		expect(decision.output?.output).toEqual({ stdout: "new" });
	});

	it("plain stdout on exit 0 reaches nobody (Claude Code: only the transcript view shows it)", () => {
		const decision = post(exited(0, "just text"));
		expect(decision.context).toBeUndefined();
		expect(decision.notices).toEqual([]);
	});
});
