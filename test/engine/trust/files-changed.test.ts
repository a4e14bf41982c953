/**
 * The per-run trust check in the engine: a project hook that `stillApproved` turns down does not run (not-run
 * reason `files_changed`), blocks with `onFailure: "block"`, is told to `onApprovalLost`; a user's hook and the
 * no-match path never ask the check. What runs beside the event (`settle`, handed the tool call's id) ends before
 * the check.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { createEngine } from "../../../src/engine/dispatch/dispatch.ts";
import type { DispatchRequest } from "../../../src/engine/dispatch/types.ts";
import { preToolUse } from "../../../src/engine/flow/tool-call.ts";
import type { HookEntry, HookSource } from "../../../src/engine/types.ts";
import { engineDeps } from "../../support/engine-deps.ts";
import { engineSession } from "../../support/engine-session.ts";
import { toolMoment } from "../../support/tool-moment.ts";

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "phm-files-changed-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const user: HookSource = { scope: "claude-user", file: "/u/settings.json", project: false };
const project: HookSource = { scope: "claude-project", file: "/p/.claude/settings.json", project: true };
const touch = (name: string, extra: Record<string, unknown> = {}) => ({
	hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `touch ${name}`, ...extra }] }] },
});
const request = (tool = "Bash") => ({
	event: "PreToolUse" as const,
	matchValues: [tool, tool.toLowerCase()],
	tool: { ccToolName: tool, ccInput: { command: "ls" } },
	payload: { hook_event_name: "PreToolUse", tool_name: tool, tool_input: { command: "ls" } },
	session: engineSession(dir, { sessionId: "S1" }),
});

const engineWith = (
	projectExtra: Record<string, unknown> = {},
	settle: (request: DispatchRequest) => Promise<void> | undefined = () => undefined,
	approved = false,
) => {
	const config = mergeSources(
		[
			parseSettingsText(JSON.stringify(touch("user.txt")), user),
			parseSettingsText(JSON.stringify(touch("project.txt", projectExtra)), project),
		],
		true,
	);
	const asked: string[] = [];
	const lost: HookEntry[][] = [];
	const engine = createEngine(
		engineDeps({
			config: () => config,
			trust: {
				stillApproved: (entry) => {
					asked.push(entry.source.scope);
					return approved;
				},
				onApprovalLost: (entries) => lost.push([...entries]),
				settle,
			},
		}),
	);
	return { engine, asked, lost };
};

describe("the per-run trust check", () => {
	it("stops a project hook whose covered files changed; the user's hook runs and is never checked", async () => {
		const { engine, asked, lost } = engineWith();
		const result = await engine.dispatch(request());
		expect(existsSync(join(dir, "user.txt"))).toBe(true);
		expect(existsSync(join(dir, "project.txt"))).toBe(false);
		expect(asked).toEqual(["claude-project"]);
		expect(result.record?.notRun.map((hook) => `${hook.entry.source.scope}:${hook.reason}`)).toEqual([
			"claude-project:files_changed",
		]);
		expect(result.verdicts.map((verdict) => verdict.status)).toEqual(["success"]);
		expect(lost.map((entries) => entries.map((entry) => entry.source.scope))).toEqual([["claude-project"]]);
	});

	it('blocks the event when the stopped hook says onFailure: "block"', async () => {
		const { engine } = engineWith({ onFailure: "block" });
		const result = await engine.dispatch(request());
		expect(existsSync(join(dir, "project.txt"))).toBe(false);
		const blocking = result.verdicts.filter((verdict) => verdict.status === "blocking");
		expect(blocking.map((verdict) => verdict.entry.source.scope)).toEqual(["claude-project"]);
		expect(blocking[0]?.message).toContain("a file its approval covers changed since you approved it");
	});

	it("is never asked on the no-match path", () => {
		const { engine, asked } = engineWith();
		const none = request("Read");
		expect(engine.recordIfNoneMatches({ ...none, summary: "", payload: () => none.payload })).toBe(true);
		expect(asked).toEqual([]);
	});

	it("checks only once what runs beside the event has ended (settle), and only for a project hook", async () => {
		let release: () => void = () => {};
		const order: string[] = [];
		const settle = () => {
			order.push("settle");
			return new Promise<void>((resolve) => {
				release = () => {
					order.push("released");
					resolve();
				};
			});
		};
		const { engine, asked } = engineWith({}, settle, true);
		const running = engine.dispatch(request());
		await new Promise((resolve) => setImmediate(resolve));
		expect(asked).toEqual([]);
		expect(existsSync(join(dir, "user.txt"))).toBe(false);
		release();
		await running;
		expect(order).toEqual(["settle", "released"]);
		expect(asked).toEqual(["claude-project"]);
		expect(existsSync(join(dir, "project.txt"))).toBe(true);
	});

	it("asks nothing to settle when no project hook matches, and a failing settle holds nothing", async () => {
		let settles = 0;
		const { engine } = engineWith({}, () => {
			settles += 1;
			return undefined;
		});
		const config = engineWith({}, () => Promise.reject(new Error("x")), true);
		await config.engine.dispatch(request());
		expect(existsSync(join(dir, "project.txt"))).toBe(true);
		await engine.dispatch(request("Write"));
		expect(settles).toBe(0);
	});

	it("is handed pi's call id as the tool flow got it (the late-read hold waits beside that call)", async () => {
		const ids: (string | undefined)[] = [];
		const { engine } = engineWith(
			{},
			(request) => {
				ids.push(request.toolCallId);
				return undefined;
			},
			true,
		);
		const ports = { engine, clock: () => 0, mcpNames: { claudeName: () => undefined } };
		const call = { toolName: "bash", toolCallId: "toolu_7", input: { command: "ls" } };
		await preToolUse(ports, call, toolMoment(dir));
		expect(ids).toEqual(["toolu_7"]);
	});
});
