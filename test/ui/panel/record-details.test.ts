/**
 * Enter on a firing-log row: the stdin JSON that was sent, stdout and stderr (capped), exit code, duration,
 * decision and reason, and every hook that did not run with the reason ("why didn't my hook fire?").
 */

import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import type { ProcessOutcome } from "../../../src/engine/ports.ts";
import { firingExcerpt } from "../../../src/engine/record/excerpt.ts";
import { withFacts } from "../../../src/engine/record/firing-record.ts";
import { stoppedOutcome } from "../../../src/engine/run/request-outcome.ts";
import { buildLogRows } from "../../../src/ui/panel/log-rows.ts";
import { notRunSentence, recordDetailLines } from "../../../src/ui/panel/record-details.ts";
import { plainTheme } from "../../../src/ui/theme.ts";
import { screenLines } from "../../support/screen.ts";
import { entryWith, exitedWith, firingRecord, fixtureConfig } from "./fixtures.ts";
import { KEY, usePanelMounts } from "./harness.ts";

const panels = usePanelMounts();

describe("notRunSentence", () => {
	const config = fixtureConfig();
	it.each([
		["matcher", 'matcher "Edit|Write" did not match "Bash"'],
		["if", 'if "" did not match this call'],
		["disabled", "disabled in the /hooks panel"],
		["all_off", "all hooks were off (kill switch or disableAllHooks)"],
		["untrusted", "the project is not trusted, so its hooks do not run"],
		["duplicate", "the same command already ran for this event (each command runs once)"],
	] as const)("explains %s", (reason, sentence) => {
		expect(notRunSentence({ entry: entryWith(config, "prettier"), reason }, "Bash")).toBe(sentence);
	});
});

describe.each([40, 80, 120])("log row details at %i columns", (cols) => {
	it("show what ran (decision, reason, exit, duration, stdout, stderr), what did not and why, stdin", async () => {
		const h = await panels.fixture(cols, { rows: 90 });
		const config = h.config();
		const guard = entryWith(config, "block-rm.sh");
		const deny = JSON.stringify({
			hookSpecificOutput: {
				hookEventName: "PreToolUse",
				permissionDecision: "deny",
				permissionDecisionReason: "no rm",
			},
		});
		h.log.add(
			firingRecord(
				7,
				new Date(2026, 0, 2, 9, 30, 15).getTime(),
				[[guard, exitedWith(0, 42, deny, "checked 1 rule")]],
				[
					{ entry: entryWith(config, "prettier"), reason: "matcher" },
					{ entry: entryWith(config, "git_policy.py"), reason: "disabled" },
				],
			),
		);
		await h.send(KEY.tab, KEY.enter);
		const text = await h.allPages();
		expect(text).toMatch(/Event\s+PreToolUse/);
		expect(text).toMatch(/Time\s+09:30:15/);
		expect(text).toMatch(/Input\s+rm -rf build/);
		expect(text).toContain("Ran (1)");
		expect(text).toMatch(/Decision\s+deny/);
		expect(text).toMatch(/Exit code\s+0/);
		expect(text).toMatch(/Took\s+42ms/);
		// The JSON deny's permissionDecisionReason, not "-" (the hook's message is empty: it exited 0).
		expect(text).toMatch(/Reason\s+no rm/);
		expect(text).toContain("checked 1 rule");
		expect(text).toContain('"permissionDecision": "deny"');
		expect(text).toContain("Did not run (2)");
		expect(text).toContain(
			cols >= 80 ? 'matcher "Edit|Write" did not match "Bash"' : 'matcher "Edit|Write" did not',
		);
		expect(text).toContain("disabled in the /hooks panel");
		expect(text).toContain("Stdin JSON sent to the hooks");
		expect(text).toContain('"hook_event_name": "PreToolUse"');
	});
});

