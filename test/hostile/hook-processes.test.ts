/**
 * Hostile hooks through the whole engine (settings -> real process -> verdict -> PreToolUse decision): each
 * misbehaviour ends in a defined decision with a message that names what happened, and leaves no process behind.
 */
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mergeSources } from "../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import type { HookVerdict } from "../../src/engine/decide/interpret.ts";
import { decidePreToolUse, type PreToolDecision } from "../../src/engine/decide/tool.ts";
import { createEngine } from "../../src/engine/engine.ts";
import { failureCards } from "../../src/engine/plan/card.ts";
import { reapLingeringGroups } from "../../src/engine/run/process.ts";
import { engineDeps } from "../support/engine-deps.ts";
import { engineSession } from "../support/engine-session.ts";
import { isRunning } from "../support/processes.ts";

const MIB = 1024 * 1024;

let dir = "";
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "phm-hostile-hooks-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

type Handler = Record<string, unknown>;
const sh = (command: string, extra: Handler = {}): Handler => ({ type: "command", command, ...extra });

/** An engine over one user settings file holding `handlers` for PreToolUse on Bash, with the real runner. */
const engineWith = (...handlers: Handler[]) => {
	const text = JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: handlers }] } });
	const parsed = parseSettingsText(text, { scope: "claude-user", file: join(dir, "settings.json"), project: false });
	expect(parsed.issues).toEqual([]);
	const config = mergeSources([parsed], true);
	return createEngine(engineDeps({ config: () => config, baseEnv: { PATH: process.env.PATH ?? "/usr/bin:/bin" } }));
};

/** Dispatches one Bash PreToolUse call and combines the verdicts as pi's tool_call handler does. */
const callBash = async (
	engine: ReturnType<typeof engineWith>,
	command: string,
	options: { id?: string; signal?: AbortSignal } = {},
): Promise<{ verdicts: readonly HookVerdict[]; decision: PreToolDecision }> => {
	const session = engineSession(dir);
	const tool_input = { command };
	const { verdicts } = await engine.dispatch({
		event: "PreToolUse",
		matchValues: ["Bash", "bash"],
		tool: { ccToolName: "Bash", ccInput: tool_input },
		payload: { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input, tool_use_id: options.id ?? "call_1" },
		session,
		...(options.signal ? { signal: options.signal } : {}),
	});
	return { verdicts, decision: decidePreToolUse(verdicts, "PreToolUse:Bash") };
};

/** The model-visible reason of a deny; `""` for any other permission. */
const denyReason = (decision: PreToolDecision): string => (decision.permission === "deny" ? decision.reason : "");

/** The single verdict of a dispatch. */
const only = (verdicts: readonly HookVerdict[]): HookVerdict => {
	expect(verdicts).toHaveLength(1);
	return verdicts[0] as HookVerdict;
};

