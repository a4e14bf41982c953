import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { settingsSources } from "../../../src/engine/config/sources.ts";
import { createConfigStore } from "../../../src/engine/config/store.ts";

let root: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "phm-store-"));
	for (const dir of ["home/.claude", "agent", "project/.claude", "project/.pi"])
		mkdirSync(join(root, dir), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const locations = () => ({
	home: join(root, "home"),
	agentDir: join(root, "agent"),
	projectDir: join(root, "project"),
});
const hooks = (...commands: string[]) =>
	JSON.stringify({
		hooks: { PreToolUse: [{ matcher: "Bash", hooks: commands.map((command) => ({ type: "command", command })) }] },
	});
const write = (rel: string, text: string, mtimeSec?: number) => {
	writeFileSync(join(root, rel), text);
	if (mtimeSec !== undefined) utimesSync(join(root, rel), mtimeSec, mtimeSec);
};
const commands = (store: ReturnType<typeof createConfigStore>) =>
	store.current().entries.map((e) => (e.handler.type === "command" ? `${e.source.scope}:${e.handler.command}` : ""));

describe("createConfigStore", () => {
	it("reads all five files, in source order", () => {
		write("home/.claude/settings.json", hooks("u"));
		write("project/.claude/settings.json", hooks("p"));
		write("project/.claude/settings.local.json", hooks("l"));
		write("agent/settings.json", hooks("g"));
		write("project/.pi/settings.json", hooks("pp"));
		const store = createConfigStore({ sources: settingsSources(locations()), isTrusted: () => true });
		expect(commands(store)).toEqual([
			"claude-user:u",
			"claude-project:p",
			"claude-local:l",
			"pi-global:g",
			"pi-project:pp",
		]);
	});

	it("picks up an edit on the next check, and keeps the last good hooks when an edit breaks the file", () => {
		write("project/.claude/settings.json", hooks("one"), 1000);
		let clock = 0;
		const store = createConfigStore({
			sources: settingsSources(locations()),
			isTrusted: () => true,
			now: () => clock,
		});
		expect(commands(store)).toEqual(["claude-project:one"]);
		write("project/.claude/settings.json", hooks("one", "two"), 2000);
		expect(commands(store)).toEqual(["claude-project:one"]); // within the check interval
		clock += 1000;
		expect(commands(store)).toEqual(["claude-project:one", "claude-project:two"]);
		write("project/.claude/settings.json", '{"hooks": ', 3000);
		clock += 1000;
		expect(commands(store)).toEqual(["claude-project:one", "claude-project:two"]);
		expect(store.current().issues[0]?.message).toContain("keeping the 2 hook(s) from before the edit");
	});

	it("reports a directory, an unreadable path and a broken symlink without losing other sources", () => {
		write("home/.claude/settings.json", hooks("u"));
		mkdirSync(join(root, "project/.claude/settings.json"));
		symlinkSync(join(root, "nowhere.json"), join(root, "project/.pi/settings.json"));
		const store = createConfigStore({ sources: settingsSources(locations()), isTrusted: () => true });
		expect(commands(store)).toEqual(["claude-user:u"]);
		expect(store.current().issues.map((i) => i.message)).toEqual(["is a directory, not a settings file"]);
	});

	it("follows trust changes without a file change", () => {
		write("project/.claude/settings.json", hooks("p"));
		let trusted = false;
		const store = createConfigStore({ sources: settingsSources(locations()), isTrusted: () => trusted });
		expect(commands(store)).toEqual([]);
		expect(store.current().skipped).toHaveLength(1);
		trusted = true;
		expect(commands(store)).toEqual(["claude-project:p"]);
	});
});

describe("an emptied settings file", () => {
	it("drops its hooks but says so", () => {
		write("project/.claude/settings.json", hooks("guard"), 1000);
		let clock = 0;
		const store = createConfigStore({
			sources: settingsSources(locations()),
			isTrusted: () => true,
			now: () => clock,
		});
		expect(commands(store)).toEqual(["claude-project:guard"]);
		write("project/.claude/settings.json", "", 2000);
		clock += 1000;
		expect(commands(store)).toEqual([]);
		expect(store.current().issues.map((issue) => issue.message)).toEqual([
			"is now empty: its 1 hook(s) no longer run",
		]);
	});

	it("seen for a moment while an editor rewrites the file, does not make a later broken edit drop the guards", () => {
		write("project/.claude/settings.json", hooks("guard"), 1000);
		let clock = 0;
		const store = createConfigStore({
			sources: settingsSources(locations()),
			isTrusted: () => true,
			now: () => clock,
		});
		expect(commands(store)).toEqual(["claude-project:guard"]);
		write("project/.claude/settings.json", "", 2000);
		clock += 1000;
		expect(commands(store)).toEqual([]);
		write("project/.claude/settings.json", '{"hooks": {', 3000);
		clock += 1000;
		expect(commands(store)).toEqual(["claude-project:guard"]);
		expect(store.current().issues[0]?.kind).toBe("kept_last_good");
	});
});

describe("latest and checkSoon: the hot path reads the last check, the files are checked between events", () => {
	const names = (config: { entries: readonly { handler: { type: string; command?: string } }[] }) =>
		config.entries.map((entry) => entry.handler.command);

	it("latest() does not see an edit until checkSoon() has run on the next turn of the event loop", async () => {
		write("home/.claude/settings.json", hooks("one"), 1_000);
		const store = createConfigStore({
			sources: settingsSources(locations()),
			isTrusted: () => true,
			checkIntervalMs: 0,
		});
		expect(names(store.latest())).toEqual(["one"]);
		write("home/.claude/settings.json", hooks("two"), 2_000);
		expect(names(store.latest())).toEqual(["one"]);
		store.checkSoon();
		expect(names(store.latest())).toEqual(["one"]);
		await new Promise((resolve) => setImmediate(resolve));
		expect(names(store.latest())).toEqual(["two"]);
	});

	it("latest() checks at once after invalidate() (a new prompt sees every edit)", () => {
		write("home/.claude/settings.json", hooks("one"), 1_000);
		const store = createConfigStore({ sources: settingsSources(locations()), isTrusted: () => true });
		expect(names(store.latest())).toEqual(["one"]);
		write("home/.claude/settings.json", hooks("two"), 2_000);
		store.invalidate();
		expect(names(store.latest())).toEqual(["two"]);
	});
	it("tells onChange of each new configuration (a file or approval changed), not of a check that found none", () => {
		write("home/.claude/settings.json", hooks("one"), 1_000);
		let clock = 0;
		let approvals = 0;
		const heard: string[][] = [];
		const store = createConfigStore({
			sources: settingsSources(locations()),
			isTrusted: () => true,
			approvalsVersion: () => approvals,
			now: () => clock,
			// It may read the store: the new configuration is already the current one.
			onChange: (config) => heard.push([...names(config).map(String), String(store.current() === config)]),
		});
		store.current();
		clock += 1_000;
		store.current();
		expect(heard).toEqual([["one", "true"]]);
		write("home/.claude/settings.json", hooks("two"), 2_000);
		clock += 1_000;
		store.current();
		approvals += 1;
		store.current();
		expect(heard).toEqual([
			["one", "true"],
			["two", "true"],
			["two", "true"],
		]);
	});
});
