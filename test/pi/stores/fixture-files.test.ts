/** Saving a fixture into a real project folder: the default fixture folder, never over an existing file. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FixtureCase } from "../../../src/engine/fixture/from-run.ts";
import { fixtureDir, saveFixture } from "../../../src/pi/stores/fixture-files.ts";

let project: string;
beforeEach(() => {
	project = mkdtempSync(join(tmpdir(), "phm-fixture-files-"));
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

const CASE: FixtureCase = {
	version: 1,
	name: "Stop",
	event: "Stop",
	input: { stop_hook_active: false },
	expect: { decision: "none" },
};

describe("saveFixture", () => {
	it("writes .pi/hook-tests/<name>.json, then -2, -3 beside it", () => {
		expect(saveFixture(project, CASE)).toEqual({ file: join(".pi", "hook-tests", "stop.json") });
		expect(saveFixture(project, CASE)).toEqual({ file: join(".pi", "hook-tests", "stop-2.json") });
		expect(saveFixture(project, CASE)).toEqual({ file: join(".pi", "hook-tests", "stop-3.json") });
		expect(readdirSync(fixtureDir(project)).sort()).toEqual(["stop-2.json", "stop-3.json", "stop.json"]);
		expect(JSON.parse(readFileSync(join(fixtureDir(project), "stop.json"), "utf8"))).toEqual(CASE);
	});

	it("writes the project's own path as ${CLAUDE_PROJECT_DIR}, in the input and the expectation", () => {
		const saved: FixtureCase = {
			...CASE,
			event: "PreToolUse",
			input: { tool_name: "Write", tool_input: { file_path: join(project, "src", "a.ts"), content: "x" } },
			expect: { decision: "deny", reason: `${project}/src/a.ts is generated` },
		};
		saveFixture(project, saved);
		expect(JSON.parse(readFileSync(join(fixtureDir(project), "stop.json"), "utf8"))).toEqual({
			...saved,
			input: { tool_name: "Write", tool_input: { file_path: "${CLAUDE_PROJECT_DIR}/src/a.ts", content: "x" } },
			expect: { decision: "deny", reason: "${CLAUDE_PROJECT_DIR}/src/a.ts is generated" },
		});
	});

	it("writes the home's path as ${HOME} and a project inside it as ${CLAUDE_PROJECT_DIR}", () => {
		const home = join(project, "home");
		const app = join(home, "work", "app");
		const root = join(home, ".claude", "plugins", "cache", "m", "pguard", "1.0.0");
		saveFixture(app, { ...CASE, expect: { decision: "block", reason: `blocked (root=${root}) in ${app}` } }, home);
		const file = join(fixtureDir(app), "stop.json");
		expect(JSON.parse(readFileSync(file, "utf8")).expect.reason).toBe(
			"blocked (root=${HOME}/.claude/plugins/cache/m/pguard/1.0.0) in ${CLAUDE_PROJECT_DIR}",
		);
	});

	it("says why when the folder cannot be made", () => {
		mkdirSync(join(project, ".pi"));
		writeFileSync(join(project, ".pi", "hook-tests"), "a file, not a folder");
		const result = saveFixture(project, CASE);
		expect("error" in result && result.error).toMatch(/^the fixture could not be saved in .*hook-tests: /);
	});
});
