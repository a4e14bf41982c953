/**
 * The hook manager between pi and the panel: the engine's seams (switches, kill switch, firing log), the
 * footer kept in step, switches of deleted hooks (and of uninstalled plugins' hooks) forgotten at session start, and
 * no panel without a UI.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { settingsSources } from "../../../src/engine/config/sources.ts";
import { createConfigStore } from "../../../src/engine/config/store.ts";
import type { HookConfig } from "../../../src/engine/types.ts";
import { createHookManager, type HookManager } from "../../../src/pi/manager/hook-manager.ts";
import { createHookState, hookStateFile } from "../../../src/pi/stores/hook-state.ts";
import { layClaudeLayout } from "../../support/claude-layout.ts";
import { liveSession, NO_FOOTER } from "../../support/manager-deps.ts";
import { exitedWith, firingRecord } from "../../ui/panel/fixtures.ts";

let dir: string;
let manager: HookManager;
let footer: { killSwitch: boolean[]; disabled: number[] };
let notices: string[];
let config: () => HookConfig;
let ctx: ExtensionContext;

const SETTINGS = {
	hooks: {
		PreToolUse: [
			{
				matcher: "Bash",
				hooks: [
					{ type: "command", command: "a.sh" },
					{ type: "command", command: "b.sh" },
				],
			},
		],
	},
};

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "hook-manager-"));
	const [home, agentDir, projectDir] = ["home", "agent", "project"].map((name) => join(dir, name)) as [
		string,
		string,
		string,
	];
	const sources = settingsSources({ home, agentDir, projectDir });
	const userFile = sources[0]?.file ?? "";
	mkdirSync(dirname(userFile), { recursive: true });
	writeFileSync(userFile, JSON.stringify(SETTINGS));
	const store = createConfigStore({ sources, isTrusted: () => true, checkIntervalMs: 0 });
	config = () => store.current();
	footer = { killSwitch: [], disabled: [] };
	notices = [];
	manager = createHookManager({
		agentDir: () => agentDir,
		home: () => home,
		live: liveSession(() => config()),
		currentCtx: () => ctx,
		env: process.env,
		clock: Date.now,
		footer: {
			setKillSwitch: (on) => void footer.killSwitch.push(on),
			setHookCounts: (counts) => void footer.disabled.push(counts.off),
			refresh: () => {},
		},
	});
	ctx = {
		cwd: projectDir,
		hasUI: true,
		isProjectTrusted: () => true,
		ui: { notify: (text: string) => void notices.push(text) },
	} as unknown as ExtensionContext;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("createHookManager", () => {
	it("the kill switch turns every hook off for the engine and the footer, says so, and is not saved", () => {
		manager.sessionStart(ctx);
		expect(manager.allOff()).toBe(false);
		manager.toggleKillSwitch(ctx);
		expect(manager.allOff()).toBe(true);
		expect(footer.killSwitch.at(-1)).toBe(true);
		expect(notices.at(-1)).toContain("ALL HOOKS ARE OFF for this pi session (not saved; a restart turns them on)");
		manager.toggleKillSwitch(ctx);
		expect(manager.allOff()).toBe(false);
		expect(footer.killSwitch.at(-1)).toBe(false);
		expect(notices.at(-1)).toBe("hooks: hooks are on again.");
	});

	it("asks the saved switches, shows the disabled count in the footer, and forgets switches of deleted hooks", () => {
		const [a, b] = config().entries;
		if (a === undefined || b === undefined) throw new Error("no entries");
		const state = createHookState(hookStateFile(join(dir, "agent")));
		state.setEnabled(a, false);
		state.setEnabled(b, false);
		// b.sh is deleted from the file before this pi starts.
		writeFileSync(
			a.source.file,
			JSON.stringify({
				hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "a.sh" }] }] },
			}),
		);
		manager.sessionStart(ctx);
		expect(manager.isEnabled(a)).toBe(false);
		expect(footer.disabled.at(-1)).toBe(1);
		expect(createHookState(hookStateFile(join(dir, "agent"))).isEnabled(b)).toBe(true);
	});

	it("forgets the switch of a hook deleted during the session when the panel opens", async () => {
		const [a] = config().entries;
		if (a === undefined) throw new Error("no entry");
		createHookState(hookStateFile(join(dir, "agent"))).setEnabled(a, false);
		manager.sessionStart(ctx);
		expect(manager.isEnabled(a)).toBe(false);
		writeFileSync(a.source.file, JSON.stringify({ hooks: {} }));
		const custom = vi.fn(async () => undefined);
		await manager.openPanel({ ...ctx, ui: { ...ctx.ui, custom } } as unknown as ExtensionContext);
		expect(custom).toHaveBeenCalledOnce();
		expect(createHookState(hookStateFile(join(dir, "agent"))).isEnabled(a)).toBe(true);
	});

	it("keeps the firing records the engine reports, for the panel", () => {
		manager.sessionStart(ctx);
		const [a] = config().entries;
		if (a === undefined) throw new Error("no entry");
		manager.onRecord(firingRecord(1, 0, [[a, exitedWith(0, 3)]]), ctx);
		expect(manager.log.records()).toHaveLength(1);
		expect(manager.log.stats(a.id).runs).toBe(1);
	});

	it("does not open a panel without a UI (print mode) and says why on stderr", async () => {
		const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
		const custom = vi.fn();
		await manager.openPanel({ ...ctx, hasUI: false, ui: { custom } } as unknown as ExtensionContext);
		expect(custom).not.toHaveBeenCalled();
		expect(String(write.mock.calls[0]?.[0])).toContain("/hooks opens a panel in pi's interactive mode only");
		write.mockRestore();
	});
});

describe("a plugin hook's switch", () => {
	it("is kept while its plugin is installed and forgotten once the plugin is uninstalled", () => {
		const [home, agentDir, projectDir] = ["home", "agent", "project"].map((name) => join(dir, "p", name)) as [
			string,
			string,
			string,
		];
		layClaudeLayout(home, projectDir);
		const store = createConfigStore({
			sources: settingsSources({ home, agentDir, projectDir }),
			plugins: { home, projectDir },
			isTrusted: () => true,
			checkIntervalMs: 0,
		});
		const guard = store.current().entries.find((entry) => entry.source.plugin?.id === "guard@my-marketplace");
		if (guard === undefined) throw new Error("no guard plugin hook");
		const stateFile = hookStateFile(agentDir);
		createHookState(stateFile).setEnabled(guard, false);
		const pluginManager = () =>
			createHookManager({
				agentDir: () => agentDir,
				home: () => home,
				env: {},
				clock: Date.now,
				footer: NO_FOOTER,
				live: liveSession(() => store.current()),
				currentCtx: () => ctx,
			});
		pluginManager().sessionStart({ ...ctx, cwd: projectDir } as ExtensionContext);
		expect(createHookState(stateFile).isEnabled(guard)).toBe(false);
		// What `claude plugin uninstall guard@my-marketplace` changes: its install record and its enabledPlugins entry.
		const records = join(home, ".claude", "plugins", "installed_plugins.json");
		const data = JSON.parse(readFileSync(records, "utf8")) as { plugins: Record<string, unknown> };
		delete data.plugins["guard@my-marketplace"];
		writeFileSync(records, JSON.stringify(data));
		writeFileSync(join(home, ".claude", "settings.json"), JSON.stringify({ enabledPlugins: {} }));
		pluginManager().sessionStart({ ...ctx, cwd: projectDir } as ExtensionContext);
		expect(createHookState(stateFile).isEnabled(guard)).toBe(true);
		expect(readFileSync(stateFile, "utf8")).not.toContain("guard@my-marketplace");
	});
});
