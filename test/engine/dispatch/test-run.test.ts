/**
 * A test run in the engine, with the real runner: the given stdin goes to the real process with the real
 * hook environment, whatever the hook's matcher, `if`, switch or `async` say; the record is marked as a test
 * and no run-start observer hears of it.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { createEngine } from "../../../src/engine/dispatch/dispatch.ts";
import type { FiringRecord } from "../../../src/engine/record/firing-record.ts";
import { engineDeps } from "../../support/engine-deps.ts";
import { engineSession } from "../../support/engine-session.ts";

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "phm-test-run-"));
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

describe("HookEngine.testRun", () => {
	it("sends the stdin as given to the real process with the hook environment, the record marked a test", async () => {
		const records: FiringRecord[] = [];
		const started: string[] = [];
		const config = configOf({
			PreToolUse: [
				{
					matcher: "Read",
					hooks: [
						{
							type: "command",
							command:
								`cat > "${dir}/stdin.txt"; printf %s "$CLAUDE_PROJECT_DIR" > ` +
								`"${dir}/env.txt"; echo nope >&2; exit 2`,
							if: "Read(//nowhere/**)",
							async: true,
						},
					],
				},
			],
		});
		const entry = config.entries[0];
		if (entry === undefined) throw new Error("no entry");
		const engine = createEngine(
			engineDeps({
				config: () => config,
				baseEnv: { PATH: process.env.PATH },
				switches: { isEnabled: () => false },
				observers: { onRecord: (record) => records.push(record), onRunStart: (hook) => started.push(hook.id) },
			}),
		);
		const stdin = '{"tool_name": "Bash", "tool_input": {"command": "echo hi"}}';
		const { verdict, record } = await engine.testRun({ entry, stdin, session: session(), summary: "echo hi" });
		expect(readFileSync(join(dir, "stdin.txt"), "utf8")).toBe(`${stdin}\n`);
		expect(readFileSync(join(dir, "env.txt"), "utf8")).toBe(dir);
		expect(verdict).toMatchObject({ status: "blocking", message: "nope\n" });
		expect(record).toMatchObject({ test: true, event: "PreToolUse", matchQuery: "Bash", summary: "echo hi" });
		expect(records).toEqual([record]);
		expect(started).toEqual([]);
	});
});
