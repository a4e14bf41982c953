/** Whether a hook would run for a test run's stdin in the session now (the test runs it anyway). */
import { describe, expect, it } from "vitest";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { wouldNotRun, wouldNotRunText } from "../../../src/engine/dry-run/would-run.ts";

const hook = (matcher: string, extra: Record<string, unknown> = {}, event = "PreToolUse") => {
	const parsed = parseSettingsText(
		JSON.stringify({ hooks: { [event]: [{ matcher, hooks: [{ type: "command", command: "x", ...extra }] }] } }),
		{ scope: "claude-user", file: "/u/settings.json", project: false },
	);
	const entry = parsed.entries[0];
	if (entry === undefined) throw new Error(JSON.stringify(parsed.issues));
	return entry;
};
const on = { allOff: false, enabled: true, cwd: "/p", projectDir: "/p", home: "/home/tester" };
const bash = (command: string) => JSON.stringify({ cwd: "/p", tool_name: "Bash", tool_input: { command } });

describe("wouldNotRun", () => {
	it.each([
		["runs", hook("Bash"), bash("ls"), on, undefined],
		["kill switch", hook("Bash"), bash("ls"), { ...on, allOff: true }, "all_off"],
		["switched off", hook("Bash"), bash("ls"), { ...on, enabled: false }, "disabled"],
		["matcher", hook("Edit|Write"), bash("ls"), on, "matcher"],
		["if", hook("Bash", { if: "Bash(git push *)" }), bash("ls"), on, "if"],
		["if matches", hook("Bash", { if: "Bash(git push *)" }), bash("git push origin"), on, undefined],
		["not JSON", hook("Edit"), "not json", on, undefined],
		["no matcher on Stop", hook("", {}, "Stop"), "{}", on, undefined],
		[
			"plugin off, before the kill switch",
			hook("Bash"),
			bash("ls"),
			{ ...on, allOff: true, skipped: "plugin_disabled" },
			"plugin_disabled",
		],
		["waits for approval", hook("Bash"), bash("ls"), { ...on, skipped: "unapproved" }, "unapproved"],
	] as const)("%s", (_name, entry, stdin, context, expected) => {
		expect(wouldNotRun(entry, stdin, context)).toBe(expected);
	});

	it("says why in a sentence about the input", () => {
		expect(wouldNotRunText(hook("Edit|Write"), "matcher")).toBe(
			'its matcher "Edit|Write" does not match this input\'s tool_name',
		);
		expect(wouldNotRunText(hook("Bash"), "plugin_disabled")).toBe("its plugin is switched off in enabledPlugins");
	});
});
