/**
 * The delete confirmation of the /hooks panel (screens/delete.ts): it asks first; Esc keeps the hook, Enter
 * deletes only it from its file.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { type Screen, screenLines } from "../../../support/screen.ts";
import { KEY, mountProjectPanel, type PanelHarness, PROJECT_TEXT } from "../harness.ts";

let harness: PanelHarness | undefined;
afterEach(() => {
	harness?.dispose();
	harness = undefined;
});

const mount = async (cols: number, rows = 40): Promise<PanelHarness> => {
	harness = await mountProjectPanel(cols, rows);
	return harness;
};

const text = (screen: Screen): string => screenLines(screen).join("\n");
const projectFile = (h: PanelHarness): string => h.sources[1]?.file ?? "";

describe("deleting a hook", () => {
	it("asks before deleting; esc keeps the hook, enter deletes only it", async () => {
		const h = await mount(80);
		await h.type("guard");
		let screen = await h.send(KEY.ctrlD);
		expect(text(screen)).toContain("Delete this hook?");
		expect(text(screen)).toContain("Hooks > delete");
		expect(text(screen)).toContain("./guard.sh");
		screen = await h.send(KEY.escape);
		expect(readFileSync(projectFile(h), "utf8")).toBe(PROJECT_TEXT);
		await h.send(KEY.ctrlD);
		screen = await h.send(KEY.enter);
		expect(text(screen)).toContain("Deleted PreToolUse hook from Claude project");
		const after = JSON.parse(readFileSync(projectFile(h), "utf8"));
		// The file's last hook went with its "hooks" key: no "hooks": {} is left behind.
		expect(after).toEqual({ permissions: { allow: ["Bash(npm test)"], deny: [] }, env: { FOO: "1" } });
		expect(readFileSync(projectFile(h), "utf8")).toContain(
			'"permissions": {"allow": ["Bash(npm test)"], "deny": []},',
		);
	});
});
