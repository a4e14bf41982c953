/**
 * Claude Code 2.1.335's Interrupt in the real pi: Esc in the TUI while the turn is still busy (the model's slow
 * `sleep`) fires the Interrupt hook with `source: "user"`, `reason: "stop"`, `via: "terminal"`, and no Stop hook
 * (Claude Code runs none on an interrupt); a turn that ends by itself fires no Interrupt.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recordedStdins, recorder } from "../support/recorder.ts";
import { useTuiSuite } from "../support/tui-suite.ts";

const suite = useTuiSuite();

describe("Interrupt in the TUI", () => {
	it("Esc during a slow turn fires Interrupt (user, stop, terminal) and no Stop", async () => {
		const sandbox = suite.sandbox();
		const interrupts = join(sandbox.root, "interrupt.jsonl");
		const stops = join(sandbox.root, "stop.jsonl");
		const started = join(sandbox.root, "started.jsonl");
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				Interrupt: [{ hooks: [recorder(interrupts)] }],
				Stop: [{ hooks: [recorder(stops)] }],
				PreToolUse: [{ matcher: "Bash", hooks: [recorder(started)] }],
			},
		});
		const pi = suite.startPi(sandbox);
		await pi.waitFor("fake-model");
		pi.prompt("bash: sleep 60");
		// The turn is busy once the sleep's PreToolUse ran.
		await expect.poll(() => existsSync(started), { timeout: 20_000 }).toBe(true);
		pi.keys("Escape");
		await expect.poll(() => recordedStdins(interrupts).length, { timeout: 20_000 }).toBe(1);
		const [input] = recordedStdins(interrupts);
		expect(input).toMatchObject({
			hook_event_name: "Interrupt",
			source: "user",
			reason: "stop",
			via: "terminal",
			cwd: sandbox.projectDir,
		});
		expect(existsSync(stops)).toBe(false);
		// A turn that ends by itself is no interrupt: its Stop fires, Interrupt does not again.
		pi.prompt("say done");
		await expect.poll(() => recordedStdins(stops).length, { timeout: 20_000 }).toBe(1);
		expect(recordedStdins(interrupts)).toHaveLength(1);
		await pi.quit();
	});
});
