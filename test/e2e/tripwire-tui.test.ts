/**
 * The hook tripwire in the real pi in tmux: the first run's one baseline notice, then a user hook added before
 * the next run is named in a notice (event, command, file) that points at /hooks, whose "new or changed" view
 * (Ctrl+S) lists it; with `strictHooks: true` pi's dialog asks about it, and Yes lets it run.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PiSandbox } from "../support/pi-env.ts";
import { type TuiScreen, useTuiSuite } from "../support/tui-suite.ts";

const suite = useTuiSuite();

/** The screen's text with line breaks and runs of spaces as one space (notices wrap anywhere). */
const flat = (screen: string): string => screen.replace(/\s+/g, " ");

/** pi in tmux in `sandbox`, once its footer shows the scripted model. */
const start = async (sandbox: PiSandbox): Promise<TuiScreen> => {
	const pi = suite.startPi(sandbox);
	await pi.waitFor("fake-model");
	return pi;
};

const stop = { type: "command", command: "true" };

describe("the hook tripwire in the TUI", () => {
	it("tells the baseline once, then a new user hook with a pointer to /hooks", async () => {
		const sandbox = suite.sandbox();
		sandbox.writeJson("home/.claude/settings.json", { hooks: { Stop: [{ hooks: [stop] }] } });
		const first = await start(sandbox);
		await first.waitFor((screen) => flat(screen).includes("recorded 1 hook(s) as seen"));
		await first.quit();
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				Stop: [{ hooks: [stop] }],
				PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo tripped" }] }],
			},
		});
		const second = await start(sandbox);
		const screen = flat(await second.waitFor((text) => flat(text).includes("new hook PreToolUse: echo tripped")));
		expect(screen).toContain("1 hook(s) new or changed since you last looked; /hooks shows them:");
		expect(screen).toContain("new hook PreToolUse: echo tripped (~/.claude/settings.json)");
		// /hooks' "new or changed since you last looked" view (Ctrl+S) lists what this run found.
		second.type("/hooks");
		second.keys("Enter");
		await second.waitFor("Filter:");
		second.keys("C-s");
		const view = flat(await second.waitFor((text) => flat(text).includes("since you last looked, as this run")));
		expect(view).toContain("1 new and 0 changed hook(s) since you last looked");
		expect(view).toContain("echo tripped");
		// Esc leaves the view, then closes the panel (sent apart: ESC ESC would read as one key).
		second.keys("Escape");
		await second.waitFor((text) => !text.includes("since you last looked, as this run"));
		second.keys("Escape");
		await second.waitFor((text) => !text.includes("Filter:"));
		await second.quit();
	});

	it("with strictHooks asks in pi's dialog, and the approved hook runs", async () => {
		const sandbox = suite.sandbox();
		const marker = join(sandbox.root, "ran");
		sandbox.writeJson("home/.claude/settings.json", { hooks: { Stop: [{ hooks: [stop] }] } });
		const settings = JSON.parse(readFileSync(join(sandbox.agentDir, "settings.json"), "utf8")) as object;
		sandbox.writeJson("agent/settings.json", { ...settings, strictHooks: true });
		const first = await start(sandbox);
		await first.waitFor((screen) => flat(screen).includes("recorded 1 hook(s) as seen"));
		await first.quit();
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				Stop: [{ hooks: [stop] }],
				PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `touch "${marker}"` }] }],
			},
		});
		const second = await start(sandbox);
		await second.waitFor((screen) => flat(screen).includes("Run 1 new or changed hook(s)?"));
		second.keys("Enter");
		await second.waitFor((screen) => flat(screen).includes("approved 1 hook(s); they run from now on"));
		second.prompt("bash: echo one");
		await second.waitFor("fake-model saw tool result: one");
		expect(existsSync(marker)).toBe(true);
		await second.quit();
	});
});
