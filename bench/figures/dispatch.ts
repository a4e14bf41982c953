/**
 * The fake-context figure of a tool call: the time in the extension's `tool_call` handler when 200 hooks are
 * configured and none matches, through the real runtime (createRuntime) with a fake pi context holding only what it
 * reads. The real figure is measured inside pi (in-pi.ts); this one stays as the table's second column.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExtensionContext, SessionStartEvent, ToolCallEvent } from "@earendil-works/pi-coding-agent";
import type { ProcessRunner } from "../../src/engine/ports.ts";
import { createRuntime } from "../../src/pi/session/runtime.ts";
import { median } from "../stats.ts";

/** Matchers people write that do not match Bash: exact names, lists and regexes. */
const MATCHERS = [
	"Read",
	"Edit|Write",
	"mcp__github__.*",
	"^Notebook",
	"Glob|Grep",
	"WebFetch",
	"Task",
	"mcp__memory__create_entities",
	"LS",
	"Write",
];

/** `hooks` for `count` PreToolUse hooks, each in its own group, none of which matches Bash. */
const nonMatchingHooks = (count: number): Record<string, unknown> => ({
	PreToolUse: Array.from({ length: count }, (_, i) => ({
		matcher: MATCHERS[i % MATCHERS.length],
		hooks: [
			{
				type: "command",
				command: `"$CLAUDE_PROJECT_DIR"/.claude/hooks/check-${i}.sh`,
				...(i % 7 === 0 ? { if: "Edit(*.ts)" } : {}),
			},
		],
	})),
});

/** The fields of pi's ExtensionContext the runtime reads on session_start and tool_call. */
const fakeContext = (cwd: string): ExtensionContext =>
	({
		cwd,
		hasUI: false,
		mode: "print",
		signal: undefined,
		isProjectTrusted: () => true,
		abort: () => {},
		sessionManager: { getSessionId: () => "bench-session", getSessionFile: () => undefined, getBranch: () => [] },
		ui: { notify: () => {}, setStatus: () => {} },
	}) as unknown as ExtensionContext;

/** Per-call milliseconds of `calls` tool_call events through a runtime over `hookCount` non-matching hooks. */
const measureCalls = async (hookCount: number, calls: number, runs: number): Promise<number[]> => {
	const root = mkdtempSync(join(tmpdir(), "phm-bench-dispatch-"));
	try {
		const home = join(root, "home");
		const project = join(root, "project");
		for (const dir of [join(home, ".claude"), join(root, "agent"), project]) mkdirSync(dir, { recursive: true });
		writeFileSync(join(home, ".claude", "settings.json"), JSON.stringify({ hooks: nonMatchingHooks(hookCount) }));
		let spawned = 0;
		const runner: ProcessRunner = async () => {
			spawned++;
			return { kind: "spawn_failed", message: "the benchmark's hooks must not run", durationMs: 0 };
		};
		let records = 0;
		const ctx = fakeContext(project);
		const runtime = createRuntime({
			pi: { sendMessage: () => {}, getCommands: () => [], getAllTools: () => [] },
			runner,
			agentDir: () => join(root, "agent"),
			home: () => home,
			env: { PATH: process.env.PATH },
			processEnv: {},
			reap: () => {},
			clock: Date.now,
			approveOptIn: false,
			observers: { onRecord: () => void records++, onCard: () => {}, onRunStart: () => {}, onRunEnd: () => {} },
			switches: { isEnabled: () => true, allOff: () => false, switchSignal: () => undefined },
			currentCtx: () => ctx,
		});
		await runtime.start({ type: "session_start", reason: "startup" } as SessionStartEvent, ctx);
		if ((runtime.config()?.entries.length ?? 0) !== hookCount)
			throw new Error(`expected ${hookCount} hooks, got ${runtime.config()?.entries.length}`);
		const times: number[] = [];
		let id = 0;
		const call = async (): Promise<number> => {
			const event = {
				type: "tool_call",
				toolName: "bash",
				toolCallId: `call_${id++}`,
				input: { command: "ls -la src" },
			} as ToolCallEvent;
			const start = performance.now();
			const result = await runtime.toolCall(event, ctx);
			const elapsed = performance.now() - start;
			if (result !== undefined) throw new Error(`a tool call was blocked: ${JSON.stringify(result)}`);
			return elapsed;
		};
		for (let i = 0; i < calls; i++) await call(); // warm-up: JIT, caches
		for (let run = 0; run < runs; run++) for (let i = 0; i < calls; i++) times.push(await call());
		if (spawned > 0) throw new Error("a hook matched: the benchmark configuration is wrong");
		if (hookCount > 0 && records === 0) throw new Error("no firing records: the hooks were not considered");
		return times;
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
};

/**
 * The fake-context figure (the second column of the issue 11 table): median milliseconds of one `tool_call` through
 * `createRuntime` with 200 non-matching hooks, called directly (no pi around it).
 */
export const microDispatch = async (): Promise<number> => median(await measureCalls(200, 1000, 3));
