/**
 * Fields pi-hook-manager does not know are kept (issue 26, "Bad input"): a fixture's input fields that no table
 * names (newer Claude Code fields pi does not send, such as PostModelSwitch's `context_tokens`, and made-up ones,
 * at the top and nested) reach the hook's stdin unchanged.
 * The built command as a real process, its hook a real process that writes its stdin to a file.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useCliSandboxes } from "../support/cli.ts";

const cliSandbox = useCliSandboxes();

/** A hook that copies its stdin to `<project>/stdin-<event>.json`. */
const recorder = (event: string): Record<string, unknown> => ({
	type: "command",
	command: "node",
	args: [
		"-e",
		"let s='';process.stdin.on('data',d=>s+=d).on('end',()=>" +
			`require('fs').writeFileSync(process.env.CLAUDE_PROJECT_DIR+'/stdin-${event}.json',s))`,
	],
});

const INPUTS: Readonly<Record<string, Record<string, unknown>>> = {
	PostModelSwitch: {
		from_model: "fake/a",
		to_model: "fake/b",
		requested_model: "fake/b",
		source: "picker",
		context_tokens: 1234,
		prompt_cache_warm: true,
		not_in_any_table: { nested: [1, "two", null, { deep: true }], "ünïcode ✓": "kept as is" },
	},
	PreToolUse: {
		tool_name: "Bash",
		tool_input: { command: "echo hi", future_flag: 7 },
		mcp_server: { name: "later", transport: "stdio" },
		another_new_field: ["a", 2],
	},
};

describe("pi-hook-manager test with fields no table knows", () => {
	it.each(Object.keys(INPUTS))("passes every %s input field to the hook's stdin unchanged", async (event) => {
		const box = cliSandbox();
		mkdirSync(join(box.project, ".claude"), { recursive: true });
		const hooks = { [event]: [{ matcher: "*", hooks: [recorder(event)] }] };
		writeFileSync(join(box.project, ".claude", "settings.json"), JSON.stringify({ hooks }));
		mkdirSync(join(box.project, ".pi", "hook-tests"), { recursive: true });
		const input = INPUTS[event] ?? {};
		writeFileSync(
			join(box.project, ".pi", "hook-tests", "case.json"),
			JSON.stringify({ version: 1, name: "unknown fields", event, input, expect: { decision: "none" } }),
		);
		const result = await box.run(["test", "--approve-project-hooks"]);
		expect(result.stdout).toContain("PASS unknown fields");
		const stdin = JSON.parse(readFileSync(join(box.project, `stdin-${event}.json`), "utf8"));
		expect(stdin.hook_event_name).toBe(event);
		for (const [key, value] of Object.entries(input)) expect([key, stdin[key]]).toEqual([key, value]);
	});
});
