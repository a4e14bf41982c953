/**
 * The footer's hook counts follow what changes them, in the real pi in tmux: approving the waiting project
 * hooks in pi's start-up dialog takes `waiting for approval` off the footer at once, as `/hooks status` says.
 */
import { describe, expect, it } from "vitest";
import { type TuiScreen, useTuiSuite } from "../support/tui-suite.ts";

const suite = useTuiSuite();
const cmd = (command: string) => ({ hooks: [{ type: "command", command }] });
/** The screen's text with line breaks and runs of spaces as one space (notices wrap anywhere). */
const flat = (screen: string): string => screen.replace(/\s+/g, " ");
describe("the footer's hook counts", () => {
	it("drop the waiting hooks once they are approved in the start-up dialog", async () => {
		const box = suite.sandbox();
		box.writeJson("home/.claude/settings.json", { hooks: { Stop: [cmd("echo mine")] } });
		box.writeJson("project/.claude/settings.json", { hooks: { Stop: [cmd("echo one"), cmd("echo two")] } });
		const screen: TuiScreen = suite.startPi(box);
		await screen.waitFor("Run 2 new or changed project hook(s)?");
		screen.keys("y");
		await screen.waitFor("approved 2 project hook(s)");
		screen.type("/hooks status");
		await screen.waitFor("/hooks status");
		screen.keys("Enter");
		// The status counts the approved hooks as on; the footer, drawn after it, says nothing waits either.
		await screen.waitFor((text) => flat(text).includes("hooks: 3 hooks: 3 on; kill switch not set"));
		const after = await screen.waitFor((text) => text.includes("fake-model") && !text.includes("waiting for"));
		expect(after).not.toContain("waiting for approval");
	});
});
