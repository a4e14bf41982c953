/**
 * Hostile plugin, managed and skill files: a FIFO where the install records should be, a manifest that is
 * /dev/zero, an install path of `/`, a YAML alias bomb in a skill, a managed drop-in folder full of junk. Each
 * ends quickly in a reported problem that skips only itself; nothing hangs, nothing throws.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseFrontmatterHooks, skillSource } from "../../src/engine/config/frontmatter.ts";
import { settingsSources } from "../../src/engine/config/sources.ts";
import { createConfigStore } from "../../src/engine/config/store.ts";
import { layClaudeLayout } from "../support/claude-layout.ts";

let root = "";
let home = "";
let project = "";
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "phm-hostile-plugins-"));
	home = join(root, "home");
	project = join(root, "project");
	mkdirSync(home, { recursive: true });
	mkdirSync(project, { recursive: true });
	layClaudeLayout(home, project);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const load = (managedDir?: string) =>
	createConfigStore({
		sources: settingsSources({ home, agentDir: join(root, "agent"), projectDir: project }),
		plugins: { home, projectDir: project },
		...(managedDir === undefined ? {} : { managedDir }),
		isTrusted: () => true,
	}).current();
const records = () => join(home, ".claude", "plugins", "installed_plugins.json");
const guardRoot = () => join(home, ".claude", "plugins", "cache", "my-marketplace", "guard", "1.0.0");

describe("hostile plugin files", () => {
	it("install records that are a FIFO are reported, not read (reading would wait for a writer forever)", () => {
		rmSync(records());
		execFileSync("mkfifo", [records()]);
		const config = load();
		expect(config.entries).toEqual([]);
		expect(config.issues.map((issue) => issue.file)).toEqual([records()]);
	});

	it("a manifest and a hooks.json that are /dev/zero are reported, and the other plugin still loads", () => {
		const manifest = join(guardRoot(), ".claude-plugin", "plugin.json");
		rmSync(manifest);
		symlinkSync("/dev/zero", manifest);
		const notesHooks = join(home, ".claude/plugins/cache/my-marketplace/notes/0.2.0/extra/hooks.json");
		rmSync(notesHooks);
		symlinkSync("/dev/zero", notesHooks);
		const config = load();
		expect(config.issues.map((issue) => issue.file).sort()).toEqual([manifest, notesHooks].sort());
		expect(config.entries.map((entry) => entry.source.plugin?.id)).toEqual(["notes@my-marketplace"]);
	});

	it("an install path of / or of a file loads no hooks and does not walk the disk", () => {
		const data = {
			version: 2,
			plugins: {
				"guard@my-marketplace": [{ scope: "user", installPath: "/" }],
				"notes@my-marketplace": [{ scope: "user", installPath: "/etc/hostname" }],
			},
		};
		writeFileSync(records(), JSON.stringify(data));
		const config = load();
		expect(config.entries).toEqual([]);
	});

	it("a YAML alias bomb in a skill's frontmatter is an issue, not a hang", () => {
		const bomb = [
			"---",
			'a: &a ["x","x","x","x","x","x","x","x","x"]',
			...Array.from(
				{ length: 9 },
				(_, i) =>
					`${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9)
						.fill(`*${String.fromCharCode(97 + i)}`)
						.join(",")}]`,
			),
			"hooks: *j",
			"---",
		].join("\n");
		const parsed = parseFrontmatterHooks(bomb, skillSource("/s/bomb/SKILL.md", false));
		expect(parsed.entries).toEqual([]);
		expect(parsed.issues).toHaveLength(1);
	});

	it("a managed drop-in folder of junk: folders, FIFOs, binary and empty files each skip only themselves", () => {
		const managed = join(root, "managed");
		const dropIns = join(managed, "managed-settings.d");
		mkdirSync(dropIns, { recursive: true });
		mkdirSync(join(dropIns, "a.json"));
		execFileSync("mkfifo", [join(dropIns, "b.json")]);
		writeFileSync(join(dropIns, "c.json"), Buffer.from([0xff, 0xfe, 0x00, 0x01]));
		writeFileSync(join(dropIns, "d.json"), "");
		writeFileSync(
			join(dropIns, "e.json"),
			JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "echo ok" }] }] } }),
		);
		const config = load(managed);
		expect(config.entries.filter((entry) => entry.source.scope === "managed")).toHaveLength(1);
		const unusable = [join(dropIns, "a.json"), join(dropIns, "b.json"), join(dropIns, "c.json")];
		expect(config.issues.filter((issue) => issue.kind !== "http_closed").map((issue) => issue.file)).toEqual(
			unusable,
		);
		// Each unusable managed file also closes the http allow-list (Claude Code 2.1.267).
		expect(config.issues.filter((issue) => issue.kind === "http_closed").map((issue) => issue.file)).toEqual(
			unusable,
		);
	});
});
