/**
 * The details screen of the /hooks panel (screens/details.ts): why a hook does not run, its switch from
 * there, scrolling and Esc back to the list, an invalid entry explained, and a hook that left its file.
 */
import { describe, expect, it } from "vitest";
import { screenLines } from "../../../support/screen.ts";
import { KEY, usePanelMounts } from "../harness.ts";

const panels = usePanelMounts();

describe("hook details", () => {
	it("say why a skipped hook does not run and show a disabled hook as disabled", async () => {
		const h = await panels.fixture(100, { rows: 50, trusted: false });
		await h.type("git_policy");
		let text = screenLines(await h.send(KEY.enter)).join("\n");
		expect(text).toMatch(/State\s+skipped: project is not trusted/);
		await h.send(KEY.escape, KEY.ctrlU);
		await h.type("block-rm");
		await h.send(KEY.ctrlT);
		text = screenLines(await h.send(KEY.enter)).join("\n");
		expect(text).toMatch(/State\s+disabled in this panel/);
		text = screenLines(await h.send(KEY.ctrlT)).join("\n");
		expect(text).toMatch(/State\s+enabled/);
	});

	it("scroll with the arrow keys when they are longer than the panel, and esc goes back", async () => {
		const h = await panels.fixture(80, { rows: 16 });
		await h.type("block-rm");
		let text = screenLines(await h.send(KEY.enter)).join("\n");
		expect(text).toContain("State");
		for (let i = 0; i < 40; i++) await h.send(KEY.down);
		text = screenLines(await h.screen()).join("\n");
		expect(text).not.toMatch(/State\s+enabled/);
		expect(text).toContain("}");
		text = screenLines(await h.send(KEY.escape)).join("\n");
		expect(text).toContain("Filter:");
	});

	it("explain an invalid entry: the problem, where it is, and that the rest of the file loads", async () => {
		const harness = await panels.fixture(80, { rows: 40 });
		const text = screenLines(await harness.send(KEY.enter)).join("\n");
		expect(text).toMatch(/Problem\s+a command hook needs a non-empty "command" string/);
		expect(text).toMatch(/Where\s+hooks\.UserPromptSubmit\[0\]\.hooks\[0\]\.command/);
		expect(text).toContain("the rest of the file still loads");
	});
});

describe("the details screen's keys", () => {
	it("say when the hook shown left its file, and Tab goes to the log tab", async () => {
		const h = await panels.fixture(80, { rows: 30 });
		await h.type("block-rm");
		let text = screenLines(await h.send(KEY.enter)).join("\n");
		expect(text).toContain("block-rm.sh");
		h.writeSettings(0, { hooks: {} });
		text = screenLines(await h.screen()).join("\n");
		expect(text).toContain("This hook is no longer in the settings (the file changed).");
		text = screenLines(await h.send(KEY.tab)).join("\n");
		expect(text).toContain("Filter:");
		expect(h.panel.currentTab()).toBe("log");
	});
});

describe("an ask row's details", () => {
	it("say what the user answered: allowed, denied, or that there was no UI to ask", async () => {
		const ask = JSON.stringify({
			hookSpecificOutput: {
				hookEventName: "PreToolUse",
				permissionDecision: "ask",
				permissionDecisionReason: "ok?",
			},
		});
		const h = await panels.mount({
			cols: 100,
			rows: 50,
			settings: {
				0: {
					hooks: {
						PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `echo '${ask}'` }] }],
					},
				},
			},
		});
		const call = (command: string) =>
			h.engine.dispatch({
				event: "PreToolUse",
				matchValues: ["Bash", "bash"],
				tool: { ccToolName: "Bash", ccInput: { command } },
				payload: { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } },
				session: h.session,
				summary: command,
			});
		const answers = [
			["allowed", "allowed: you let the call run"],
			["denied", "denied: you blocked the call"],
			["no_ui", "no UI to ask (print or JSON mode): the call was blocked"],
		] as const;
		for (const [answer] of answers) (await call(`echo ${answer}-call`)).record?.answered(answer);
		await h.send(KEY.tab);
		for (const [answer, words] of answers) {
			await h.type(`${answer}-call`);
			const text = screenLines(await h.send(KEY.enter)).join("\n");
			expect(text).toMatch(new RegExp(`Answer\\s+${words.replace(/[()]/g, "\\$&")}`));
			await h.send(KEY.escape, KEY.ctrlU);
		}
	});
});
