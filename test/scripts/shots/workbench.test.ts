/** The workbench screenshots show a test run's result and a lint, as docs/panel.md says. */
import { describe, expect, it } from "vitest";
import { shots } from "../../../scripts/shots/workbench.ts";
import { screenToText } from "../../support/screen.ts";

const text = async (name: string): Promise<string> => {
	const found = shots.find((candidate) => candidate.name === name);
	if (found === undefined) throw new Error(`no shot ${name}`);
	return screenToText(await found.screen());
};

describe("workbench screenshots", () => {
	it("the test run shows what the hook would have done, its exit code and the edited stdin", async () => {
		const run = await text("panel-test-run");
		expect(run).toContain("Result of the test run (a dry run: nothing in the session changed)");
		expect(run).toContain("would block: PreToolUse:Bash hook error: [~/.claude/hooks/block_dangerous_bash.py]");
		expect(run).toMatch(/Exit code +2/);
		expect(run).toContain('"command": "rm -rf build"');
	});

	it("the lint names the field and what to write instead", async () => {
		const lint = await text("panel-lint");
		expect(lint).toContain("Output that Claude Code ignores:");
		expect(lint).toContain('! additionalContext: top-level "additionalContext" is ignored');
		expect(lint).toContain('write {"hookSpecificOutput": {"hookEventName":');
	});
});
