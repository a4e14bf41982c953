/**
 * Yes approves what was shown, on every path of the real pi's TUI (tmux; issue #40): the /hooks panel's Ctrl+T and
 * Ctrl+Y approve nothing when a covered script or the definition changed while the approval screen showed it, and
 * show the hooks again as they are now; strict mode's dialog for held hooks does the same.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { approvalsOf, hookSettings, mark, type TrustSandbox, trustSandbox } from "../support/trust-sandbox.ts";
import { type TuiScreen, useTuiSuite } from "../support/tui-suite.ts";

const suite = useTuiSuite();

/** Starts pi on a project hook that runs .claude/h.sh, declines its dialog and opens /hooks. */
const panelOn = async (): Promise<{ box: TrustSandbox; pi: TuiScreen }> => {
	const box = trustSandbox(suite.sandbox(), {
		project: hookSettings("PreToolUse", "Bash", { type: "command", command: "sh .claude/h.sh" }),
		files: { ".claude/h.sh": mark("good") },
	});
	const pi = suite.startPi(box, { rows: 40 });
	await pi.waitFor("Run 1 new or changed project hook(s)?");
	pi.keys("n");
	await pi.waitFor("will not run until approved");
	pi.type("/hooks");
	pi.keys("Enter");
	await pi.waitFor("Filter:");
	return { box, pi };
};

describe("the /hooks panel approves what it showed", () => {
	it("Ctrl+T: a script rewritten while shown approves nothing; the hook is shown again", async () => {
		const { box, pi } = await panelOn();
		pi.type("h.sh");
		pi.keys("C-t");
		await pi.waitForAll("Approve this project hook? It runs exactly this:", "approves it");
		writeFileSync(join(box.projectDir, ".claude", "h.sh"), mark("EVIL"));
		pi.keys("Enter");
		const again = await pi.waitFor("Nothing approved: 1 hook(s) changed since shown; shown again as they are now.");
		expect(again).toContain("Approve this project hook? It runs exactly this:");
		expect(approvalsOf(box)).toEqual({});
		pi.keys("Enter");
		await pi.waitFor("Approved: PreToolUse sh .claude/h.sh");
		expect(Object.values(approvalsOf(box))).toMatchObject([{ event: "PreToolUse", command: "sh .claude/h.sh" }]);
	});

	it("Ctrl+Y: a definition changed while shown approves nothing; the new one is shown", async () => {
		const { box, pi } = await panelOn();
		pi.keys("C-y");
		await pi.waitForAll("Approve this project hook? It runs exactly this:", "approves it");
		box.writeJson(
			"project/.claude/settings.json",
			hookSettings("PreToolUse", "Bash", { type: "command", command: "sh .claude/h.sh --evil" }),
		);
		pi.keys("Enter");
		const again = await pi.waitForAll("Nothing approved: 1 hook(s) changed since shown", "sh .claude/h.sh --evil");
		expect(again).toContain("Approve this project hook? It runs exactly this:");
		expect(approvalsOf(box)).toEqual({});
		pi.keys("Enter");
		await pi.waitFor("Approved: PreToolUse sh .claude/h.sh --evil");
		expect(Object.values(approvalsOf(box))).toMatchObject([{ command: "sh .claude/h.sh --evil" }]);
	});
});

/** The hooks recorded as seen in the sandbox's seen-hooks.json, by command. */
const seenCommands = (box: TrustSandbox): string[] =>
	Object.values(
		JSON.parse(readFileSync(join(box.agentDir, "pi-hook-manager", "seen-hooks.json"), "utf8")).hooks as Record<
			string,
			{ command: string }
		>,
	).map((hook) => hook.command);

describe("strict mode's dialog approves what it showed", () => {
	/** A strict-mode sandbox whose baseline is recorded, then a new user hook that runs ~/.claude/hooks/g.sh. */
	const heldOpen = async (): Promise<{ box: TrustSandbox; pi: TuiScreen }> => {
		const box = trustSandbox(suite.sandbox(), {
			user: hookSettings("Stop", undefined, { type: "command", command: "true" }),
			pi: { strictHooks: true },
		});
		const first = suite.startPi(box);
		await first.waitFor("recorded 1 hook(s) as seen");
		await first.quit();
		box.writeFile("home/.claude/hooks/g.sh", mark("good"));
		box.writeJson("home/.claude/settings.json", {
			hooks: {
				Stop: [{ hooks: [{ type: "command", command: "true" }] }],
				PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sh ~/.claude/hooks/g.sh" }] }],
			},
		});
		const pi = suite.startPi(box, { rows: 40 });
		await pi.waitFor("Run 1 new or changed hook(s)?");
		return { box, pi };
	};

	it("a script rewritten while the dialog is open: Yes approves nothing, the dialog asks again", async () => {
		const { box, pi } = await heldOpen();
		box.writeFile("home/.claude/hooks/g.sh", mark("EVIL"));
		pi.keys("Enter");
		const again = await pi.waitFor("nothing approved: 1 hook(s) changed while the dialog showed them");
		expect(again).toContain("Run 1 new or changed hook(s)?");
		expect(seenCommands(box)).toEqual(["true"]);
		pi.keys("Enter");
		await pi.waitFor("approved 1 hook(s); they run from now on");
		expect(seenCommands(box)).toEqual(["true", "sh ~/.claude/hooks/g.sh"]);
	});

	it("a definition changed while the dialog is open: Yes approves nothing, the new one is shown", async () => {
		const { box, pi } = await heldOpen();
		box.writeJson("home/.claude/settings.json", {
			hooks: {
				Stop: [{ hooks: [{ type: "command", command: "true" }] }],
				PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sh ~/.claude/hooks/g.sh x" }] }],
			},
		});
		pi.keys("Enter");
		const again = await pi.waitForAll("nothing approved: 1 hook(s) changed", "sh ~/.claude/hooks/g.sh x");
		expect(again).toContain("Run 1 new or changed hook(s)?");
		expect(seenCommands(box)).toEqual(["true"]);
		pi.keys("Enter");
		await pi.waitFor("approved 1 hook(s); they run from now on");
		expect(seenCommands(box)).toEqual(["true", "sh ~/.claude/hooks/g.sh x"]);
	});
});
