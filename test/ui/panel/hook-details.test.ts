/**
 * A hook's details as hook-details.ts lays them out: its full definition, its file, whether it runs, and its
 * statistics for the session. The details screen itself (scrolling, keys) is tested in screens/details.
 */
import { describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import type { ProcessOutcome } from "../../../src/engine/ports.ts";
import { hookTimeoutMs } from "../../../src/engine/run/handler.ts";
import type { ConfigIssue, HookEntry } from "../../../src/engine/types.ts";
import { NO_STATS } from "../../../src/ui/panel/firing-log.ts";
import { hookDetailLines } from "../../../src/ui/panel/hook-details.ts";
import { buildRows, type IssueRow } from "../../../src/ui/panel/hook-rows.ts";
import { plainTheme, TEST_THEME_COLORS } from "../../../src/ui/theme.ts";
import { cellAt, findText, screenLines } from "../../support/screen.ts";
import { entryWith, exitedWith, firingRecord } from "./fixtures.ts";
import { KEY, usePanelMounts } from "./harness.ts";

const panels = usePanelMounts();

const timedOut: ProcessOutcome = {
	kind: "timed_out",
	timeoutMs: 10_000,
	stdout: { text: "", bytes: 0, truncated: false },
	stderr: { text: "", bytes: 0, truncated: false },
	durationMs: 10_000,
};

describe.each([40, 80, 120])("hook details at %i columns", (cols) => {
	it("show the definition, file, JSON path and statistics (runs, blocks, errors, timeouts, p50, p95)", async () => {
		const h = await panels.fixture(cols, { rows: 70 });
		const guard = entryWith(h.config(), "block-rm.sh");
		const outcomes = [
			exitedWith(2, 30, "", "no"),
			exitedWith(0, 10),
			exitedWith(2, 50, "", "no"),
			exitedWith(1, 20),
			timedOut,
		];
		outcomes.forEach((outcome, index) => h.log.add(firingRecord(index + 1, index * 1000, [[guard, outcome]])));
		await h.type("block-rm");
		const screen = await h.send(KEY.enter);
		const text = await h.allPages();
		expect(text).toContain("Hooks > details");
		expect(text).toMatch(/State\s+enabled/);
		expect(text).toMatch(
			cols >= 80 ? /Command\s+~\/\.claude\/hooks\/block-rm\.sh/ : /Command\s+~\/\.claude\/hooks\/block-/,
		);
		expect(text).toMatch(/Timeout\s+10 s/);
		expect(text).toMatch(/Source\s+Claude user/);
		// Wrapped values continue under themselves: without borders and spaces the path reads in one piece.
		expect(text.replace(/[│\s]/g, "")).toContain(`${h.sources[0]?.file}`.replace(/\s/g, ""));
		expect(text.replace(/[│\s]/g, "")).toContain("JSONpathhooks.PreToolUse[0].hooks[0]");
		expect(text).toMatch(/Runs\s+5/);
		expect(text).toMatch(/Blocks\s+2/);
		expect(text).toMatch(/Errors\s+1/);
		expect(text).toMatch(/Timeouts\s+1/);
		expect(text).toMatch(/Median\s+30ms/);
		expect(text).toMatch(/95th pct\s+10s/);
		expect(text.replace(/[│\s]/g, "")).toContain('"command":"~/.claude/hooks/block-rm.sh","timeout":10');
		// The block count is drawn in the error colour: scroll back until it is on screen.
		let shown = screen;
		for (let i = 0; i < 10 && findText(shown, "Blocks") === undefined; i++)
			shown = await h.send(i < 5 ? KEY.pageUp : KEY.down);
		const blocks = findText(shown, "Blocks");
		expect(blocks).toBeDefined();
		const row = blocks?.row ?? 0;
		const value = (screenLines(shown)[row] ?? "").indexOf("2", (blocks?.col ?? 0) + 6);
		expect(cellAt(shown, row, value).fg).toBe(`p${TEST_THEME_COLORS.error}`);
	});
});

describe("details of a problem", () => {
	const issueRow = (issue: ConfigIssue, source: string): IssueRow => ({
		kind: "issue",
		key: "issue:0",
		issue,
		event: "Settings",
		matcher: "",
		target: issue.message,
		source,
	});
	const lines = (row: IssueRow, editable: boolean): string =>
		hookDetailLines(plainTheme, row, 200, { allOff: false, disableAllHooks: false, editable: () => editable })
			.join("\n")
			.replace(/\s+/g, " ");

	it("say a whole-file problem skips the file, and do not send a plugin's file to the editor", () => {
		const text = lines(
			issueRow(
				{ file: "/p/hooks/hooks.json", path: "", message: "invalid JSON", source: "Plugin guard@market" },
				"Plugin guard@market",
			),
			false,
		);
		expect(text).toContain("Where the whole file");
		expect(text).toContain("The whole file is skipped: none of its hooks run");
		expect(text).not.toContain("This entry is skipped");
		expect(text).toContain("Plugin guard@market files are read-only in the /hooks editor");
		expect(text).not.toContain("delete it with the editor");
	});

	it("say a bad entry of a settings file is skipped alone and can be deleted with the editor", () => {
		const text = lines(
			issueRow(
				{ file: "/u/settings.json", path: "hooks.PreToolUse[0].matcher", message: "must be a string" },
				"Claude user",
			),
			true,
		);
		expect(text).toContain("This entry is skipped; the rest of the file still loads");
		expect(text).toContain("delete it with the editor once it parses");
	});

	it("follow the issue's kind: a broken edit keeps the last good hooks, an emptied file's hooks stop", () => {
		const file = "/u/settings.json";
		const kept = lines(
			issueRow({ file, path: "", message: "invalid JSON; keeping", kind: "kept_last_good" }, "Claude user"),
			true,
		);
		expect(kept).toContain("its hooks from before the edit keep running");
		expect(kept).not.toContain("is skipped");
		const emptied = lines(
			issueRow({ file, path: "", message: "is now empty", kind: "emptied" }, "Claude user"),
			true,
		);
		expect(emptied).toContain("the hooks it had no longer run");
		expect(emptied).not.toContain("is skipped");
	});
});

describe("details of an mcp_tool hook", () => {
	it("name its server/tool and show its input", () => {
		const config = mergeSources(
			[
				parseSettingsText(
					JSON.stringify({
						hooks: {
							PostToolUse: [
								{
									matcher: "Write",
									hooks: [
										{
											type: "mcp_tool",
											server: "semgrep",
											tool: "scan_file",
											input: {
												path: "${tool_input.file_path}",
											},
										},
									],
								},
							],
						},
					}),
					{ scope: "claude-user", file: "/h/.claude/settings.json", project: false },
				),
			],
			true,
		);
		const [row] = buildRows(config, { isEnabled: () => true, stats: () => NO_STATS, sources: [] });
		if (row === undefined) throw new Error("no row");
		const text = hookDetailLines(plainTheme, row, 200, { allOff: false, disableAllHooks: false })
			.join("\n")
			.replace(/\s+/g, " ");
		expect(text).toContain("Type mcp_tool");
		expect(text).toContain("MCP tool semgrep/scan_file");
		expect(text).toContain('Input {"path":"${tool_input.file_path}"}');
	});
});

describe("a hook's onFailure in its details", () => {
	const detailsOf = (event: string, handler: Record<string, unknown>): string => {
		const source = { scope: "claude-user", file: "/h/.claude/settings.json", project: false } as const;
		const config = mergeSources(
			[parseSettingsText(JSON.stringify({ hooks: { [event]: [{ hooks: [handler] }] } }), source)],
			true,
		);
		const [row] = buildRows(config, { isEnabled: () => true, stats: () => NO_STATS, sources: [] });
		if (row === undefined) throw new Error("no row");
		return hookDetailLines(plainTheme, row, 200, { allOff: false, disableAllHooks: false })
			.join("\n")
			.replace(/\s+/g, " ");
	};
	const mcp = (onFailure?: unknown) => ({ type: "mcp_tool", server: "sec", tool: "check", onFailure });

	it.each([
		["PreToolUse", mcp("block"), "On failure block (a failing hook blocks the PreToolUse)"],
		["PreToolUse", mcp("deny"), 'On failure "deny" reads as block (a failing hook blocks the PreToolUse)'],
		["PreToolUse", mcp("continue"), "On failure continue (a failing hook is reported and PreToolUse goes on)"],
		["Stop", mcp("block"), "On failure block, but Stop ignores onFailure (as in Claude Code): a failure never"],
		["PreToolUse", { type: "http", url: "http://127.0.0.1:1/h", onFailure: "block" }, "On failure block (a fail"],
		["PreToolUse", { type: "command", command: "g.sh", onFailure: "block" }, "On failure block (a failing"],
	] as const)("on %s, %o: %s", (event, handler, text) => {
		expect(detailsOf(event, handler)).toContain(text);
	});

	it("shows nothing for a hook that does not set it", () => {
		expect(detailsOf("PreToolUse", mcp())).not.toContain("On failure");
	});
});

describe("the default timeout in a hook's details", () => {
	const detailsOf = (event: string, handler: Record<string, unknown>): string => {
		const config = mergeSources(
			[
				parseSettingsText(JSON.stringify({ hooks: { [event]: [{ hooks: [handler] }] } }), {
					scope: "claude-user",
					file: "/h/.claude/settings.json",
					project: false,
				}),
			],
			true,
		);
		const [row] = buildRows(config, { isEnabled: () => true, stats: () => NO_STATS, sources: [] });
		if (row === undefined) throw new Error("no row");
		return hookDetailLines(plainTheme, row, 200, { allOff: false, disableAllHooks: false })
			.join("\n")
			.replace(/\s+/g, " ");
	};
	const mcp = { type: "mcp_tool", server: "s", tool: "t" };
	const http = { type: "http", url: "http://127.0.0.1:1/h" };

	// Claude Code: prompt 30 s and agent 60 s everywhere; command, http and mcp_tool 600 s, 30 s on UserPromptSubmit.
	it.each([
		["PreToolUse", { type: "prompt", prompt: "ok? $ARGUMENTS" }, 30],
		["PreToolUse", { type: "agent", prompt: "check $ARGUMENTS" }, 60],
		["PreToolUse", { type: "command", command: "true" }, 600],
		["PreToolUse", http, 600],
		["PreToolUse", mcp, 600],
		["UserPromptSubmit", { type: "prompt", prompt: "ok? $ARGUMENTS" }, 30],
		["UserPromptSubmit", http, 30],
		["UserPromptSubmit", mcp, 30],
		["MessageDisplay", http, 10],
	] as const)("on %s, a %o hook times out after the runner's default", (event, handler, seconds) => {
		expect(detailsOf(event, handler)).toContain(`Timeout default (${seconds} s)`);
		const entry = { handler, source: { scope: "claude-user", file: "/h", project: false } } as unknown as HookEntry;
		expect(hookTimeoutMs(entry, event)).toBe(seconds * 1000);
	});
});

describe("a hook whose if rule names pi's tool in a Claude Code file", () => {
	it("says under its row and in its details that it never runs; the same rule in pi's file is fine", async () => {
		const hook = (command: string) => ({ type: "command", command, if: "bash(rm *)" });
		const h = await panels.mount({
			cols: 120,
			rows: 40,
			settings: {
				0: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [hook("echo claude-guard")] }] } },
				4: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [hook("echo pi-guard")] }] } },
			},
		});
		const list = screenLines(await h.screen());
		const row = list.findIndex((line) => line.includes("echo claude-guard"));
		expect(list[row]).toMatch(/ on +cmd/);
		expect(list[row + 1]).toContain('if "bash(rm *)" names pi\'s tool "bash": in a Claude Code file it never');
		const piRow = list.findIndex((line) => line.includes("echo pi-guard"));
		expect(list[piRow + 1]).not.toContain("names pi's tool");
		await h.type("claude-guard");
		await h.send(KEY.enter);
		const text = (await h.allPages()).replace(/[│\s]+/g, " ");
		expect(text).toContain(
			'Warning if "bash(rm *)" names pi\'s tool "bash": in a Claude Code file it never matches',
		);
		expect(text).toContain("never runs; write Bash(...)");
	});
});

describe("a FileChanged hook's watch list in its details", () => {
	const detailsOf = (event: string, matcher: string | undefined): string => {
		const source = { scope: "claude-user", file: "/h/.claude/settings.json", project: false } as const;
		const group = { ...(matcher === undefined ? {} : { matcher }), hooks: [{ type: "command", command: "x" }] };
		const config = mergeSources([parseSettingsText(JSON.stringify({ hooks: { [event]: [group] } }), source)], true);
		const [row] = buildRows(config, { isEnabled: () => true, stats: () => NO_STATS, sources: [] });
		if (row === undefined) throw new Error("no row");
		return hookDetailLines(plainTheme, row, 200, { allOff: false, disableAllHooks: false })
			.join("\n")
			.replace(/\s+/g, " ");
	};

	it.each([
		["FileChanged", ".envrc|.env", "Watches .envrc, .env (in the folder pi started in)"],
		["FileChanged", undefined, "Watches no file of its own (no matcher): runs for every watched file"],
	] as const)("%s with matcher %s: %s", (event, matcher, text) => {
		expect(detailsOf(event, matcher)).toContain(text);
	});

	it("shows none for another event", () => {
		expect(detailsOf("PreToolUse", "Bash")).not.toContain("Watches");
	});
});
