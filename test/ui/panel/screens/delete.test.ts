/**
 * The delete confirmation of the /hooks panel (screens/delete.ts): it asks first; Esc keeps the hook, Enter
 * deletes only it from its file.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Screen, screenLines } from "../../../support/screen.ts";
import { KEY, type PanelHarness, PROJECT_TEXT, usePanelMounts } from "../harness.ts";

const panels = usePanelMounts();

const mount = panels.project;

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

describe("undoing a delete", () => {
	it("ctrl+z puts the deleted hook back, byte for byte; the key line offers it only then", async () => {
		const h = await mount(100);
		expect(text(await h.screen())).not.toContain("undo delete");
		await h.type("guard");
		await h.send(KEY.ctrlD);
		let screen = await h.send(KEY.enter);
		expect(text(screen)).toContain("ctrl+z undoes it.");
		expect(text(screen)).toContain("ctrl+z undo delete");
		expect(readFileSync(projectFile(h), "utf8")).not.toBe(PROJECT_TEXT);
		screen = await h.send(KEY.ctrlZ);
		expect(text(screen)).toContain("Restored the deleted PreToolUse hook to Claude project");
		expect(readFileSync(projectFile(h), "utf8")).toBe(PROJECT_TEXT);
		h.runScheduled();
		screen = await h.send(KEY.escape);
		expect(text(screen)).toContain("./guard.sh");
		expect(text(screen)).not.toContain("undo delete");
		expect(text(await h.send(KEY.ctrlZ))).toContain("Nothing to undo");
	});

	it("restores a hook from the middle of its group to its place, switched off again if it was", async () => {
		const h = await mount(100);
		const middle = PROJECT_TEXT.replace(
			'{"type": "command", "command": "./guard.sh", "timeout": 10, "async": false}',
			'{"type": "command", "command": "./first.sh"},\n\t\t\t\t\t{"type": "command", "command": "./guard.sh"},' +
				'\n\t\t\t\t\t{"type": "command", "command": "./last.sh"}',
		);
		h.writeText(1, middle);
		await h.screen();
		await h.type("guard");
		await h.send(KEY.ctrlT);
		await h.send(KEY.ctrlD);
		await h.send(KEY.enter);
		expect(readFileSync(projectFile(h), "utf8")).not.toContain("guard.sh");
		await h.send(KEY.ctrlZ);
		expect(readFileSync(projectFile(h), "utf8")).toBe(middle);
		h.runScheduled();
		const guard = h.config().entries.find((entry) => entry.definition.command === "./guard.sh");
		expect(guard === undefined ? undefined : h.state.isEnabled(guard)).toBe(false);
	});

	it("adds the hook back to its matcher when the file changed since the delete, and says so", async () => {
		const h = await mount(100);
		await h.type("guard");
		await h.send(KEY.ctrlD);
		await h.send(KEY.enter);
		const changed = readFileSync(projectFile(h), "utf8").replace('"FOO": "1"', '"FOO": "2"');
		h.writeText(1, changed);
		const screen = await h.send(KEY.ctrlZ);
		expect(text(screen)).toContain("changed since the delete");
		const after = JSON.parse(readFileSync(projectFile(h), "utf8"));
		expect(after.env).toEqual({ FOO: "2" });
		expect(after.hooks).toEqual({
			PreToolUse: [
				{ matcher: "Bash", hooks: [{ type: "command", command: "./guard.sh", timeout: 10, async: false }] },
			],
		});
	});
});
