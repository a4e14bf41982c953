/**
 * Hooks from managed policy in the /hooks panel: labelled `Managed`, read-only (no edit, no delete), and kept on
 * by the per-hook switch, with the reason shown.
 */
import { afterEach, describe, expect, it } from "vitest";
import { KEY, mountPanel, type PanelHarness } from "./harness.ts";

let harness: PanelHarness | undefined;
afterEach(() => {
	harness?.dispose();
	harness = undefined;
});

const MANAGED = {
	hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "company-guard --strict" }] }] },
};
const USER = {
	hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "my-guard" }] }] },
};

describe("managed hooks in the panel", () => {
	it("are labelled Managed and listed before the user's", async () => {
		harness = await mountPanel({ cols: 100, rows: 30, settings: { 0: USER }, managed: MANAGED });
		const text = await harness.text();
		expect(text).toMatch(/on +cmd +company-guard --strict +Managed/);
		expect(text.indexOf("company-guard")).toBeLessThan(text.indexOf("my-guard"));
	});

	it("cannot be switched off, edited or deleted here, and say why", async () => {
		harness = await mountPanel({ cols: 100, rows: 30, settings: { 0: USER }, managed: MANAGED });
		await harness.type("company");
		expect(await harness.send(KEY.ctrlT).then(() => harness?.text())).toContain(
			"Managed hook: managed policy keeps it on; only managed policy can switch it off.",
		);
		const entry = harness.config().entries.find((candidate) => candidate.source.scope === "managed");
		expect(entry === undefined ? true : harness.state.isEnabled(entry)).toBe(true);
		expect(await harness.send(KEY.ctrlE).then(() => harness?.text())).toContain("Managed hooks are read-only here");
		expect(await harness.send(KEY.ctrlD).then(() => harness?.text())).toContain("Managed hooks are read-only here");
	});
});
