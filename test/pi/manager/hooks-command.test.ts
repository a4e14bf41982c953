/**
 * `/hooks` and its subcommands against a real hook manager (over a real settings file) and the context of a
 * real pi session: each word does its one thing, case and spaces aside; an unknown word says what there is.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { settingsSources } from "../../../src/engine/config/sources.ts";
import { createConfigStore } from "../../../src/engine/config/store.ts";
import type { HookCounts } from "../../../src/engine/dispatch/run-state.ts";
import type { HookConfig } from "../../../src/engine/types.ts";
import { createHookManager, type FooterControls, type HookManager } from "../../../src/pi/manager/hook-manager.ts";
import { HOOKS_SUBCOMMANDS, hooksCompletions, runHooksCommand } from "../../../src/pi/manager/hooks-command.ts";
import { createHookState, hookStateFile } from "../../../src/pi/stores/hook-state.ts";
import { footerText, NO_CARDS } from "../../../src/ui/footer-status.ts";
import { plainTheme } from "../../../src/ui/theme.ts";
import { startHookContext } from "../../support/hook-context.ts";
import { liveSession, NO_FOOTER } from "../../support/manager-deps.ts";
import { type FakeUiLog, useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-hooks-command-");

interface Started {
	readonly ctx: ExtensionContext;
	readonly manager: HookManager;
	readonly ui: FakeUiLog;
	/** The panel openings asked for: the tab, or "default". */
	readonly panels: string[];
	/** The live configuration. */
	config(): HookConfig;
	run(args: string): Promise<void>;
}

const ONE_USER_HOOK = { 0: { hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] } } };

/**
 * A hook manager over settings per source index (one user hook when omitted; project hooks wait for approval), in
 * a real pi session with a recording UI; `footer` gets the footer's hook counts.
 */
const start = async (
	settings: Readonly<Record<number, unknown>> = ONE_USER_HOOK,
	footer: FooterControls = NO_FOOTER,
): Promise<Started> => {
	const { hc, ui } = await startHookContext(sdk, {});
	const locations = { home: join(sdk.root, "home"), agentDir: join(sdk.root, "agent"), projectDir: hc.ctx.cwd };
	const sources = settingsSources(locations);
	for (const [index, value] of Object.entries(settings)) {
		const file = sources[Number(index)]?.file ?? "";
		mkdirSync(dirname(file), { recursive: true });
		writeFileSync(file, JSON.stringify(value));
	}
	const store = createConfigStore({
		sources,
		isTrusted: () => true,
		isApproved: (entry) => !entry.source.project,
		checkIntervalMs: 0,
	});
	const manager = createHookManager({
		agentDir: () => locations.agentDir,
		home: () => locations.home,
		live: liveSession(() => store.current()),
		currentCtx: () => hc.ctx,
		env: process.env,
		clock: Date.now,
		footer,
	});
	const panels: string[] = [];
	const openPanel = async (_ctx: ExtensionContext, options?: { readonly tab?: "hooks" | "log" }) => {
		panels.push(options?.tab ?? "default");
	};
	return {
		ctx: hc.ctx,
		manager,
		ui,
		panels,
		config: () => store.current(),
		run: (args) => runHooksCommand(args, hc.ctx, manager, openPanel),
	};
};

