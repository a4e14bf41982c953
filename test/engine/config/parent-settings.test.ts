/** Hook settings above the project (read from real temp folders): found nearest first, the user's own skipped. */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parentHookSettings } from "../../../src/engine/config/parent-settings.ts";

let root = "";
beforeEach(() => {
	root = realpathSync(mkdtempSync(join(tmpdir(), "phm-parent-settings-")));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const write = (rel: string, value: unknown): string => {
	const file = join(root, rel);
	mkdirSync(join(file, ".."), { recursive: true });
	writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value));
	return file;
};
const hooks = { hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] } };

describe("parentHookSettings", () => {
	it("finds the settings with hooks above the project, nearest first, and not the project's own", () => {
		const repo = write("repo/.claude/settings.json", hooks);
		const local = write("repo/.claude/settings.local.json", hooks);
		const outer = write(".claude/settings.json", hooks);
		write("repo/app/sub/.claude/settings.json", hooks);
		mkdirSync(join(root, "repo", "app", "sub"), { recursive: true });
		expect(parentHookSettings(join(root, "repo", "app", "sub"), "/nonexistent-home")).toEqual([repo, local, outer]);
	});

	it("skips the user's home (its settings are read as the user's), files without hooks and broken files", () => {
		write("home/.claude/settings.json", hooks);
		write("home/work/.claude/settings.json", { permissions: {} });
		write("home/work/.claude/settings.local.json", "{ broken");
		write("home/work/repo/.claude/settings.json", { hooks: {} });
		mkdirSync(join(root, "home", "work", "repo", "app"), { recursive: true });
		expect(parentHookSettings(join(root, "home", "work", "repo", "app"), join(root, "home"))).toEqual([]);
	});
});
