/**
 * Tests of the real process runner with real child processes (fixtures in test/fixtures/bin):
 * exit codes, stdin/stdout/stderr, capping, spawn failures, timeout, abort and process-group cleanup.
 */

import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProcessOutcome, ProcessSpec } from "../../../src/engine/ports.ts";
import { reapLingeringGroups, runProcess } from "../../../src/engine/run/process.ts";

const BIN = fileURLToPath(new URL("../../fixtures/bin/", import.meta.url));
const MIB = 1024 * 1024;

let dir = "";
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "pi-hook-manager-run-"));
});
afterEach(() => {
	rmSync(dir, { recursive: true, force: true });
});

/** A spec running a fixture in exec form with `node`, overridable field by field. */
function fixture(name: string, args: readonly string[] = [], overrides: Partial<ProcessSpec> = {}): ProcessSpec {
	return {
		file: process.execPath,
		args: [join(BIN, name), ...args],
		cwd: dir,
		env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
		stdin: "",
		timeoutMs: 30_000,
		killGraceMs: 1_000,
		maxOutputBytes: MIB,
		...overrides,
	};
}

/** A spec running `script` with `/bin/sh -c`; `$1`, `$2`… are `params`. */
function shell(script: string, params: readonly string[] = [], overrides: Partial<ProcessSpec> = {}): ProcessSpec {
	return fixture("unused", [], { file: "/bin/sh", args: ["-c", script, "sh", ...params], ...overrides });
}

/** Polls `condition` every 20 ms until it holds; fails after `timeoutMs`. */
async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

/** Pids of the live (not zombie) processes in process group `pgid`, read from /proc. */
function liveGroupMembers(pgid: number): number[] {
	try {
		process.kill(-pgid, 0);
	} catch {
		return []; // ESRCH: nothing in the group at all.
	}
	const members: number[] = [];
	for (const entry of readdirSync("/proc")) {
		if (!/^\d+$/.test(entry)) continue;
		let stat: string;
		try {
			stat = readFileSync(`/proc/${entry}/stat`, "utf-8");
		} catch {
			continue; // exited while we looked
		}
		// Fields after "(comm)": state ppid pgrp ...
		const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
		if (Number(pgrp) === pgid && state !== "Z") members.push(Number(entry));
	}
	return members;
}

async function expectGroupGone(pgid: number): Promise<void> {
	await waitFor(() => liveGroupMembers(pgid).length === 0, `process group ${pgid} to be gone`);
}

function readPid(file: string): number {
	return Number(readFileSync(file, "utf-8").trim());
}

function expectKind<K extends ProcessOutcome["kind"]>(
	outcome: ProcessOutcome,
	kind: K,
): Extract<ProcessOutcome, { kind: K }> {
	expect(outcome.kind, JSON.stringify(outcome).slice(0, 500)).toBe(kind);
	return outcome as Extract<ProcessOutcome, { kind: K }>;
}

