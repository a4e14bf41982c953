/** The panel's services: a disabled mark follows an edited hook to its new id and goes with a deleted hook. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseHookPath, snapshotFile } from "../../../src/engine/config/edit.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { settingsSources } from "../../../src/engine/config/sources.ts";
import type { HookEntry } from "../../../src/engine/types.ts";
import { createKillSwitch, createPanelServices } from "../../../src/pi/manager/panel-services.ts";
import { createHookState, type HookState } from "../../../src/pi/stores/hook-state.ts";
import { createFiringLog } from "../../../src/ui/panel/firing-log.ts";
import type { PanelServices } from "../../../src/ui/panel/services.ts";

let dir: string;
let state: HookState;
let services: PanelServices;
let changes: number;
let file: string;

const SETTINGS = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "guard.sh" }] }] } };
const TEXT = `${JSON.stringify(SETTINGS, null, 2)}\n`;

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "panel-services-"));
	const sources = settingsSources({
		home: join(dir, "home"),
		agentDir: join(dir, "agent"),
		projectDir: join(dir, "project"),
	});
	file = sources[0]?.file ?? "";
	mkdirSync(dirname(file), { recursive: true });
	writeFileSync(file, TEXT);
	state = createHookState(join(dir, "state.json"));
	changes = 0;
	services = createPanelServices({
		config: () => undefined,
		sources,
		log: createFiringLog(),
		state,
		killSwitch: createKillSwitch(),
		trusted: () => true,
		onChange: () => changes++,
	});
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const guard = (): HookEntry => {
	const entry = parseSettingsText(TEXT, { scope: "claude-user", file, project: false }).entries[0];
	if (entry === undefined) throw new Error("no entry");
	return entry;
};
const snapshot = () => {
	const taken = snapshotFile(file);
	if ("error" in taken) throw new Error(taken.error);
	return taken;
};

describe("createPanelServices", () => {
	it("moves a disabled mark to the edited hook's new id", () => {
		const entry = guard();
		services.hooks.setEnabled(entry, false);
		const at = parseHookPath(entry.jsonPath);
		if (at === undefined) throw new Error("bad path");
		const draft = {
			event: "PreToolUse" as const,
			matcher: "Bash",
			handler: { type: "command", command: "guard.sh", timeout: 5 },
		};
		const result = services.edits.save(snapshot(), { kind: "update", id: entry.id, at, draft }, entry);
		if (!result.ok || result.id === undefined) throw new Error("not saved");
		expect(state.isEnabled({ ...entry, id: result.id })).toBe(false);
		expect(state.isEnabled(entry)).toBe(true);
		expect(changes).toBe(2);
	});

	it("drops the disabled mark of a deleted hook", () => {
		const entry = guard();
		services.hooks.setEnabled(entry, false);
		const at = parseHookPath(entry.jsonPath);
		if (at === undefined) throw new Error("bad path");
		expect(services.edits.save(snapshot(), { kind: "delete", id: entry.id, at }, entry).ok).toBe(true);
		expect(state.isEnabled(entry)).toBe(true);
	});

	it("reads the handler as written, so an edit keeps fields the editor does not show", () => {
		expect(services.edits.readHandler(snapshot(), guard())).toEqual({ type: "command", command: "guard.sh" });
	});

	it("flips the kill switch in memory", () => {
		expect(services.hooks.allOff()).toBe(false);
		services.hooks.toggleAllOff();
		expect(services.hooks.allOff()).toBe(true);
	});
});
