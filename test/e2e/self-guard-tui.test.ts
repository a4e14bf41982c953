/**
 * The self-guard in the real pi's TUI (tmux): a model bash call that would rewrite `~/.claude/settings.json` opens
 * pi's confirm dialog naming the file and its reason code; "No" blocks the call (the file stays as it was), "Yes"
 * lets it run.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { trustSandbox } from "../support/trust-sandbox.ts";
import { useTuiSuite } from "../support/tui-suite.ts";

const suite = useTuiSuite();

describe("the self-guard in the TUI", () => {
	it("asks before a model call rewrites ~/.claude/settings.json: No blocks it, Yes lets it run", async () => {
		const box = trustSandbox(suite.sandbox(), { user: {} });
		const settings = join(box.home, ".claude", "settings.json");
		const before = readFileSync(settings, "utf8");
		const pi = suite.startPi(box);
		await pi.waitFor("fake-model");
		pi.prompt(`bash: echo '{"hooks":{}}' > ~/.claude/settings.json`);
		const screen = await pi.waitForAll("Let the agent change a hook file?", "Allow this call?");
		expect(screen).toContain("This bash call would change ~/.claude/settings.json, a hook settings file");
		expect(screen).toContain("[settings_file]");
		pi.keys("Down");
		pi.keys("Enter");
		await pi.waitFor("fake-model saw tool result");
		expect(readFileSync(settings, "utf8")).toBe(before);
		expect(pi.capture()).toContain("the user declined it");
		pi.prompt(`bash: echo '{"hooks":{}}' > ~/.claude/settings.json; echo second`);
		await pi.waitFor((text) => text.split("Let the agent change a hook file?").length > 1);
		pi.keys("Enter");
		await pi.waitFor("fake-model saw tool result: second");
		expect(readFileSync(settings, "utf8")).toBe('{"hooks":{}}\n');
	});
});