describe("runHooksCommand", () => {
	it("/hooks opens the panel; /hooks log opens it on the log, whatever the case and spaces", async () => {
		const hooks = await start();
		await hooks.run("");
		await hooks.run("   ");
		await hooks.run("log");
		await hooks.run("  LoG ");
		expect(hooks.panels).toEqual(["default", "default", "log", "log"]);
		expect(hooks.ui.notices).toEqual([]);
	});

	it("/hooks off sets the kill switch and says so; /hooks on clears it", async () => {
		const hooks = await start();
		await hooks.run("off");
		expect(hooks.manager.allOff()).toBe(true);
		expect(hooks.ui.notices.at(-1)).toMatchObject({
			level: "warning",
			message: expect.stringContaining("ALL HOOKS ARE OFF"),
		});
		await hooks.run("ON");
		expect(hooks.manager.allOff()).toBe(false);
		expect(hooks.ui.notices.at(-1)).toEqual({ message: "hooks: hooks are on again.", level: "info" });
		expect(hooks.panels).toEqual([]);
	});

	it("/hooks status says in one line what is configured", async () => {
		const hooks = await start();
		await hooks.run("status");
		expect(hooks.ui.notices).toEqual([
			{
				message: "hooks: 1 hook: 1 on; kill switch not set; 0 event(s) logged this session",
				level: "info",
			},
		]);
	});

	it("/hooks status counts every hook the panel lists, in the words of the footer", async () => {
		const cmd = (command: string) => ({ hooks: [{ type: "command", command }] });
		let footerCounts: HookCounts | undefined;
		const hooks = await start(
			{
				0: { hooks: { Stop: [cmd("kept"), cmd("switched")], TeammateIdle: [cmd("never")] } },
				1: { hooks: { Stop: [cmd("project")] } },
			},
			{
				...NO_FOOTER,
				setHookCounts: (counts) => {
					footerCounts = counts;
				},
			},
		);
		const switched = hooks.config().entries.find((entry) => entry.definition.command === "switched");
		if (switched === undefined) throw new Error("no hook 'switched'");
		createHookState(hookStateFile(join(sdk.root, "agent"))).setEnabled(switched, false);
		hooks.manager.sessionStart(hooks.ctx);
		await hooks.run("status");
		expect(hooks.ui.notices.at(-1)?.message).toBe(
			"hooks: 4 hooks: 1 on, 1 switched off, 1 waiting for approval, 1 skipped; " +
				"/hooks approve reviews what waits; kill switch not set; 0 event(s) logged this session",
		);
		expect(footerCounts).toMatchObject({ total: 4, on: 1, off: 1, waiting: 1, skipped: 1 });
		expect(footerText({ counts: NO_CARDS, killSwitch: false, hooks: footerCounts, running: [] }, plainTheme)).toBe(
			"hooks 1 switched off \u00b7 1 waiting for approval",
		);
	});

	it("/hooks approve with no project hook waiting says so", async () => {
		const hooks = await start();
		await hooks.run("approve");
		expect(hooks.ui.notices).toEqual([
			{ message: "hooks: no project hook or setting waits for approval", level: "info" },
		]);
	});

	it("an unknown subcommand changes nothing and lists every subcommand with what it does", async () => {
		const hooks = await start();
		await hooks.run("Offf");
		expect(hooks.manager.allOff()).toBe(false);
		expect(hooks.panels).toEqual([]);
		const notice = hooks.ui.notices[0];
		expect(notice?.level).toBe("warning");
		expect(notice?.message).toMatch(/^hooks: \/hooks offf: unknown\. Try /);
		for (const sub of HOOKS_SUBCOMMANDS)
			expect(notice?.message).toContain(`/hooks ${sub.name} (${sub.description})`);
	});
});

describe("hooksCompletions", () => {
	it("offers every subcommand for an empty prefix, those that start with it otherwise, null for none", () => {
		expect(hooksCompletions("")?.map((item) => item.value)).toEqual(HOOKS_SUBCOMMANDS.map((sub) => sub.name));
		expect(hooksCompletions("o")?.map((item) => item.value)).toEqual(["off", "on"]);
		expect(hooksCompletions(" st")).toEqual([
			{ value: "status", label: "status", description: HOOKS_SUBCOMMANDS[4]?.description },
		]);
		expect(hooksCompletions("x")).toBeNull();
		expect(hooksCompletions("logs")).toBeNull();
	});

	it("offers nothing for a subcommand typed in full, so one Enter runs it", () => {
		for (const sub of HOOKS_SUBCOMMANDS) expect(hooksCompletions(sub.name)).toBeNull();
		expect(hooksCompletions("lo")?.map((item) => item.value)).toEqual(["log"]);
	});
});
