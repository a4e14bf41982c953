/**
 * The session object in a real pi (pi's SDK in-process, the faux model, the real bash tool and real hook
 * processes): its parts share one configuration, one pi context and the injected clock and home.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import type { CustomEntry, ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Card } from "../../../src/engine/plan/card.ts";
import { reapLingeringGroups, runProcess } from "../../../src/engine/run/process.ts";
import { approvalsFile } from "../../../src/host/trust/approvals.ts";
import { CARD_ENTRY_TYPE } from "../../../src/pi/cards/card-entries.ts";
import { piOn } from "../../../src/pi/session/event-table.ts";
import { createHookSession, type HookSession } from "../../../src/pi/session/session.ts";
import { commandEntry } from "../../support/entries.ts";
import { fakeUi, type SdkRuntime, startSdkRuntime } from "../../support/pi-sdk.ts";

let root: string;
let pi: SdkRuntime | undefined;
let session: HookSession | undefined;
const CLOCK = 1_700_000_000_000;

beforeEach(() => {
	root = realpathSync(mkdtempSync(join(tmpdir(), "phm-session-")));
	mkdirSync(join(root, "project", ".claude"), { recursive: true });
	// pi's own HOME is not the home the session is given: `~` must follow the session's.
	mkdirSync(join(root, "env-home"), { recursive: true });
	vi.stubEnv("HOME", join(root, "env-home"));
	vi.stubEnv("PI_CODING_AGENT_DIR", join(root, "agent"));
});
afterEach(async () => {
	await pi?.dispose();
	pi = undefined;
	session = undefined;
	vi.unstubAllEnvs();
	rmSync(root, { recursive: true, force: true });
});

/**
 * The extension as index.ts builds it, but with a fixed clock and a home of the test's, keeping the session;
 * the entry renderers it registers are listed in `renderers`.
 */
const factory =
	(home: string, renderers: string[] = []) =>
	(api: ExtensionAPI) => {
		const listed: ExtensionAPI = new Proxy(api, {
			get: (target, key) =>
				key === "registerEntryRenderer"
					? (...args: Parameters<ExtensionAPI["registerEntryRenderer"]>) => {
							renderers.push(args[0]);
							target.registerEntryRenderer(...args);
						}
					: Reflect.get(target, key),
		});
		build(listed, home);
	};

const build = (api: ExtensionAPI, home: string): void => {
	const built = createHookSession(api, {
		runner: runProcess,
		reap: reapLingeringGroups,
		agentDir: () => join(root, "agent"),
		home: () => home,
		processEnv: { ...process.env },
		clock: () => CLOCK,
		approveOptIn: false,
	});
	session = built;
	const on = piOn(api);
	for (const row of built.events) on(row.event, row.handler);
};

const records = (runtime: SdkRuntime): Card[] =>
	runtime
		.session()
		.sessionManager.getEntries()
		.filter((entry): entry is CustomEntry => entry.type === "custom" && entry.customType === CARD_ENTRY_TYPE)
		.map((entry) => entry.data as Card);