/** Polls until `condition` holds; fails after `timeoutMs`. */
const waitFor = async (condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> => {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
};

const pidFrom = (name: string): number => Number(readFileSync(join(dir, name), "utf8").trim());

describe("a hook that floods its output", () => {
	it("1 GB on stdout: keeps 1 MiB, counts every byte, ends the run, never holds the flood in memory", async () => {
		const engine = engineWith(sh("head -c 1073741824 /dev/zero"));
		const before = process.memoryUsage().rss;
		let peak = before;
		const sampler = setInterval(() => {
			peak = Math.max(peak, process.memoryUsage().rss);
		}, 25);
		try {
			const { verdicts, decision } = await callBash(engine, "ls");
			const verdict = only(verdicts);
			expect(verdict.outcome.kind).toBe("exited");
			if (verdict.outcome.kind !== "exited") return;
			expect(verdict.outcome.stdout.bytes).toBe(1024 * MIB);
			expect(verdict.outcome.stdout.truncated).toBe(true);
			const marker = `\n[pi-hook-manager: output truncated: kept ${MIB} of ${1024 * MIB} bytes]`;
			expect(verdict.outcome.stdout.text.endsWith(marker)).toBe(true);
			expect(Buffer.byteLength(verdict.outcome.stdout.text)).toBeLessThanOrEqual(MIB + marker.length);
			expect([verdict.status, decision.permission]).toEqual(["success", "none"]);
		} finally {
			clearInterval(sampler);
		}
		// Holding the output would cost 1 GiB; chunks in flight and the kept MiB cost a few tens of MB.
		expect(peak - before).toBeLessThan(256 * MIB);
	});
});

describe("a hook that does not play along with its pipes", () => {
	it("no output and never exits: killed at its timeout, the call proceeds, and the user is told", async () => {
		const engine = engineWith(sh(`echo $$ > "${dir}/pid"; exec sleep 1000`, { timeout: 1 }));
		const { verdicts, decision } = await callBash(engine, "ls");
		expect(only(verdicts)).toMatchObject({ status: "timeout", message: "timed out after 1 s and was killed" });
		expect(decision.permission).toBe("none");
		expect(failureCards("PreToolUse", verdicts, { input: "ls", time: 0 })).toMatchObject([
			{ kind: "timeout", reason: "timed out after 1 s and was killed" },
		]);
		expect(isRunning(pidFrom("pid"))).toBe(false);
	});

	it("exits after reading 10 bytes of a 5 MB stdin: its decision still counts", async () => {
		const engine = engineWith(sh(`head -c 10 >/dev/null; echo '{"decision": "block", "reason": "read 10 bytes"}'`));
		const { verdicts, decision } = await callBash(engine, "x".repeat(5 * MIB));
		expect(only(verdicts).status).toBe("success");
		expect([decision.permission, denyReason(decision)]).toEqual(["deny", "read 10 bytes"]);
	});

	it("closes stdin at once and answers later: its deny still blocks with its reason", async () => {
		const json =
			'{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", ' +
			'"permissionDecisionReason": "stdin closed"}}';
		const engine = engineWith(sh(`exec 0<&-; sleep 0.2; echo '${json}'`));
		const { decision } = await callBash(engine, "y".repeat(5 * MIB));
		expect([decision.permission, denyReason(decision)]).toEqual(["deny", "stdin closed"]);
	});
});

describe("a hook that prints what it should not", () => {
	it("invalid UTF-8 inside its JSON: decoded as U+FFFD, and the block holds", async () => {
		const engine = engineWith(sh(`printf '{"decision": "block", "reason": "bad \\377\\376 bytes"}'`));
		const { decision } = await callBash(engine, "ls");
		expect([decision.permission, denyReason(decision)]).toEqual(["deny", "bad \uFFFD\uFFFD bytes"]);
	});

	it("JSON followed by garbage: treated as plain text, the call proceeds, and it is one failure record", async () => {
		const engine = engineWith(sh(`printf '{"decision": "block", "reason": "x"} and then garbage'`));
		const { verdicts, decision } = await callBash(engine, "ls");
		expect(only(verdicts).status).toBe("success");
		expect(decision.permission).toBe("none");
		expect(decision.notices).toEqual([]);
		const records = failureCards("PreToolUse", verdicts, { input: "ls", time: 0 });
		expect(records.map((record) => record.kind)).toEqual(["error"]);
		expect(records[0]?.reason).toContain('output starts with "{" but is not valid JSON');
		expect(records[0]?.reason).toContain("treated as plain text");
	});
});

describe("a hook that cannot run or dies", () => {
	it("a command that does not exist (127): a non-blocking error naming the command", async () => {
		const engine = engineWith(sh("no-such-hook-command-xyz"));
		const { verdicts, decision } = await callBash(engine, "ls");
		const verdict = only(verdicts);
		expect(verdict.status).toBe("error");
		expect(verdict.message).toMatch(
			/^Failed with non-blocking status code 127: .*no-such-hook-command-xyz.*not found/,
		);
		expect(decision.permission).toBe("none");
	});

	it("a script that is not executable (126 in shell form, EACCES in exec form): a non-blocking error", async () => {
		const script = join(dir, "hook.sh");
		writeFileSync(script, "#!/bin/sh\nexit 2\n");
		chmodSync(script, 0o644);
		const { verdicts } = await callBash(
			engineWith(sh(script), { type: "command", command: script, args: [] }),
			"ls",
		);
		const messages = verdicts.map((v) => `${v.status}: ${v.message}`).sort();
		expect(messages[0]).toMatch(/^error: Failed with non-blocking status code 126: .*Permission denied/);
		expect(messages[1]).toMatch(
			/^error: could not start: cannot start ".*hook.sh": permission denied, is it executable\? \(EACCES\)$/,
		);
	});

	it("killed by SIGKILL: a non-blocking error that says so", async () => {
		const { verdicts, decision } = await callBash(engineWith(sh("echo dying >&2; kill -9 $$")), "ls");
		expect(only(verdicts)).toMatchObject({ status: "error", message: "killed by SIGKILL: dying" });
		expect(decision.permission).toBe("none");
	});

	it("Esc while a hook runs: the hook is cancelled and killed, with no decision", async () => {
		const controller = new AbortController();
		const engine = engineWith(sh(`echo $$ > "${dir}/pid"; exec sleep 1000`));
		const running = callBash(engine, "ls", { signal: controller.signal });
		await waitFor(
			() => existsSync(join(dir, "pid")) && readFileSync(join(dir, "pid"), "utf8").endsWith("\n"),
			"the hook",
		);
		controller.abort();
		const { verdicts, decision } = await running;
		expect(only(verdicts)).toMatchObject({ status: "cancelled", message: "cancelled (the run was aborted)" });
		expect(decision.permission).toBe("none");
		await waitFor(() => !isRunning(pidFrom("pid")), "the hook to be gone");
	});
});

describe("a hook that leaves processes behind", () => {
	it("a grandchild ignoring SIGTERM, pipes closed: the call is decided, the grandchild reaped later", async () => {
		const grandchild = `(trap '' TERM; exec sleep 1000) </dev/null >/dev/null 2>&1 & echo $! > "${dir}/grandchild"`;
		const engine = engineWith(sh(`${grandchild}; echo '{"decision": "block", "reason": "done"}'`));
		const { decision } = await callBash(engine, "ls");
		expect(denyReason(decision)).toBe("done");
		// Claude Code leaves a hook's background jobs alone; pi-hook-manager ends them at session_shutdown.
		expect(isRunning(pidFrom("grandchild"))).toBe(true);
		expect(reapLingeringGroups()).toBeGreaterThanOrEqual(1);
		await waitFor(() => !isRunning(pidFrom("grandchild")), "the grandchild to be gone");
	});
});

describe("hooks on parallel tool calls", () => {
	it("16 calls at once, two hooks each: every call gets the decision made on its own input", async () => {
		// Blocks calls whose command contains "bad", quoting the stdin it got; the other hook only logs.
		const guard = sh(`input=$(cat); case "$input" in *bad*) printf '%s' "$input" >&2; exit 2;; esac; exit 0`);
		const logger = sh(`cat > "${dir}/log-$$.json"`);
		const engine = engineWith(guard, logger);
		const ids = Array.from({ length: 16 }, (_, i) => `call_${i}`);
		const results = await Promise.all(
			ids.map((id, i) => callBash(engine, i % 2 === 0 ? `echo bad-${i}` : `echo ok-${i}`, { id })),
		);
		results.forEach(({ verdicts, decision }, i) => {
			expect(verdicts).toHaveLength(2);
			if (i % 2 === 1) return expect(decision.permission).toBe("none");
			expect(decision.permission).toBe("deny");
			const stdin = denyReason(decision).slice(denyReason(decision).indexOf("{"));
			expect(JSON.parse(stdin)).toMatchObject({
				tool_use_id: `call_${i}`,
				tool_input: { command: `echo bad-${i}` },
			});
		});
		const logged = readdirSync(dir).filter((name) => name.startsWith("log-"));
		const loggedIds = logged.map(
			(name) => (JSON.parse(readFileSync(join(dir, name), "utf8")) as { tool_use_id: string }).tool_use_id,
		);
		expect(loggedIds.sort()).toEqual([...ids].sort());
	});
});
