/**
 * Hooks from managed policy in the /hooks panel: labelled `Managed`, read-only (no edit, no delete), and kept on
 * by the per-hook switch, with the reason shown; a bad managed entry's details do not point at the editor.
 */
import { describe, expect, it } from "vitest";
import { KEY, usePanelMounts } from "./harness.ts";

const panels = usePanelMounts();

const MANAGED = {
	hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "company-guard --strict" }] }] },
};
const USER = {
	hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "my-guard" }] }] },
};

describe("managed hooks in the panel", () => {
	it("are labelled Managed and listed before the user's", async () => {
		const harness = await panels.mount({ cols: 100, rows: 30, settings: { 0: USER }, managed: MANAGED });
		const text = await harness.text();
		expect(text).toMatch(/on +cmd +company-guard --strict +Managed/);
		expect(text.indexOf("company-guard")).toBeLessThan(text.indexOf("my-guard"));
	});

	it("cannot be switched off, edited or deleted here, and say why", async () => {
		const harness = await panels.mount({ cols: 100, rows: 30, settings: { 0: USER }, managed: MANAGED });
		await harness.type("company");
		expect(await harness.send(KEY.ctrlT).then(() => harness.text())).toContain(
			"Managed hook: managed policy keeps it on; only managed policy can switch it off.",
		);
		const entry = harness.config().entries.find((candidate) => candidate.source.scope === "managed");
		expect(entry === undefined ? true : harness.state.isEnabled(entry)).toBe(true);
		expect(await harness.send(KEY.ctrlE).then(() => harness.text())).toContain("Managed hooks are read-only here");
		expect(await harness.send(KEY.ctrlD).then(() => harness.text())).toContain("Managed hooks are read-only here");
	});
});

describe("a bad entry's details in the panel", () => {
	const bad = (command: string) => ({
		hooks: { PreToolUse: [{ matcher: 5, hooks: [{ type: "command", command }] }] },
	});

	it("point a settings file's bad entry at the editor, and a managed one only at its file", async () => {
		const harness = await panels.mount({
			cols: 200,
			rows: 40,
			settings: { 0: bad("mine") },
			managed: bad("theirs"),
		});
		const details = async (): Promise<string> => {
			await harness.send(KEY.enter);
			const text = (await harness.text()) ?? "";
			await harness.send(KEY.escape);
			return text.replace(/\s+/g, " ");
		};
		expect(harness.config().issues).toHaveLength(2);
		await harness.type("invalid");
		const texts = [await details()];
		await harness.send(KEY.down);
		texts.push(await details());
		const managed = texts.find((text) => text.includes("Source Managed")) ?? "";
		const mine = texts.find((text) => text.includes("Source Claude user")) ?? "";
		expect(managed).toContain("This entry is skipped; the rest of the file still loads");
		expect(managed).toContain("files are read-only in the /hooks editor");
		expect(managed).not.toContain("delete it with the editor");
		expect(mine).toContain("delete it with the editor once it parses");
		// The key line offers only what works: no switch on a problem, no edit or delete of a read-only file.
		expect(managed).not.toMatch(/ctrl\+e edit|ctrl\+t on\/off|ctrl\+d delete/);
		expect(mine).toMatch(/ctrl\+e edit/);
		expect(mine).not.toMatch(/ctrl\+t on\/off/);
	});
});
