/**
 * The PermissionRequest and PermissionDenied flows on a real engine with real hook processes: the stdin in Claude
 * Code's terms (pi's tool names and input mapped), the matcher on the tool name, allow with updatedInput (mapped
 * back to pi's terms) and updatedPermissions, deny with its message and interrupt (a deny beats an allow), exit 2
 * not honoured, PermissionDenied's retry, the cards, and an event without hooks answered at once.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ChannelRequest } from "../../../src/engine/channel/permission-request.ts";
import { permissionFlow } from "../../../src/engine/flow/permission.ts";
import { verdictResult } from "../../../src/engine/record/result-kind.ts";
import { readJsonLines } from "../../support/e2e.ts";
import { appendTo, cardKinds, flowEngine } from "../../support/flow-engine.ts";

const dir = (): string => mkdtempSync(join(tmpdir(), "phm-flow-permission-"));

/** A command hook that prints `output` as its JSON answer. */
const prints = (root: string, name: string, output: unknown, code = 0) => {
	const file = join(root, `${name}.json`);
	writeFileSync(file, JSON.stringify(output));
	return { type: "command", command: `cat '${file}'; exit ${code}` };
};

const decision = (value: Record<string, unknown>) => ({
	hookSpecificOutput: { hookEventName: "PermissionRequest", decision: value },
});

const ask = (overrides: Partial<ChannelRequest> = {}): ChannelRequest => ({
	event: "PermissionRequest",
	shape: "pi-hook-manager",
	id: "r1",
	from: "my-gate",
	names: "pi",
	toolName: "bash",
	toolInput: { command: "rm -rf build" },
	toolUseId: "",
	reason: "",
	suggestions: undefined,
	timeoutMs: undefined,
	...overrides,
});

const engineFor = (hooks: unknown, root: string) => {
	const made = flowEngine(hooks, root);
	return { ...made, ports: { ...made.ports, mcpNames: { claudeName: () => undefined } } };
};

