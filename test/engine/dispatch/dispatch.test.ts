import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { createEngine } from "../../../src/engine/dispatch/dispatch.ts";
import type { FiringRecord } from "../../../src/engine/record/firing-record.ts";
import type { HookEntry } from "../../../src/engine/types.ts";
import { engineDeps } from "../../support/engine-deps.ts";
import { engineSession } from "../../support/engine-session.ts";

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "phm-engine-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const configOf = (hooks: unknown) =>
	mergeSources(
		[
			parseSettingsText(JSON.stringify({ hooks }), {
				scope: "claude-user",
				file: "/u/settings.json",
				project: false,
			}),
		],
		true,
	);
const session = () => engineSession(dir, { sessionId: "S1", transcriptPath: "/t.jsonl" });
const bashRequest = (command: string) => ({
	event: "PreToolUse" as const,
	matchValues: ["Bash", "bash"],
	tool: { ccToolName: "Bash", ccInput: { command } },
	payload: { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } },
	session: session(),
});
const cmd = (command: string, extra: Record<string, unknown> = {}) => ({ type: "command", command, ...extra });

describe("createEngine with the real runner", () => {
	it("runs matching hooks with the stdin JSON and CLAUDE_PROJECT_DIR, recording why the others did not", async () => {
		const records: FiringRecord[] = [];
		const config = configOf({
			PreToolUse: [
				{
					matcher: "Bash",
					hooks: [cmd(`cat > "${dir}/stdin.json"; printf %s "$CLAUDE_PROJECT_DIR" > "${dir}/env.txt"`)],
				},
				{ matcher: "Read", hooks: [cmd("echo never")] },
				{ matcher: "Bash", hooks: [cmd("echo never-if", { if: "Bash(git *)" })] },
			],
		});
		let disabled: HookEntry | undefined;
		const engine = createEngine(
			engineDeps({
				config: () => config,
				switches: { isEnabled: (entry) => entry !== disabled },
				observers: { onRecord: (record) => records.push(record) },
			}),
		);
		const result = await engine.dispatch(bashRequest("ls"));
		expect(result.verdicts.map((v) => v.status)).toEqual(["success"]);
		expect(JSON.parse(readFileSync(join(dir, "stdin.json"), "utf8"))).toEqual(bashRequest("ls").payload);
		expect(readFileSync(join(dir, "env.txt"), "utf8")).toBe(dir);
		expect(records[0]?.notRun.map((n) => n.reason)).toEqual(["matcher", "if"]);

		disabled = config.entries[0];
		const second = await engine.dispatch(bashRequest("ls"));
		expect(second.verdicts).toEqual([]);
		expect(records[1]?.notRun.map((n) => n.reason)).toEqual(["disabled", "matcher", "if"]);
	});

	it("runs the same command once even in two groups, and all distinct hooks in parallel", async () => {
		const slow = (name: string) =>
			cmd(`date +%s%N > "${dir}/${name}.start"; sleep 0.5; date +%s%N > "${dir}/${name}.end"`);
		const config = configOf({
			PreToolUse: [
				{ matcher: "Bash", hooks: [slow("a"), slow("b")] },
				{ matcher: "*", hooks: [slow("a")] },
			],
		});
		const engine = createEngine(engineDeps({ config: () => config }));
		const result = await engine.dispatch(bashRequest("ls"));
		expect(result.verdicts).toHaveLength(2);
		expect(result.record?.notRun.map((n) => n.reason)).toEqual(["duplicate"]);
		const time = (file: string) => BigInt(readFileSync(join(dir, file), "utf8").trim());
		expect(time("a.start")).toBeLessThan(time("b.end"));
		expect(time("b.start")).toBeLessThan(time("a.end"));
	});

	it("honours disableAllHooks and the kill switch, and an if rule on a non-tool event never runs", async () => {
		const config = { ...configOf({ PreToolUse: [{ hooks: [cmd("exit 2")] }] }), disableAllHooks: true };
		const engine = createEngine(engineDeps({ config: () => config }));
		expect((await engine.dispatch(bashRequest("ls"))).record?.notRun.map((n) => n.reason)).toEqual(["all_off"]);

		let off = true;
		const live = configOf({
			PreToolUse: [{ hooks: [cmd("exit 2")] }],
			Stop: [{ hooks: [cmd("exit 2", { if: "Bash(*)" })] }],
		});
		const switched = createEngine(engineDeps({ config: () => live, switches: { allOff: () => off } }));
		expect((await switched.dispatch(bashRequest("ls"))).verdicts).toEqual([]);
		off = false;
		expect((await switched.dispatch(bashRequest("ls"))).verdicts.map((v) => v.status)).toEqual(["blocking"]);
		const stop = await switched.dispatch({ event: "Stop", matchValues: [], payload: {}, session: session() });
		expect(stop.record?.notRun.map((n) => n.reason)).toEqual(["if"]);
	});

	it("exec form passes ${CLAUDE_PROJECT_DIR} arguments as one argument each, without a shell", async () => {
		const config = configOf({
			PreToolUse: [
				{
					hooks: [
						{
							type: "command",
							command: process.execPath,
							args: [
								"-e",
								"require('fs').writeFileSync(process.argv[1], process.argv.length + ':' + " +
									"process.argv[1])",
								"${CLAUDE_PROJECT_DIR}/a b.txt",
							],
						},
					],
				},
			],
		});
		const engine = createEngine(engineDeps({ config: () => config }));
		await engine.dispatch(bashRequest("ls"));
		expect(readFileSync(join(dir, "a b.txt"), "utf8")).toBe(`2:${join(dir, "a b.txt")}`);
	});

	it("says which background hooks it started, though their verdicts come later", async () => {
		const config = configOf({
			PreToolUse: [{ matcher: "Bash", hooks: [cmd("sleep 0", { async: true }), cmd("true")] }],
		});
		const engine = createEngine(engineDeps({ config: () => config }));
		const result = await engine.dispatch(bashRequest("ls"));
		const [background, awaited] = config.entries;
		expect(result.verdicts.map((verdict) => verdict.entry.id)).toEqual([awaited?.id]);
		expect(result.background).toEqual([background?.id]);
	});

	it("does nothing, cheaply, for an event without hooks", async () => {
		const engine = createEngine(engineDeps({ config: () => configOf({}) }));
		expect(engine.hasHooks("PreToolUse")).toBe(false);
		expect(await engine.dispatch(bashRequest("ls"))).toEqual({ verdicts: [], background: [], record: undefined });
	});
});

describe("commandSpec", () => {
	it("leaves ${CLAUDE_PROJECT_DIR} in a shell command to the shell: a folder name cannot inject code", async () => {
		const project = join(dir, "p $(touch INJECTED) x");
		mkdirSync(project);
		const config = configOf({
			PreToolUse: [{ hooks: [cmd('printf %s "${CLAUDE_PROJECT_DIR}" > "$CLAUDE_PROJECT_DIR/seen.txt"')] }],
		});
		const engine = createEngine(engineDeps({ config: () => config }));
		await engine.dispatch({ ...bashRequest("ls"), session: { ...session(), cwd: project, projectDir: project } });
		expect(readFileSync(join(project, "seen.txt"), "utf8")).toBe(project);
		expect(existsSync(join(project, "INJECTED"))).toBe(false);
		expect(existsSync(join(dir, "INJECTED"))).toBe(false);
	});
});
