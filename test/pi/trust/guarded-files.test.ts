/**
 * Which files the self-guard protects, gathered from a live configuration over real files (the recorded Claude Code
 * plugin layout, an agent definition with hook frontmatter, a project hook and its script); the `guardHookFiles`
 * switch in pi's global settings; and the guard of a session (src/pi/trust/self-guard.ts) blocking without a UI.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { ExtensionContext, ToolCallEvent } from "@earendil-works/pi-coding-agent";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { settingsSources } from "../../../src/engine/config/sources.ts";
import { createConfigStore } from "../../../src/engine/config/store.ts";
import { createCoverage } from "../../../src/host/trust/coverage.ts";
import { collectGuardedFiles, guardOn, realpathOf } from "../../../src/pi/trust/guarded-files.ts";
import { createSelfGuard } from "../../../src/pi/trust/self-guard.ts";
import { layClaudeLayout } from "../../support/claude-layout.ts";

let root: string;
let home: string;
let agentDir: string;
let project: string;

const write = (path: string, text: string): void => {
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, text);
};

beforeEach(() => {
	root = realpathSync(mkdtempSync(join(tmpdir(), "phm-guarded-")));
	home = join(root, "home");
	agentDir = join(root, "agent");
	project = join(root, "project");
	layClaudeLayout(home, project);
	write(join(agentDir, "settings.json"), "{}");
	write(
		join(home, ".claude", "agents", "reviewer.md"),
		[
			"---",
			"name: reviewer",
			"hooks:",
			"  PreToolUse:",
			"    - matcher: Bash",
			"      hooks:",
			"        - type: command",
			"          command: echo hi",
			"---",
			"Review.",
			"",
		].join("\n"),
	);
	write(
		join(project, ".claude", "settings.json"),
		JSON.stringify({
			enabledPlugins: { "notes@my-marketplace": true },
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sh tools/check.sh" }] }] },
		}),
	);
	write(join(project, "tools", "check.sh"), "exit 0\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const storeOf = () =>
	createConfigStore({
		sources: settingsSources({ home, agentDir, projectDir: project }),
		plugins: { home, projectDir: project },
		isTrusted: () => true,
	});

const where = () => ({ home, claudeDir: join(home, ".claude"), agentDir, projectDir: project });

describe("the guarded files of a session", () => {
	it("are the settings files of every source, plugin files, hook frontmatter and covered files", () => {
		const files = collectGuardedFiles(storeOf().current(), where(), createCoverage(project, [agentDir]));
		const kindOf = (path: string) => files.find((file) => file.path === path)?.kind;
		const plugin = join(home, ".claude", "plugins", "cache", "my-marketplace");
		expect(kindOf(join(home, ".claude", "settings.json"))).toBe("settings_file");
		// Files that do not exist yet are guarded too: creating one adds hooks.
		expect(kindOf(join(home, ".claude", "settings.local.json"))).toBe("settings_file");
		expect(kindOf(join(project, ".claude", "settings.local.json"))).toBe("settings_file");
		expect(kindOf(join(project, ".pi", "settings.json"))).toBe("settings_file");
		expect(kindOf(join(agentDir, "settings.json"))).toBe("settings_file");
		expect(kindOf(join(plugin, "guard", "1.0.0", "hooks", "hooks.json"))).toBe("plugin_file");
		expect(kindOf(join(plugin, "guard", "1.0.0", ".claude-plugin", "plugin.json"))).toBe("plugin_file");
		// A hook file the notes plugin's manifest names by path.
		expect(kindOf(join(plugin, "notes", "0.2.0", "extra", "hooks.json"))).toBe("plugin_file");
		expect(kindOf(join(home, ".claude", "plugins", "installed_plugins.json"))).toBe("plugin_file");
		expect(kindOf(join(home, ".claude", "agents", "reviewer.md"))).toBe("hook_frontmatter");
		expect(kindOf(join(project, "tools", "check.sh"))).toBe("covered_file");
		expect(kindOf(join(project, "README.md"))).toBeUndefined();
	});

	it("resolve through a symlinked folder and a symlinked file, also for a file not written yet", () => {
		const settings = join(home, ".claude", "settings.json");
		symlinkSync(join(home, ".claude"), join(project, "cfg"));
		symlinkSync(settings, join(project, "s.json"));
		expect(realpathOf(join(project, "cfg", "settings.json"))).toBe(settings);
		expect(realpathOf(join(project, "cfg", "new.json"))).toBe(join(home, ".claude", "new.json"));
		expect(realpathOf(join(project, "s.json"))).toBe(settings);
		expect(realpathOf(join(project, "no", "such", "file"))).toBe(join(project, "no", "such", "file"));
	});

	it("are off only with guardHookFiles: false in pi's global settings", () => {
		expect(guardOn(agentDir)).toBe(true);
		write(join(agentDir, "settings.json"), JSON.stringify({ guardHookFiles: "no" }));
		expect(guardOn(agentDir)).toBe(true);
		write(join(agentDir, "settings.json"), "{ broken");
		expect(guardOn(agentDir)).toBe(true);
		write(join(agentDir, "settings.json"), JSON.stringify({ guardHookFiles: false }));
		expect(guardOn(agentDir)).toBe(false);
	});

	it("a session's guard blocks a write to a plugin's hooks.json without a UI, and follows the switch", () => {
		const store = storeOf();
		const guard = createSelfGuard({
			store,
			projectDir: project,
			home: () => home,
			agentDir: () => agentDir,
			env: {},
		});
		const hooksJson = join(
			home,
			".claude",
			"plugins",
			"cache",
			"my-marketplace",
			"guard",
			"1.0.0",
			"hooks",
			"hooks.json",
		);
		const event = {
			type: "tool_call",
			toolCallId: "c1",
			toolName: "bash",
			input: { command: `echo '{}' > ${hooksJson}` },
		} as unknown as ToolCallEvent;
		const ctx = { cwd: project, hasUI: false } as ExtensionContext;
		expect(guard.hitOf(event, ctx)).toEqual({ kind: "plugin_file", path: hooksJson, target: hooksJson });
		expect(guard.check({ ...event, toolName: "read" } as ToolCallEvent, ctx)).toBeUndefined();
		write(join(agentDir, "settings.json"), JSON.stringify({ guardHookFiles: false }));
		store.invalidate();
		expect(guard.hitOf(event, ctx)).toBeUndefined();
	});
});
