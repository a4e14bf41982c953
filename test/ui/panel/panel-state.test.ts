/** The list state the panel's screens share: rows from the live configuration, the filter, the selected hook. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createKillSwitch, createPanelServices } from "../../../src/pi/manager/panel-services.ts";
import { createHookState } from "../../../src/pi/stores/hook-state.ts";
import { createFiringLog } from "../../../src/ui/panel/firing-log.ts";
import { PanelState } from "../../../src/ui/panel/panel-state.ts";
import { testTheme } from "../../../src/ui/theme.ts";
import { entryWith, exitedWith, firingRecord, fixtureConfig, SOURCES } from "./fixtures.ts";

const dirs: string[] = [];
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const config = fixtureConfig();
const guard = entryWith(config, "block-rm.sh");

const panelState = () => {
	const dir = mkdtempSync(join(tmpdir(), "panel-state-"));
	dirs.push(dir);
	const log = createFiringLog();
	const services = createPanelServices({
		config: () => config,
		sources: SOURCES,
		log,
		state: createHookState(join(dir, "state.json")),
		killSwitch: createKillSwitch(),
		trusted: () => true,
	});
	return { state: new PanelState(testTheme, services), log };
};

describe("PanelState", () => {
	it("builds the hook rows and filters them with the filter's text", () => {
		const { state } = panelState();
		state.refresh();
		const all = state.hookList.count();
		expect(state.rows.some((row) => row.kind === "hook" && row.entry.id === guard.id)).toBe(true);
		state.filter.setValue("block-rm");
		state.refresh();
		expect(state.hookList.count()).toBeLessThan(all);
		expect(state.selectedEntry()?.id).toBe(guard.id);
		const row = state.rows.find((candidate) => candidate.kind === "hook" && candidate.entry.id === guard.id);
		expect(row === undefined ? undefined : state.row(row.key)).toBe(row);
	});

	it("selects the hook of the selected run on the log tab, and nothing while the log is empty", () => {
		const { state, log } = panelState();
		state.switchTab();
		expect(state.tab).toBe("log");
		expect(state.selectedEntry()).toBeUndefined();
		log.add(firingRecord(1, 1000, [[guard, exitedWith(2, 5, "", "no")]]));
		expect(state.selectedEntry()?.id).toBe(guard.id);
		state.switchTab();
		expect(state.tab).toBe("hooks");
	});
});
