/**
 * The per-session hook runtime on its own in a real pi (pi's SDK in-process, the faux model, the real bash
 * tool and real hook processes, settings files in a temp home): it loads the configuration at session_start,
 * runs SessionStart hooks, wires the tool events to the engine, reports firing records and decisions with the
 * injected clock, honours switched-off hooks and the kill switch, and runs a panel test without deciding.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FiringRecord } from "../../../src/engine/engine.ts";
import type { Card } from "../../../src/engine/plan/card.ts";
import type { ProcessRunner } from "../../../src/engine/ports.ts";
import { reapLingeringGroups, runProcess } from "../../../src/engine/run/process.ts";
import type { HookEntry } from "../../../src/engine/types.ts";
import { createRuntime, type HookRuntime } from "../../../src/pi/session/runtime.ts";
import { type SdkRuntime, startSdkRuntime } from "../../support/pi-sdk.ts";

let root: string;
let home: string;
let project: string;
let pi: SdkRuntime | undefined;
const CLOCK = 1_700_000_000_000;

beforeEach(() => {
	root = realpathSync(mkdtempSync(join(tmpdir(), "phm-runtime-")));
	home = join(root, "home");
	project = join(root, "project");
	mkdirSync(join(home, ".claude"), { recursive: true });
	mkdirSync(join(root, "managed"), { recursive: true });
	mkdirSync(project, { recursive: true });
	vi.stubEnv("HOME", home);
	vi.stubEnv("PI_CODING_AGENT_DIR", join(root, "agent"));
});
afterEach(async () => {
	await pi?.dispose();
	pi = undefined;
	vi.unstubAllEnvs();
	rmSync(root, { recursive: true, force: true });
});

type Hooks = Record<string, { matcher?: string; hooks: Record<string, unknown>[] }[]>;

interface Started {
	readonly runtime: HookRuntime;
	readonly records: FiringRecord[];
	readonly decisions: Card[];
	readonly switches: { off: Set<string>; allOff: boolean };
}

/** Writes the user settings file and starts pi with only the runtime wired to its events. */
const start = async (hooks: Hooks, runner: ProcessRunner = runProcess): Promise<Started> => {
	writeFileSync(join(home, ".claude", "settings.json"), JSON.stringify({ hooks }));
	const records: FiringRecord[] = [];
	const decisions: Card[] = [];
	const switches = { off: new Set<string>(), allOff: false };
	let runtime: HookRuntime | undefined;
	// The session object's part: the pi context of the latest event, which the runtime reads.
	let current: ExtensionContext | undefined;
	const enter = (ctx: ExtensionContext): ExtensionContext => {
		current = ctx;
		return ctx;
	};
	const factory = (api: ExtensionAPI) => {
		runtime = createRuntime({
			pi: api,
			runner,
			reap: reapLingeringGroups,
			agentDir: () => join(root, "agent"),
			home: () => home,
			env: { ...process.env },
			processEnv: { ...process.env },
			clock: () => CLOCK,
			approveOptIn: false,
			managedDir: () => join(root, "managed"),
			observers: {
				onRecord: (record) => void records.push(record),
				onCard: (record) => void decisions.push(record),
				onRunStart: () => {},
				onRunEnd: () => {},
			},
			switches: {
				isEnabled: (entry: HookEntry) => !switches.off.has(entry.id),
				allOff: () => switches.allOff,
				switchSignal: () => undefined,
			},
			currentCtx: () => current,
		});
		const live = runtime;
		api.on("session_start", (event, ctx) => live.start(event, enter(ctx)));
		api.on("before_agent_start", (_event, ctx) => live.beforeAgentStart(enter(ctx)));
		api.on("tool_call", (event, ctx) => live.toolCall(event, enter(ctx)));
		api.on("tool_result", (event, ctx) => live.toolResult(event, enter(ctx)));
		api.on("session_shutdown", (event, ctx) => live.shutdown(event, enter(ctx)));
	};
	pi = await startSdkRuntime({ cwd: project, agentDir: join(root, "agent"), extensions: [factory] });
	if (runtime === undefined) throw new Error("no runtime");
	return { runtime, records, decisions, switches };
};

