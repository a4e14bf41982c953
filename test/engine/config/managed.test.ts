import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { managedFiles } from "../../../src/engine/config/managed.ts";
import { managedSettingsDir, settingsSources, sourceLabel } from "../../../src/engine/config/sources.ts";
import { createConfigStore } from "../../../src/engine/config/store.ts";

let root: string;
let managed: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "phm-managed-"));
	managed = join(root, "etc-claude-code");
	mkdirSync(join(managed, "managed-settings.d"), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const hooks = (command: string) =>
	JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] } });
const store = () =>
	createConfigStore({
		sources: settingsSources({
			home: join(root, "home"),
			agentDir: join(root, "agent"),
			projectDir: join(root, "p"),
		}),
		managedDir: managed,
		isTrusted: () => true,
	});
const commands = () =>
	store()
		.current()
		.entries.map((entry) => (entry.handler.type === "command" ? entry.handler.command : ""));

describe("managed policy files", () => {
	it("lives where Claude Code looks for it on each platform", () => {
		expect(managedSettingsDir("linux")).toBe("/etc/claude-code");
		expect(managedSettingsDir("darwin")).toBe("/Library/Application Support/ClaudeCode");
	});

	it("reads managed-settings.json, then managed-settings.d/*.json in alphabetical order, labelled Managed", () => {
		writeFileSync(join(managed, "managed-settings.json"), hooks("main"));
		writeFileSync(join(managed, "managed-settings.d", "20-b.json"), hooks("b"));
		writeFileSync(join(managed, "managed-settings.d", "10-a.json"), hooks("a"));
		writeFileSync(join(managed, "managed-settings.d", "notes.txt"), hooks("not json"));
		writeFileSync(join(managed, "managed-settings.d", ".hidden.json"), hooks("hidden"));
		expect(commands()).toEqual(["main", "a", "b"]);
		const entry = store().current().entries[0];
		expect(entry === undefined ? "" : sourceLabel(entry.source)).toBe("Managed");
	});

	it("a managed file that is a directory or cannot be read is reported and skips only itself", () => {
		writeFileSync(join(managed, "managed-settings.json"), hooks("main"));
		mkdirSync(join(managed, "managed-settings.d", "10-dir.json"));
		const loop = join(managed, "managed-settings.d", "20-loop.json");
		symlinkSync(loop, loop);
		writeFileSync(join(managed, "managed-settings.d", "30-ok.json"), hooks("ok"));
		const config = store().current();
		expect(config.entries.map((entry) => (entry.handler.type === "command" ? entry.handler.command : ""))).toEqual([
			"main",
			"ok",
		]);
		expect(config.issues).toEqual([
			{
				file: join(managed, "managed-settings.d", "10-dir.json"),
				path: "",
				message: "is a directory, not a settings file",
				source: "Managed",
			},
			{ file: loop, path: "", message: expect.stringMatching(/^cannot be read: .*ELOOP/), source: "Managed" },
			...[join(managed, "managed-settings.d", "10-dir.json"), loop].map((file) => ({
				file,
				path: "allowedHttpHookUrls",
				message: "cannot be read, so no http hook URL is admitted (managed policy fails closed)",
				kind: "http_closed",
				source: "Managed",
			})),
		]);
		// Claude Code 2.1.267: what the unreadable files allowed is unknown, so no http hook URL is admitted.
		expect(config.allowedHttpHookUrls).toEqual([[]]);
	});

	it("no managed folder is no managed policy", () => {
		expect(managedFiles(join(root, "nowhere")).issues).toEqual([]);
		rmSync(managed, { recursive: true });
		expect(commands()).toEqual([]);
	});
});