describe("runProcess exit codes and output", () => {
	it("passes stdin through exactly and captures stdout of a hook that exits 0", async () => {
		const input = JSON.stringify({ hook_event_name: "PreToolUse", tool_input: { command: "ls -la ✓ 日本" } });
		const outcome = expectKind(await runProcess(fixture("echo-stdin.mjs", [], { stdin: input })), "exited");
		expect(outcome.code).toBe(0);
		expect(JSON.parse(outcome.stdout.text)).toEqual(JSON.parse(input));
		expect(outcome.stdout).toEqual({ text: input, bytes: Buffer.byteLength(input), truncated: false });
		expect(outcome.stderr).toEqual({ text: "", bytes: 0, truncated: false });
		expect(outcome.durationMs).toBeGreaterThan(0);
	});

	it("reports exit code 2 with the stderr the hook wrote", async () => {
		const spec = fixture("exit-with.mjs", ["2", "blocked: not allowed\n"]);
		const outcome = expectKind(await runProcess(spec), "exited");
		expect(outcome.code).toBe(2);
		expect(outcome.stderr.text).toBe("blocked: not allowed\n");
		expect(outcome.stdout.text).toBe("");
	});

	it("reports exit codes 1 and 3 as they are", async () => {
		expect(expectKind(await runProcess(fixture("exit-with.mjs", ["1"])), "exited").code).toBe(1);
		expect(expectKind(await runProcess(fixture("exit-with.mjs", ["3", "oops"])), "exited").code).toBe(3);
	});

	it("reports a missing command in shell form as exit 127, not as a spawn failure", async () => {
		const outcome = expectKind(await runProcess(shell("nonexistent-cmd-xyz")), "exited");
		expect(outcome.code).toBe(127);
		expect(outcome.stderr.text).toContain("nonexistent-cmd-xyz");
	});

	it("reports a non-executable script run through sh as exit 126", async () => {
		const script = join(dir, "hook.sh");
		writeFileSync(script, "#!/bin/sh\necho hi\n");
		chmodSync(script, 0o644);
		expect(expectKind(await runProcess(shell('"$1"', [script])), "exited").code).toBe(126);
	});

	it("decodes invalid UTF-8 in stdout as U+FFFD without failing", async () => {
		const outcome = expectKind(await runProcess(fixture("invalid-utf8.mjs")), "exited");
		expect(outcome.stdout.text.startsWith("ok ")).toBe(true);
		expect(outcome.stdout.text).toContain("\uFFFD");
		expect(outcome.stdout.bytes).toBe(8);
	});

	it("keeps only the cap of 50 MB of stdout, counts all of it, and lets the hook exit normally", async () => {
		const total = 50 * MIB;
		const outcome = expectKind(await runProcess(fixture("flood.mjs", [String(total)])), "exited");
		expect(outcome.code).toBe(0);
		expect(outcome.stdout.truncated).toBe(true);
		expect(outcome.stdout.bytes).toBe(total);
		const marker = `\n[pi-hook-manager: output truncated: kept ${MIB} of ${total} bytes]`;
		expect(outcome.stdout.text.endsWith(marker)).toBe(true);
		const kept = outcome.stdout.text.slice(0, -marker.length);
		expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(MIB);
		expect(kept).toMatch(/^a+$/);
	});

	it("cuts stdout and stderr at the cap without splitting a multi-byte character", async () => {
		const text = "é".repeat(1000); // 2000 bytes; a cap of 1001 bytes falls inside a character
		const spec = fixture("exit-with.mjs", ["0", text], { stdin: text, maxOutputBytes: 1001 });
		const echoed = expectKind(await runProcess({ ...spec, args: [join(BIN, "echo-stdin.mjs")] }), "exited");
		const written = expectKind(await runProcess(spec), "exited");
		for (const output of [echoed.stdout, written.stderr]) {
			expect(output.truncated).toBe(true);
			expect(output.bytes).toBe(2000);
			const marker = "\n[pi-hook-manager: output truncated: kept 1000 of 2000 bytes]";
			expect(output.text).toBe(`${"é".repeat(500)}${marker}`);
		}
	});

	it("ignores the EPIPE of a hook that exits without reading 5 MB of stdin", async () => {
		const outcome = await runProcess(fixture("ignore-stdin.mjs", [], { stdin: "x".repeat(5 * MIB) }));
		expect(expectKind(outcome, "exited").code).toBe(0);
	});

	it("reports a hook that killed itself with SIGKILL as signaled", async () => {
		expect(expectKind(await runProcess(fixture("self-kill.mjs")), "signaled").signal).toBe("SIGKILL");
	});

	it("runs two hooks in parallel, each with its own stdin and outcome", async () => {
		const [first, second] = await Promise.all([
			runProcess(fixture("echo-stdin.mjs", [], { stdin: "first" })),
			runProcess(fixture("exit-with.mjs", ["2", "second"])),
		]);
		expect(expectKind(first, "exited").stdout.text).toBe("first");
		const other = expectKind(second, "exited");
		expect([other.code, other.stderr.text]).toEqual([2, "second"]);
	});
});

