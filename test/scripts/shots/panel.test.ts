/** The /hooks panel screenshots show what docs/panel.md says they show. */
import { describe, expect, it } from "vitest";
import { shots } from "../../../scripts/shots/panel.ts";
import { screenToText } from "../../support/screen.ts";

const text = async (name: string): Promise<string> => {
	const found = shots.find((candidate) => candidate.name === name);
	if (found === undefined) throw new Error(`no shot ${name}`);
	return screenToText(await found.screen());
};

describe("panel screenshots", () => {
	it("the list shows hooks of several sources, a disabled, a skipped and an invalid entry", async () => {
		const list = await text("panel-list");
		expect(list).toMatch(/> off +cmd +protect-lockfiles\.sh · \.\/\.claude\/hooks\/\S+ +Claude project/);
		expect(list).toMatch(/on +cmd +block_dangerous_bash\.py · ~\/\.claude\/\S+ +Claude user +3x ok 35ms/);
		expect(list).toMatch(/skip +mcp +tests\/check_tests_pass/);
		expect(list).toMatch(/bad +a command hook needs/);
	});

	it("the log, its details, the editor and the kill switch show their point", async () => {
		expect(await text("panel-log")).toMatch(/09:45:07 PreToolUse +Bash rm -rf build .* 41ms +2 block/);
		const details = await text("panel-log-details");
		expect(details).toContain("disabled in the /hooks panel");
		expect(details).toContain('matcher "Bash" did not match "Write"');
		expect(await text("panel-editor")).toContain('the timeout must be a positive number of seconds, got "ten"');
		expect(await text("panel-kill-switch")).toContain("hooks off · 1 switched off · 1 blocked");
		expect(await text("panel-kill-switch-panel")).toContain("ALL HOOKS ARE OFF in this pi session");
		expect(await text("panel-hook-details")).toMatch(/Last run +09:45:31 ask 112ms/);
		const history = await text("panel-log-history");
		expect(history).toContain("Showing 3 earlier records of 2 session(s) from the journal");
		expect(history).toMatch(/11-28 09:12 +1b7e40d2 +PreToolUse +Bash git push -.* deny/);
	});
});
