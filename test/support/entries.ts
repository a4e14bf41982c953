/** Test helpers: hook entries and process outcomes built from literal values. */
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import type { ProcessOutcome } from "../../src/engine/ports.ts";
import type { HookEntry, HookEventName } from "../../src/engine/types.ts";

/** One command hook entry for `event`, parsed from settings JSON like a user would write it. */
export const commandEntry = (
	command: string,
	event: HookEventName = "PreToolUse",
	extra: Record<string, unknown> = {},
): HookEntry => {
	const settings = { hooks: { [event]: [{ matcher: "*", hooks: [{ type: "command", command, ...extra }] }] } };
	const parsed = parseSettingsText(JSON.stringify(settings), {
		scope: "claude-project",
		file: "/p/.claude/settings.json",
		project: true,
	});
	const entry = parsed.entries[0];
	if (entry === undefined) throw new Error(JSON.stringify(parsed.issues));
	return entry;
};

const captured = (text: string) => ({ text, bytes: Buffer.byteLength(text), truncated: false });

/** An `exited` outcome with the given code, stdout and stderr. */
export const exited = (code: number, stdout = "", stderr = ""): ProcessOutcome => ({
	kind: "exited",
	code,
	stdout: captured(stdout),
	stderr: captured(stderr),
	durationMs: 5,
});

/** A `timed_out` outcome. */
export const timedOut = (timeoutMs = 1000): ProcessOutcome => ({
	kind: "timed_out",
	timeoutMs,
	stdout: captured(""),
	stderr: captured("Terminated\n"),
	durationMs: timeoutMs,
});
