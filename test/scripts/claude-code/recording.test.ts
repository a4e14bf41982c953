/**
 * The recording of the real Claude Code 2.1.332 (test/fixtures/claude-code/config-file-hooks-2.1.332.json) against
 * our tables: every ConfigChange and FileChanged stdin holds only fields the reviewed lists know (common fields and
 * the event's own), none that the event lacks in Claude Code (`permission_mode`, `effort`), the engine's payload
 * builders give the same stdin in the same key order, and the fixture holds templated paths and ids only.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { knownLists } from "../../../scripts/claude-code/known.ts";
import { isHookEventName } from "../../../src/engine/events/facts.ts";
import type { SessionInfo } from "../../../src/engine/payload/base.ts";
import { type ConfigChangeSource, configChangePayload } from "../../../src/engine/payload/config-change.ts";
import { type FileChangeKind, fileChangedPayload } from "../../../src/engine/payload/file-changed.ts";
import { CLAUDE_RECORDING, type RecordedHook } from "../../support/claude-recording.ts";
import { PROJECT_ROOT } from "../../support/pi-env.ts";

/** Every recorded run of `event`, across the cases. */
const runsOf = (event: string): RecordedHook[] =>
	Object.values(CLAUDE_RECORDING.cases).flatMap((recorded) =>
		Object.values(recorded.hooks).flatMap((runs) => runs.filter((run) => run.stdin?.hook_event_name === event)),
	);

describe("the Claude Code 2.1.332 recording of ConfigChange and FileChanged", () => {
	const known = knownLists();

	for (const event of ["ConfigChange", "FileChanged"]) {
		it(`${event}: its stdin is the common fields in Claude Code's order, then the event's known fields`, () => {
			const runs = runsOf(event);
			expect(runs.length).toBeGreaterThan(0);
			expect(isHookEventName(event)).toBe(true);
			const own = known.input.events[event] ?? [];
			for (const run of runs) {
				const keys = Object.keys(run.stdin);
				expect(keys.slice(0, 5)).toEqual([
					"session_id",
					"transcript_path",
					"cwd",
					"prompt_id",
					"hook_event_name",
				]);
				expect(keys.slice(5).sort()).toEqual([...own].sort());
				for (const key of keys.slice(0, 5)) expect(known.input.common).toContain(key);
			}
		});
	}

	it("the engine's payload builders give each recorded stdin, key for key and in order", () => {
		const session: SessionInfo = {
			sessionId: "{{SESSION}}",
			transcriptPath: "{{HOME}}/.claude/projects/{{PROJECT_SLUG}}/{{SESSION}}.jsonl",
			cwd: "{{PROJECT}}",
			projectDir: "{{PROJECT}}",
			promptId: "{{PROMPT_ID}}",
			effort: "medium",
			home: "{{HOME}}",
		};
		for (const run of runsOf("ConfigChange")) {
			const change = { source: run.stdin.source as ConfigChangeSource, filePath: String(run.stdin.file_path) };
			const built = configChangePayload(session, change);
			expect(Object.keys(built)).toEqual(Object.keys(run.stdin));
			expect(built).toEqual(run.stdin);
		}
		for (const run of runsOf("FileChanged")) {
			const change = { filePath: String(run.stdin.file_path), event: run.stdin.event as FileChangeKind };
			const built = fileChangedPayload(session, change);
			expect(Object.keys(built)).toEqual(Object.keys(run.stdin));
			expect(built).toEqual(run.stdin);
		}
	});

	it("ConfigChange's sources and FileChanged's events are the values Claude Code's schema allows", () => {
		const sources = new Set(runsOf("ConfigChange").map((run) => run.stdin.source));
		expect([...sources].sort()).toEqual(["local_settings", "project_settings", "skills", "user_settings"]);
		const events = new Set(runsOf("FileChanged").map((run) => run.stdin.event));
		expect([...events].sort()).toEqual(["add", "change", "unlink"]);
	});

	it("holds templated paths and ids only", () => {
		const text = readFileSync(
			join(PROJECT_ROOT, "test", "fixtures", "claude-code", "config-file-hooks-2.1.332.json"),
			"utf8",
		);
		expect(text).not.toMatch(/\/tmp\/|\/home\/|127\.0\.0\.1|dummy|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/);
		for (const run of [...runsOf("ConfigChange"), ...runsOf("FileChanged")]) {
			expect(run.stdin.session_id).toBe("{{SESSION}}");
			expect(run.stdin.prompt_id).toBe("{{PROMPT_ID}}");
			expect(String(run.stdin.file_path)).toMatch(/^\{\{(HOME|PROJECT)\}\}\//);
		}
	});
});