describe("the session object", () => {
	it("has one row per pi event; the tool call and its result guard themselves, the others fail open", async () => {
		pi = await startSdkRuntime({
			cwd: join(root, "project"),
			agentDir: join(root, "agent"),
			extensions: [factory(join(root, "home"))],
		});
		const rows = session?.events ?? [];
		const names = rows.map((row) => row.event);
		expect(new Set(names).size).toBe(names.length);
		expect(names).toEqual(expect.arrayContaining(["session_start", "tool_call", "tool_result", "input"]));
		const guardedItself = rows.filter((row) => row.guard === "itself").map((row) => row.event);
		expect(guardedItself.sort()).toEqual([
			"context",
			"tool_call",
			"tool_execution_end",
			"tool_execution_start",
			"tool_result",
		]);
	});

	it("stamps an approval with the session's clock", async () => {
		const project = join(root, "project");
		writeFileSync(
			join(project, ".claude", "settings.json"),
			JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] } }),
		);
		pi = await startSdkRuntime({
			cwd: project,
			agentDir: join(root, "agent"),
			extensions: [factory(join(root, "home"))],
		});
		const waiting = session?.runtime.config()?.skipped.map((skipped) => skipped.entry) ?? [];
		expect(waiting).toHaveLength(1);
		expect(session?.runtime.approve(waiting)).toBeUndefined();
		const saved = JSON.parse(readFileSync(approvalsFile(join(root, "agent")), "utf8")) as unknown;
		expect(JSON.stringify(saved)).toContain(`"at":"${new Date(CLOCK).toISOString()}"`);
	});

	it("counts the hooks in the footer again after an approval and after a settings file changed", async () => {
		const project = join(root, "project");
		const home = join(root, "home");
		mkdirSync(join(home, ".claude"), { recursive: true });
		writeFileSync(
			join(project, ".claude", "settings.json"),
			JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] } }),
		);
		const { ui } = fakeUi();
		pi = await startSdkRuntime({
			cwd: project,
			agentDir: join(root, "agent"),
			extensions: [factory(home)],
			mode: "rpc",
			ui,
		});
		const cards = session?.cards;
		if (cards === undefined || session === undefined) throw new Error("the session did not start");
		expect(cards.statusText()).toBe("hooks 1 waiting for approval");
		// Approved outside the dialog's own path (the panel, the editor's save): the footer follows at once.
		const waiting = session.runtime.config()?.skipped.map((skipped) => skipped.entry) ?? [];
		expect(session.runtime.approve(waiting)).toBeUndefined();
		expect(cards.statusText()).toBeUndefined();
		// A new project hook written to the file (as the editor saves): the next read counts it as waiting.
		writeFileSync(
			join(project, ".claude", "settings.json"),
			JSON.stringify({
				hooks: {
					Stop: [
						{
							hooks: [
								{ type: "command", command: "true" },
								{ type: "command", command: "date" },
							],
						},
					],
				},
			}),
		);
		session.runtime.reload();
		session.runtime.config();
		expect(cards.statusText()).toBe("hooks 1 waiting for approval");
	});

	it("registers the card renderer and rebuilds the decision history on session_start and session_tree", async () => {
		const home = join(root, "home");
		mkdirSync(join(home, ".claude"), { recursive: true });
		const guard = { type: "command", command: "echo 'no rm' >&2; exit 2" };
		writeFileSync(
			join(home, ".claude", "settings.json"),
			JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [guard] }] } }),
		);
		const renderers: string[] = [];
		pi = await startSdkRuntime({
			cwd: join(root, "project"),
			agentDir: join(root, "agent"),
			extensions: [factory(home, renderers)],
		});
		expect(renderers).toEqual([CARD_ENTRY_TYPE]);
		pi.faux.setResponses([
			fauxAssistantMessage(fauxToolCall("bash", { command: "rm -rf build" }), { stopReason: "toolUse" }),
			fauxAssistantMessage("done"),
		]);
		await pi.session().prompt("clean up");
		expect(records(pi).map((record) => record.kind)).toEqual(["block"]);
		expect(session?.cards.counts().blocked).toBe(1);
		// Moving in the tree to before the prompt (session_tree): the branch holds no decision any more.
		const entries = pi.session().sessionManager.getEntries();
		const prompt = entries.find((entry) => entry.type === "message" && entry.message.role === "user");
		const last = entries.at(-1);
		if (prompt === undefined || last === undefined) throw new Error("no prompt entry");
		await pi.session().navigateTree(prompt.id);
		expect(session?.cards.counts().blocked).toBe(0);
		await pi.session().navigateTree(last.id);
		expect(session?.cards.counts().blocked).toBe(1);
		// A fork is a new session (session_start): its history is rebuilt from the branch it starts with.
		pi.faux.setResponses([fauxAssistantMessage("ok")]);
		await pi.session().prompt("thanks");
		const second = pi
			.session()
			.sessionManager.getBranch()
			.findLast((entry) => entry.type === "message" && entry.message.role === "user");
		if (second === undefined) throw new Error("no second prompt");
		const before = session;
		await pi.fork(second.id);
		expect(session).not.toBe(before);
		expect(session?.cards.counts().blocked).toBe(1);
	});

	it("owns the configuration, the latest pi context, the decision log and the clock", async () => {
		// A user hook (no approval needed) whose `if` names a file under the session's home; it keeps its stdin.
		const home = join(root, "home");
		const stdin = join(root, "stdin.json");
		mkdirSync(join(home, ".claude"), { recursive: true });
		writeFileSync(
			join(home, ".claude", "settings.json"),
			JSON.stringify({
				hooks: {
					PreToolUse: [
						{
							matcher: "Read",
							hooks: [
								{
									type: "command",
									command: `cat > '${stdin}'; echo 'no secrets' >&2; exit 2`,
									if: "Read(~/secret.txt)",
								},
							],
						},
					],
				},
			}),
		);
		pi = await startSdkRuntime({
			cwd: join(root, "project"),
			agentDir: join(root, "agent"),
			extensions: [factory(home)],
		});
		expect(session?.runtime.config()?.entries).toHaveLength(1);
		expect(session?.ctx()?.cwd).toBe(join(root, "project"));
		pi.faux.setResponses([
			fauxAssistantMessage(fauxToolCall("read", { path: "~/secret.txt" }), { stopReason: "toolUse" }),
			fauxAssistantMessage("done"),
		]);
		await pi.session().prompt("read my secret");
		const [record, ...rest] = records(pi);
		expect(rest).toEqual([]);
		// `~` resolved against the session's home; the record stamped by the session's clock.
		expect(record).toMatchObject({ kind: "block", tool: "Read", time: CLOCK, said: ["no secrets\n"] });
		expect(session?.cards.counts().blocked).toBe(1);
		expect(JSON.parse(readFileSync(stdin, "utf8")).tool_input.file_path).toBe(join(home, "secret.txt"));
	});
	it("forgets a hook still running when the session ends, so no footer timer outlives the session", async () => {
		const { ui, log } = fakeUi();
		pi = await startSdkRuntime({
			cwd: join(root, "project"),
			agentDir: join(root, "agent"),
			extensions: [factory(join(root, "home"))],
			mode: "rpc",
			ui,
		});
		const cards = session?.cards;
		const ctx = session?.ctx();
		if (cards === undefined || ctx === undefined) throw new Error("the session did not start");
		// A hook that started and never ends (as one pi's shutdown no longer waits for): the footer shows it.
		cards.runStarted(commandEntry("./hooks/hang.sh"), ctx);
		await expect.poll(() => cards.statusText()).toBe("hooks running hang.sh");
		await pi.dispose();
		pi = undefined;
		expect(cards.statusText()).toBeUndefined();
		expect(log.lastStatus("pi-hook-manager")).toBe("hooks running hang.sh");
	});

	it("logs a call no hook matches with its stdin, built when read, carrying the session's facts", async () => {
		const home = join(root, "home");
		mkdirSync(join(home, ".claude"), { recursive: true });
		const readOnly = [{ matcher: "Read", hooks: [{ type: "command", command: "exit 0" }] }];
		writeFileSync(
			join(home, ".claude", "settings.json"),
			JSON.stringify({ hooks: { PreToolUse: readOnly, PostToolUse: readOnly } }),
		);
		pi = await startSdkRuntime({
			cwd: join(root, "project"),
			agentDir: join(root, "agent"),
			extensions: [factory(home)],
		});
		pi.faux.setResponses([
			fauxAssistantMessage(fauxToolCall("bash", { command: "echo hi" }), { stopReason: "toolUse" }),
			fauxAssistantMessage("done"),
		]);
		await pi.session().prompt("say hi");
		const rows = [...(session?.manager.log.records() ?? [])].reverse();
		expect(rows.map((row) => [row.event, row.summary, row.verdicts.length])).toEqual([
			["PreToolUse", "echo hi", 0],
			["PostToolUse", "echo hi", 0],
		]);
		const sessionId = pi.session().sessionManager.getSessionId();
		const [pre, post] = rows.map((row) => JSON.parse(row.stdin));
		expect(pre).toMatchObject({
			session_id: sessionId,
			cwd: join(root, "project"),
			hook_event_name: "PreToolUse",
			tool_name: "Bash",
			tool_input: { command: "echo hi" },
		});
		expect(post).toMatchObject({ session_id: sessionId, hook_event_name: "PostToolUse", tool_name: "Bash" });
		expect(rows.map((row) => row.notRun.map((hook) => hook.reason))).toEqual([["matcher"], ["matcher"]]);
	});
});
