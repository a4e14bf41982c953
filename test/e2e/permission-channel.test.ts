/**
 * The permission channel in the real pi (print mode): the example gate under demo/ asks before a bash call, the
 * user's PermissionRequest hook answers (deny with its message, or allow with a changed input), the card is in the
 * session file and the run in the firing journal; with no hook to decide the gate goes on with its own default, and
 * without pi-hook-manager its request times out to that default. Two extensions asking at once get their own answers,
 * and a malformed request gets a notice and runs no hook.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readJsonLines, sessionDecisions, useE2e } from "../support/e2e.ts";
import { EXTENSION_PATH, type PiSandbox, PROJECT_ROOT, runPiPrint } from "../support/pi-env.ts";
import { startPiRpc } from "../support/pi-rpc.ts";

const e2e = useE2e();
const GATE = join(PROJECT_ROOT, "demo", "permission-gate.ts");
const ASKERS = join(PROJECT_ROOT, "test", "fixtures", "extensions", "two-askers.ts");

/** A command hook that prints `output` (a file in the sandbox, so no quoting) as its answer. */
const prints = (sandbox: PiSandbox, name: string, output: unknown) => ({
	type: "command",
	command: `cat '${sandbox.writeFile(`hooks/${name}.json`, JSON.stringify(output))}'`,
});

const decision = (value: Record<string, unknown>) => ({
	hookSpecificOutput: { hookEventName: "PermissionRequest", decision: value },
});

/** The firing journal's lines of the sandbox's project. */
const journal = (sandbox: PiSandbox): Record<string, unknown>[] => {
	const dir = join(sandbox.agentDir, "pi-hook-manager", "journal");
	return readdirSync(dir).flatMap((file) => readJsonLines(join(dir, file)));
};

/** Everything the model was sent, as one text (the tool results it saw). */
const modelSaw = (): string => JSON.stringify(e2e.llm.requests.at(-1)?.messages ?? []);

