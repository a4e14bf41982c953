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
import { createHookManager, type HookManager } from "../../../src/pi/manager/hook-manager.ts";
import { HOOKS_SUBCOMMANDS, hooksCompletions, runHooksCommand } from "../../../src/pi/manager/hooks-command.ts";
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
	run(args: string): Promise<void>;
}

/** A hook manager over one user hook, in a real pi session with a recording UI. */
const start = async (): Promise<Started> => {
	const { hc, ui } = await startHookContext(sdk, {});
	const locations = { home: join(sdk.root, "home"), agentDir: join(sdk.root, "agent"), projectDir: hc.ctx.cwd };
	const sources = settingsSources(locations);
	const userFile = sources[0]?.file ?? "";
	mkdirSync(dirname(userFile), { recursive: true });
	writeFileSync(userFile, JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] } }));
	const store = createConfigStore({ sources, isTrusted: () => true, checkIntervalMs: 0 });
	const manager = createHookManager({
		agentDir: () => locations.agentDir,
		home: () => locations.home,
		live: liveSession(() => store.current()),
		currentCtx: () => hc.ctx,
		env: process.env,
		clock: Date.now,
		footer: NO_FOOTER,
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
				message: "hooks: 1 hook(s) configured; kill switch not set; 0 event(s) logged this session",
				level: "info",
			},
		]);
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