const runBash = async (command: string): Promise<void> => {
	if (pi === undefined) throw new Error("pi not started");
	pi.faux.setResponses([
		fauxAssistantMessage(fauxToolCall("bash", { command }), { stopReason: "toolUse" }),
		fauxAssistantMessage("done"),
	]);
	await pi.session().prompt("run it");
};

const BLOCK_RM = { matcher: "Bash", hooks: [{ type: "command", command: "echo 'no rm' >&2; exit 2" }] };

describe("the hook runtime", () => {
	it("loads the user's hooks at session_start and runs SessionStart hooks with the session facts", async () => {
		const stdin = join(root, "session-start.json");
		const { runtime } = await start({
			SessionStart: [{ hooks: [{ type: "command", command: `cat > '${stdin}'` }] }],
			PreToolUse: [BLOCK_RM],
		});
		expect(runtime.config()?.entries.map((entry) => entry.event)).toEqual(["SessionStart", "PreToolUse"]);
		expect(runtime.session()).toMatchObject({ cwd: project, projectDir: project, home });
		expect(JSON.parse(readFileSync(stdin, "utf8"))).toMatchObject({
			hook_event_name: "SessionStart",
			source: "startup",
			cwd: project,
			session_id: runtime.session()?.sessionId,
		});
	});

	it("loads the runner's code in the background at the first prompt, not at start-up, and once", async () => {
		let warmed = 0;
		const runner: ProcessRunner = Object.assign((...args: Parameters<ProcessRunner>) => runProcess(...args), {
			warm: () => {
				warmed += 1;
			},
		});
		await start({ PreToolUse: [BLOCK_RM] }, runner);
		expect(warmed).toBe(0);
		await runBash("true");
		await runBash("true");
		expect(warmed).toBe(1);
	});

	it("blocks a tool call through the engine, reporting the firing and decision stamped by its clock", async () => {
		const marker = join(root, "ran.txt");
		const { records, decisions } = await start({ PreToolUse: [BLOCK_RM] });
		await runBash(`touch '${marker}'`);
		expect(existsSync(marker)).toBe(false);
		expect(decisions).toEqual([expect.objectContaining({ kind: "block", tool: "Bash", time: CLOCK })]);
		const fired = records.filter((record) => record.event === "PreToolUse");
		expect(fired).toHaveLength(1);
		expect(fired[0]).toMatchObject({ time: CLOCK, matchQuery: "Bash" });
		expect(fired[0]?.verdicts.map((verdict) => verdict.status)).toEqual(["blocking"]);
	});

	it("does not run a hook the user switched off, nor any hook while the kill switch is on", async () => {
		const marker = join(root, "ran.txt");
		const { runtime, decisions, switches } = await start({ PreToolUse: [BLOCK_RM] });
		const [entry] = runtime.config()?.entries ?? [];
		if (entry === undefined) throw new Error("no entry");
		switches.off.add(entry.id);
		await runBash(`touch '${marker}'`);
		expect(existsSync(marker)).toBe(true);
		rmSync(marker);
		switches.off.clear();
		switches.allOff = true;
		await runBash(`touch '${marker}'`);
		expect(existsSync(marker)).toBe(true);
		expect(decisions).toEqual([]);
	});

	it("runs a panel test of a hook without deciding anything in the session", async () => {
		const { runtime, decisions } = await start({ PreToolUse: [BLOCK_RM] });
		const [entry] = runtime.config()?.entries ?? [];
		if (entry === undefined) throw new Error("no entry");
		const outcome = await runtime.testRun({
			entry,
			stdin: JSON.stringify({
				hook_event_name: "PreToolUse",
				tool_name: "Bash",
				tool_input: { command: "rm x" },
			}),
		});
		expect(outcome?.verdict.status).toBe("blocking");
		expect(outcome?.verdict.message).toContain("no rm");
		expect(outcome?.record.test).toBe(true);
		expect(decisions).toEqual([]);
	});
});