describe("runProcess spawn failures", () => {
	it("reports a missing exec-form binary as spawn_failed naming the path", async () => {
		const missing = join(dir, "no-such-hook");
		const outcome = expectKind(await runProcess(fixture("x", [], { file: missing, args: [] })), "spawn_failed");
		expect(outcome.message).toContain(missing);
		expect(outcome.message).toContain("ENOENT");
	});

	it("reports a non-executable exec-form file as spawn_failed", async () => {
		const script = join(dir, "hook.sh");
		writeFileSync(script, "#!/bin/sh\necho hi\n");
		chmodSync(script, 0o644);
		const outcome = expectKind(await runProcess(fixture("x", [], { file: script, args: [] })), "spawn_failed");
		expect(outcome.message).toContain(script);
		expect(outcome.message).toContain("EACCES");
	});

	it("reports a working directory that does not exist as spawn_failed naming it", async () => {
		const cwd = join(dir, "missing-dir");
		const outcome = expectKind(await runProcess(shell("true", [], { cwd })), "spawn_failed");
		expect(outcome.message).toContain(cwd);
		expect(outcome.message).toContain("/bin/sh");
	});

	it("rejects a bad spec before spawning, echoing the bad value", async () => {
		const marker = join(dir, "ran");
		const negative = expectKind(await runProcess(shell('touch "$1"', [marker], { timeoutMs: -1 })), "spawn_failed");
		expect(negative.message).toContain("timeoutMs");
		expect(negative.message).toContain("-1");
		const zero = expectKind(await runProcess(shell('touch "$1"', [marker], { maxOutputBytes: 0 })), "spawn_failed");
		expect(zero.message).toMatch(/maxOutputBytes .*got 0$/);
		const nanSpec = shell('touch "$1"', [marker], { killGraceMs: Number.NaN });
		const nan = expectKind(await runProcess(nanSpec), "spawn_failed");
		expect(nan.message).toContain("NaN");
		const empty = expectKind(await runProcess(shell("true", [], { file: "" })), "spawn_failed");
		expect(empty.message).toContain('""');
		expect(existsSync(marker)).toBe(false);
	});
});

describe("runProcess timeout, abort and process-group cleanup", () => {
	it("times out a hook that never exits", async () => {
		const outcome = expectKind(await runProcess(fixture("sleep-forever.mjs", [], { timeoutMs: 500 })), "timed_out");
		expect(outcome.timeoutMs).toBe(500);
		expect(outcome.durationMs).toBeGreaterThanOrEqual(500);
	});

	it("kills the whole process group when a shell hook with a background job times out", async () => {
		const pidFile = join(dir, "pid");
		const spec = shell('echo $$ > "$1"; sleep 1000 & sleep 1000', [pidFile], { timeoutMs: 1_000 });
		expectKind(await runProcess(spec), "timed_out");
		await expectGroupGone(readPid(pidFile));
	});

	it("SIGKILLs a hook that ignores SIGTERM once the grace period is over", async () => {
		const spec = fixture("ignore-sigterm.mjs", [], { timeoutMs: 2_000, killGraceMs: 300 });
		const outcome = expectKind(await runProcess(spec), "timed_out");
		expect(outcome.stdout.text).toBe("SIGTERM ignored\n");
		expect(outcome.durationMs).toBeGreaterThanOrEqual(2_300);
	});

	it("resolves when the hook exits though a background job holds stdout; the job lives until reaped", async () => {
		const pidFile = join(dir, "pid");
		const spec = shell('echo $$ > "$1"; sleep 30 & echo done', [pidFile]);
		const outcome = expectKind(await runProcess(spec), "exited");
		expect(outcome.code).toBe(0);
		expect(outcome.stdout.text).toBe("done\n");
		// Claude Code leaves a hook's background jobs alone (notifiers rely on it) ...
		expect(liveGroupMembers(readPid(pidFile)).length).toBeGreaterThan(0);
		// ... and the session end reaps them.
		expect(reapLingeringGroups()).toBeGreaterThanOrEqual(1);
		await expectGroupGone(readPid(pidFile));
	});

	it("aborts a running hook, kills its SIGTERM-ignoring grandchild, and removes its abort listener", async () => {
		const infoFile = join(dir, "info.json");
		const controller = new AbortController();
		const removeListener = vi.spyOn(controller.signal, "removeEventListener");
		const run = runProcess(fixture("spawn-grandchild.mjs", [infoFile], { killGraceMs: 20_000 }), controller.signal);
		await waitFor(() => existsSync(infoFile) && readFileSync(infoFile, "utf-8").endsWith("}"), "the grandchild");
		const { pid, grandchild } = JSON.parse(readFileSync(infoFile, "utf-8")) as { pid: number; grandchild: number };
		controller.abort();
		expectKind(await run, "aborted");
		expect(removeListener).toHaveBeenCalledWith("abort", expect.any(Function));
		await expectGroupGone(pid);
		expect(liveGroupMembers(pid)).not.toContain(grandchild);
	});

	it("returns aborted for an already-aborted signal without running the hook or waiting", async () => {
		const marker = join(dir, "ran");
		const spec = shell('touch "$1"; sleep 1000', [marker], { timeoutMs: 600_000 });
		expectKind(await runProcess(spec, AbortSignal.abort()), "aborted");
		expect(existsSync(marker)).toBe(false);
	});
});