describe("the permission channel in the real pi", () => {
	it("the gate asks, a PermissionRequest hook denies: blocked with its message, a card, the log", async () => {
		const sandbox = e2e.sandbox();
		sandbox.writeFile("project/victim", "keep me");
		const deny = prints(sandbox, "deny", decision({ behavior: "deny", message: "no deletes in this repo" }));
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PermissionRequest: [{ matcher: "Bash", hooks: [{ ...deny, if: "Bash(rm *)" }] }] },
		});
		const result = await runPiPrint(sandbox, ["-e", EXTENSION_PATH, "-e", GATE, "-p", "bash: rm -rf victim"]);
		expect(result.code).toBe(0);
		expect(existsSync(join(sandbox.projectDir, "victim"))).toBe(true);
		expect(modelSaw()).toContain("no deletes in this repo");
		expect(sessionDecisions(sandbox)).toEqual([
			expect.objectContaining({
				kind: "block",
				event: "PermissionRequest",
				tool: "Bash",
				input: "permission-gate: rm -rf victim",
				reason: "no deletes in this repo",
			}),
		]);
		const line = journal(sandbox).find((entry) => entry.event === "PermissionRequest");
		expect(line).toMatchObject({ summary: "permission-gate: rm -rf victim", matchQuery: "Bash" });
		expect(JSON.parse(String(line?.stdin))).toMatchObject({
			hook_event_name: "PermissionRequest",
			tool_name: "Bash",
			tool_input: { command: "rm -rf victim" },
		});
	});

	it("a PermissionRequest hook allows with a changed input: the changed command runs, an allow card", async () => {
		const sandbox = e2e.sandbox();
		const allow = prints(
			sandbox,
			"allow",
			decision({ behavior: "allow", updatedInput: { command: "echo safe > out" } }),
		);
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PermissionRequest: [{ matcher: "Bash", hooks: [allow] }] },
		});
		const result = await runPiPrint(sandbox, ["-e", EXTENSION_PATH, "-e", GATE, "-p", "bash: echo unsafe > out"]);
		expect(result.code).toBe(0);
		expect(readFileSync(join(sandbox.projectDir, "out"), "utf8")).toBe("safe\n");
		expect(sessionDecisions(sandbox)).toEqual([
			expect.objectContaining({
				kind: "allow",
				event: "PermissionRequest",
				reason: "Allowed by PermissionRequest hook, with a changed tool input",
			}),
		]);
	});

	it("with no hook to decide, or without pi-hook-manager, the gate goes on with its own default", async () => {
		for (const extensions of [
			["-e", EXTENSION_PATH, "-e", GATE],
			["-e", GATE],
		]) {
			const sandbox = e2e.sandbox();
			sandbox.writeFile("project/victim", "keep me");
			const result = await runPiPrint(sandbox, [...extensions, "-p", "bash: rm -rf victim"]);
			expect(result.code).toBe(0);
			// The gate's default without a UI: blocked, as it would be without hooks.
			expect(existsSync(join(sandbox.projectDir, "victim"))).toBe(true);
			expect(modelSaw()).toContain("permission-gate: not confirmed");
		}
	});

	it("two askers at once get their own answers; a malformed request gets a notice and runs no hook", async () => {
		const sandbox = e2e.sandbox();
		const askersLog = join(sandbox.root, "answers.jsonl");
		const ran = join(sandbox.root, "ran.jsonl");
		const allow = prints(sandbox, "allow", decision({ behavior: "allow" }));
		const deny = prints(sandbox, "deny", decision({ behavior: "deny", message: "not b" }));
		const record = { type: "command", command: `cat >> '${ran}'; echo >> '${ran}'` };
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				PermissionRequest: [
					{
						matcher: "Bash",
						hooks: [{ ...allow, if: "Bash(echo a*)" }, { ...deny, if: "Bash(echo b*)" }, record],
					},
				],
			},
		});
		const result = await runPiPrint(sandbox, ["-e", EXTENSION_PATH, "-e", ASKERS, "-p", "bash: echo go"], {
			env: { ASKERS_LOG: askersLog },
		});
		expect(result.code).toBe(0);
		const answers = readJsonLines(askersLog);
		expect(answers).toEqual([
			expect.objectContaining({ id: "a", decision: "allow" }),
			expect.objectContaining({ id: "b", decision: "deny", message: "not b" }),
			// The answer names the malformed request's own event.
			expect.objectContaining({ id: "bad", event: "PermissionDenied", decision: "none", why: "invalid" }),
		]);
		expect(result.stderr).toContain("a permission request from asker-c was malformed (toolName is missing");
		// The record hook ran for a and b, never for the malformed request.
		expect(
			readJsonLines(ran)
				.map((stdin) => (stdin.tool_input as { command: string }).command)
				.sort(),
		).toEqual(["echo a", "echo b"]);
	});

	it("a deadline and the kill switch answer with no decision, so the caller's default applies", async () => {
		const sandbox = e2e.sandbox();
		const askersLog = join(sandbox.root, "answers.jsonl");
		// A hook that outlasts any deadline: the answer must not wait for it.
		const slow = { type: "command", command: "sleep 30" };
		sandbox.writeJson("home/.claude/settings.json", { hooks: { PermissionRequest: [{ hooks: [slow] }] } });
		const result = await runPiPrint(sandbox, ["-e", EXTENSION_PATH, "-e", ASKERS, "-p", "bash: echo go"], {
			env: { ASKERS_LOG: askersLog, ASKERS_TIMEOUT_MS: "300" },
		});
		expect(result.code).toBe(0);
		expect(readJsonLines(askersLog).slice(0, 2)).toEqual([
			expect.objectContaining({ id: "a", decision: "none", why: "timeout" }),
			expect.objectContaining({ id: "b", decision: "none", why: "timeout" }),
		]);
		const offLog = join(sandbox.root, "off.jsonl");
		const rpc = startPiRpc(sandbox, ["-e", ASKERS], { ASKERS_LOG: offLog });
		try {
			await rpc.prompt("/hooks off");
			await rpc.prompt("bash: echo go");
		} finally {
			await rpc.close();
		}
		expect(readJsonLines(offLog).slice(0, 2)).toEqual([
			expect.objectContaining({ id: "a", decision: "none", why: "switched_off" }),
			expect.objectContaining({ id: "b", decision: "none", why: "switched_off" }),
		]);
	});
});