describe("PermissionRequest", () => {
	it("sends Claude Code's stdin: the tool as Claude Code names it, no tool_use_id, the suggestions", async () => {
		const root = dir();
		const log = join(root, "stdin.jsonl");
		const { ports, moment, records } = engineFor(
			{ PermissionRequest: [{ matcher: "Bash", hooks: [appendTo(log)] }] },
			root,
		);
		const suggestions = [
			{ type: "addRules", rules: [{ toolName: "Bash" }], behavior: "allow", destination: "session" },
		];
		const plan = await permissionFlow(ports, moment, ask({ suggestions }));
		const [stdin] = readJsonLines(log);
		expect(stdin).toMatchObject({
			hook_event_name: "PermissionRequest",
			permission_mode: "default",
			tool_name: "Bash",
			tool_input: { command: "rm -rf build" },
			permission_suggestions: suggestions,
		});
		expect(stdin).not.toHaveProperty("tool_use_id");
		expect(plan?.decision).toEqual({ behavior: "none", why: "no_decision" });
		expect(records[0]).toMatchObject({ event: "PermissionRequest", summary: "my-gate: rm -rf build" });
	});

	it("answers allow with the input mapped back to pi's terms and the permission updates, and a card", async () => {
		const root = dir();
		const updates = [{ type: "setMode", mode: "acceptEdits", destination: "session" }];
		const hook = prints(
			root,
			"allow",
			decision({
				behavior: "allow",
				updatedInput: { file_path: "/x/a.ts", content: "hi" },
				updatedPermissions: updates,
			}),
		);
		const { ports, moment } = engineFor({ PermissionRequest: [{ matcher: "Write", hooks: [hook] }] }, root);
		const plan = await permissionFlow(
			ports,
			moment,
			ask({ toolName: "write", toolInput: { path: "a.ts", content: "x" } }),
		);
		expect(plan?.decision).toEqual({ behavior: "allow", input: { path: "/x/a.ts", content: "hi" }, updates });
		expect(cardKinds(plan?.steps)).toEqual(["allow"]);
		const card = plan?.steps[0];
		expect(card?.do === "record" && card.record.reason).toBe(
			"Allowed by PermissionRequest hook, with a changed tool input, with 1 permission update",
		);
	});

	it("answers deny with the hooks' message and interrupt; a deny beats another hook's allow", async () => {
		const root = dir();
		const allow = prints(root, "allow", decision({ behavior: "allow" }));
		const deny = prints(root, "deny", decision({ behavior: "deny", message: "no deletes here", interrupt: true }));
		const { ports, moment } = engineFor({ PermissionRequest: [{ hooks: [allow, deny] }] }, root);
		const plan = await permissionFlow(ports, moment, ask());
		expect(plan?.decision).toEqual({ behavior: "deny", message: "no deletes here", interrupt: true });
		expect(cardKinds(plan?.steps)).toEqual(["block"]);
	});

	it("does not honour exit 2 (Claude Code discards it there) and runs no hook the matcher leaves out", async () => {
		const root = dir();
		const log = join(root, "stdin.jsonl");
		const exit2 = { type: "command", command: "echo no >&2; exit 2" };
		const { ports, moment, records } = engineFor(
			{
				PermissionRequest: [
					{ matcher: "Bash", hooks: [exit2] },
					{ matcher: "Write", hooks: [appendTo(log)] },
				],
			},
			root,
		);
		const plan = await permissionFlow(ports, moment, ask());
		expect(plan?.decision).toEqual({ behavior: "none", why: "no_decision" });
		expect(() => readJsonLines(log)).toThrow();
		// The log does not call the ignored exit 2 a block.
		const verdict = records[0]?.verdicts[0];
		expect(verdict && verdictResult(verdict)).toBe("ok");
	});

	it("denies when a hook with onFailure: block fails", async () => {
		const root = dir();
		const failing = { type: "command", command: "echo broken >&2; exit 1", onFailure: "block" };
		const { ports, moment } = engineFor({ PermissionRequest: [{ hooks: [failing] }] }, root);
		const plan = await permissionFlow(ports, moment, ask());
		expect(plan?.decision).toMatchObject({ behavior: "deny", interrupt: false });
		expect(plan?.decision.behavior === "deny" && plan.decision.message).toContain("broken");
	});

	it("reports a decision that is not allow or deny as a failed hook and decides nothing", async () => {
		const root = dir();
		const hook = prints(root, "bad", decision({ behavior: "maybe" }));
		const { ports, moment } = engineFor({ PermissionRequest: [{ hooks: [hook] }] }, root);
		const plan = await permissionFlow(ports, moment, ask());
		expect(plan?.decision).toEqual({ behavior: "none", why: "no_decision" });
		expect(cardKinds(plan?.steps)).toEqual(["error"]);
	});

	it("is undefined at once without PermissionRequest hooks", () => {
		const root = dir();
		const { ports, moment } = engineFor(
			{ PermissionDenied: [{ hooks: [{ type: "command", command: "true" }] }] },
			root,
		);
		expect(permissionFlow(ports, moment, ask())).toBeUndefined();
	});
});

describe("PermissionDenied", () => {
	it("sends tool_use_id and reason, and answers retry when a hook asks for it", async () => {
		const root = dir();
		const log = join(root, "stdin.jsonl");
		const retry = prints(root, "retry", { hookSpecificOutput: { hookEventName: "PermissionDenied", retry: true } });
		const { ports, moment } = engineFor({ PermissionDenied: [{ hooks: [appendTo(log), retry] }] }, root);
		const plan = await permissionFlow(
			ports,
			moment,
			ask({ event: "PermissionDenied", toolUseId: "call-7", reason: "the gate refused rm" }),
		);
		expect(readJsonLines(log)[0]).toMatchObject({
			hook_event_name: "PermissionDenied",
			tool_name: "Bash",
			tool_use_id: "call-7",
			reason: "the gate refused rm",
		});
		expect(plan?.decision).toEqual({ behavior: "retry", retry: true });
	});
});
