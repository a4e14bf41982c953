/**
 * The view settings on a real file: quiet context by default, the choice and the cost budget saved and read back, a
 * broken file read as the default.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createViewSettings, viewSettingsFile } from "../../../src/pi/stores/view-settings.ts";
import { DEFAULT_COST_BUDGET_MS } from "../../../src/ui/panel/services.ts";

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "phm-view-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("createViewSettings", () => {
	it("keeps the file under the agent directory", () => {
		expect(viewSettingsFile("/a/agent")).toBe("/a/agent/pi-hook-manager/view.json");
	});

	it("is quiet without a file and writes nothing until a choice is made", () => {
		const file = viewSettingsFile(dir);
		const settings = createViewSettings(() => file);
		expect(settings.contextCards()).toBe("quiet");
		expect(() => readFileSync(file)).toThrow();
	});

	it("saves a choice that a new pi reads back", () => {
		const file = viewSettingsFile(dir);
		expect(createViewSettings(() => file).setContextCards("cards")).toBeUndefined();
		expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
			version: 1,
			contextCards: "cards",
			costBudgetMs: 500,
		});
		expect(createViewSettings(() => file).contextCards()).toBe("cards");
	});

	it("keeps the cost view's budget beside the context choice, and reads a bad budget as the default", () => {
		const file = viewSettingsFile(dir);
		expect(createViewSettings(() => file).costBudgetMs()).toBe(DEFAULT_COST_BUDGET_MS);
		const settings = createViewSettings(() => file);
		settings.setContextCards("cards");
		expect(settings.setCostBudgetMs(2000)).toBeUndefined();
		const again = createViewSettings(() => file);
		expect([again.contextCards(), again.costBudgetMs()]).toEqual(["cards", 2000]);
		writeFileSync(file, JSON.stringify({ version: 1, contextCards: "cards", costBudgetMs: -3 }));
		expect(createViewSettings(() => file).costBudgetMs()).toBe(DEFAULT_COST_BUDGET_MS);
	});

	it("reads an unknown value as quiet", () => {
		const file = viewSettingsFile(dir);
		mkdirSync(dirname(file), { recursive: true });
		writeFileSync(file, JSON.stringify({ version: 1, contextCards: "loud" }));
		expect(createViewSettings(() => file).contextCards()).toBe("quiet");
	});

	it("reads the file only on first use", () => {
		let asked = 0;
		const file = viewSettingsFile(dir);
		const settings = createViewSettings(() => {
			asked++;
			return file;
		});
		expect(asked).toBe(0);
		settings.contextCards();
		settings.contextCards();
		expect(asked).toBe(1);
	});
});