describe("log row details", () => {
	it("show long stdout as its first and last lines and say how much is not shown", () => {
		const guard = entryWith(fixtureConfig(), "block-rm.sh");
		const long = Array.from({ length: 200 }, (_, i) => `line ${i + 1}`).join("\n");
		const [row] = buildLogRows([firingRecord(1, 0, [[guard, exitedWith(0, 5, long)]])]);
		if (row === undefined) throw new Error("no row");
		const shown = recordDetailLines(plainTheme, row, 80).map((line) => line.trim());
		const at = shown.indexOf("line 1");
		expect(shown.slice(at, at + 24)).toEqual(Array.from({ length: 24 }, (_, i) => `line ${i + 1}`));
		expect(shown[at + 24]).toMatch(/^… 168 more lines \([\d,]+ characters\) not shown$/);
		expect(shown.slice(at + 25, at + 33)).toEqual(Array.from({ length: 8 }, (_, i) => `line ${i + 193}`));
		for (const line of recordDetailLines(plainTheme, row, 80)) expect(visibleWidth(line)).toBe(80);
	});

	it("keep the rest of an entry a few lines away from a 1 MiB output", () => {
		const config = fixtureConfig();
		const huge = { text: "y".repeat(1024 * 1024), bytes: 5_000_000, truncated: true };
		const outcome = { ...exitedWith(0, 5), stdout: huge, stderr: huge };
		const record = firingRecord(1, 0, [
			[entryWith(config, "block-rm.sh"), outcome],
			[entryWith(config, "prettier"), exitedWith(0, 5, "formatted")],
		]);
		const [row] = buildLogRows([record]);
		if (row === undefined) throw new Error("no row");
		const lines = recordDetailLines(plainTheme, row, 120);
		expect(lines.length).toBeLessThan(120);
		const text = lines.join("\n");
		expect(text).toContain("stdout (cut at the cap; 5,000,000 bytes written)");
		expect(text).toContain("formatted");
		expect(text).toMatch(/… [\d,]+ characters more of this line not shown/);
	});

	it("Home and End jump to the top and the bottom of the details", async () => {
		const h = await panels.fixture(100, { rows: 30 });
		const long = Array.from({ length: 300 }, (_, i) => `out ${i + 1}`).join("\n");
		h.log.add(firingRecord(1, 0, [[entryWith(h.config(), "block-rm.sh"), exitedWith(0, 5, long)]]));
		await h.send(KEY.tab);
		let text = screenLines(await h.send(KEY.enter)).join("\n");
		expect(text).toContain("home/end top/bottom");
		expect(text).not.toContain("Did not run");
		text = screenLines(await h.send(KEY.end)).join("\n");
		expect(text).toContain("Did not run");
		expect(text).not.toMatch(/Event\s+PreToolUse/);
		text = screenLines(await h.send(KEY.home)).join("\n");
		expect(text).toMatch(/Event\s+PreToolUse/);
	});

	it("for an event where no hook ran, list every hook that was considered and why it did not run", async () => {
		const h = await panels.fixture(80, { rows: 60 });
		const config = h.config();
		h.log.add(firingRecord(1, 0, [], [{ entry: entryWith(config, "block-rm.sh"), reason: "all_off" }], "ls"));
		await h.send(KEY.tab);
		let text = screenLines(await h.screen()).join("\n");
		expect(text).toMatch(/1 not run \(all off\)/);
		text = screenLines(await h.send(KEY.enter)).join("\n");
		expect(text).toContain("No hook ran for this event.");
		expect(text).toContain("all hooks were off (kill switch or disableAllHooks)");
	});
});

describe("log row details of a hook that wrote 20 MB", () => {
	it("show the stdin before the outputs, and say how big the whole output was", async () => {
		const h = await panels.fixture(100, { rows: 200 });
		const guard = entryWith(h.config(), "block-rm.sh");
		const kept = "y".repeat(1024 * 1024);
		const base = firingRecord(1, 0, [[guard, exitedWith(0, 5)]]);
		const verdict = base.verdicts[0];
		if (verdict?.outcome.kind !== "exited") throw new Error("unexpected outcome");
		const outcome = { ...verdict.outcome, stdout: { text: kept, bytes: 20_000_000, truncated: true } };
		h.log.add(firingExcerpt(withFacts(base, { verdicts: [{ ...verdict, outcome }] })));
		const text = screenLines(await h.send(KEY.tab, KEY.enter)).join("\n");
		expect(text.indexOf("Stdin JSON sent to the hooks")).toBeGreaterThan(0);
		expect(text.indexOf("Stdin JSON sent to the hooks")).toBeLessThan(text.indexOf("Ran (1)"));
		expect(text).toContain("stdout (cut at the cap; 20,000,000 bytes written)");
		// Scrolling down and back up redraws at once, the same lines.
		const before = screenLines(await h.send(KEY.down, KEY.up)).join("\n");
		expect(before).toBe(text);
	});
});

describe("details of an mcp_tool hook's run", () => {
	const config = fixtureConfig(true, {
		0: {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "mcp_tool", server: "srv", tool: "check" }] }] },
		},
	});
	const mcp = entryWith(config, "check");
	const details = (outcome: ProcessOutcome): string => {
		const [row] = buildLogRows([firingRecord(1, 0, [[mcp, outcome]])]);
		if (row === undefined) throw new Error("no row");
		return recordDetailLines(plainTheme, row, 200).join("\n").replace(/\s+/g, " ");
	};

	it("use the words of a tool call: no exit code, no stderr, advice in JSON", () => {
		const text = details(exitedWith(0, 5, "looks fine"));
		expect(text).toContain("Outcome the MCP tool answered");
		expect(text).toContain("the MCP tool's text looks fine");
		expect(text).toContain("the MCP tool's text is plain text, which PreToolUse does not show to the model");
		expect(text).toContain(
			'to block, with {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision"',
		);
		expect(text).not.toContain("Exit code");
		expect(text).not.toContain("exit 2");
		expect(text).not.toContain("stderr");
	});

	it("say a timed-out call was cancelled, not killed: nothing is killed", () => {
		const text = details(stoppedOutcome(true, 5000, 5000));
		expect(text).toContain("Reason timed out after 5 s and was cancelled");
		expect(text).toContain("Outcome timed out");
		expect(text).not.toContain("killed");
	});
});
