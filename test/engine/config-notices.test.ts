/** Configuration notices are planned from issue kinds and skip reasons, never from message text. */
import { describe, expect, it } from "vitest";
import { skipMessage } from "../../src/engine/config/merge.ts";
import { configNotices, ifRuleProblem } from "../../src/engine/config-notices.ts";
import type { ConfigIssue, HookConfig, SkippedHook } from "../../src/engine/types.ts";
import { commandEntry } from "../support/entries.ts";

const config = (parts: Partial<HookConfig>): HookConfig => ({
	entries: [],
	skipped: [],
	issues: [],
	disableAllHooks: false,
	...parts,
});
const issue = (path: string, message: string, kind?: ConfigIssue["kind"]): ConfigIssue => ({
	file: "/p/.claude/settings.json",
	path,
	message,
	...(kind === undefined ? {} : { kind }),
});
const skipped = (
	reason: Parameters<typeof skipMessage>[0],
	event: Parameters<typeof commandEntry>[1] = "PreToolUse",
): SkippedHook => {
	const entry = commandEntry("guard.sh", event);
	return { entry, reason, message: skipMessage(reason, entry) };
};

describe("configNotices", () => {
	it.each([
		[issue("hooks.PreToolUse[0].matcher", "bad regex"), "; that entry is skipped"],
		[issue("", "is not valid JSON"), "; the file is skipped"],
		// Words that once were parsed do not matter any more: the kind does.
		[issue("", "keeping the cat", "skipped"), "; the file is skipped"],
		[issue("", "is broken; keeping the 2 hook(s) from before the edit", "kept_last_good"), "edit"],
		[issue("", "is now empty: its 2 hook(s) no longer run", "emptied"), "no longer run"],
	])("an issue %j ends with %j", (problem, ending) => {
		const [notice] = configNotices(config({ issues: [problem] }));
		expect(notice?.notice.level).toBe("error");
		expect(notice?.notice.text.endsWith(ending)).toBe(true);
	});

	it.each([
		["untrusted", 1, "project is not trusted"],
		["unapproved", 0, undefined],
		["no_such_event", 1, "pi has no PermissionRequest event"],
		["unsupported_type", 1, "are not supported"],
		[
			"type_not_on_event",
			1,
			'do not run on PermissionRequest: Claude Code accepts only "command", "http", "mcp_tool"',
		],
	] as const)("a %s hook gives %i notice(s)", (reason, count, words) => {
		const notices = configNotices(config({ skipped: [skipped(reason, "PermissionRequest")] }));
		expect(notices).toHaveLength(count);
		if (words !== undefined) expect(notices[0]?.notice.text).toContain(words);
	});

	it("disableAllHooks names its file", () => {
		const notices = configNotices(
			config({ disableAllHooks: true, disableAllHooksSource: "/p/.claude/settings.json" }),
		);
		expect(notices.map((n) => n.notice.text)).toEqual([
			"disableAllHooks is set in /p/.claude/settings.json: no hook runs",
		]);
	});

	it("tells once about a hook whose if rule names pi's tool in a Claude Code file, and not in pi's own files", () => {
		const claude = commandEntry("guard.sh", "PreToolUse", { if: "bash(rm *)" });
		const pi = { ...claude, id: "pi", source: { ...claude.source, scope: "pi-project" as const } };
		const fine = commandEntry("other.sh", "PreToolUse", { if: "Bash(rm *)" });
		const notices = configNotices(config({ entries: [claude, pi, fine] }));
		expect(notices).toEqual([
			{
				key: `if-pi-name:${claude.id}`,
				notice: {
					level: "warning",
					text:
						"PreToolUse hook in /p/.claude/settings.json (hooks.PreToolUse[0].hooks[0]): " +
						'if "bash(rm *)" names pi\'s tool "bash": in a Claude Code file it never matches, ' +
						"so the hook never runs; write Bash(...)",
				},
			},
		]);
		expect(ifRuleProblem(pi)).toBeUndefined();
		expect(ifRuleProblem(fine)).toBeUndefined();
	});
});
