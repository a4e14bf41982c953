/**
 * Every line of every panel screen is exactly the panel's width, from 40 to 200 columns: the list (filtered
 * and not), the log, both detail views, the editor with errors, the delete question, the kill switch, the test
 * and replay views and a test run's result.
 */
import { stripTerminalSequences, visibleWidth } from "@earendil-works/pi-tui";
import { beforeEach, describe, expect, it } from "vitest";
import { entryWith, exitedWith, firingRecord } from "./fixtures.ts";
import { KEY, type PanelHarness, usePanelMounts } from "./harness.ts";

const panels = usePanelMounts();
let harness: PanelHarness;
beforeEach(async () => {
	harness = await panels.fixture(120, { rows: 30 });
	const config = harness.config();
	const long = "x".repeat(300);
	harness.log.add(
		firingRecord(
			1,
			0,
			[[entryWith(config, "block-rm.sh"), exitedWith(2, 41, `日本語 output ${long}`, `stderr ${long}`)]],
			[{ entry: entryWith(config, "prettier"), reason: "matcher" }],
			`rm -rf ${long}`,
		),
	);
});

/** Key sequences that lead to each screen, from the list with an empty filter, and a text the screen shows. */
const SCREENS: Readonly<Record<string, readonly [readonly string[], string]>> = {
	list: [[], "matcher Edit|Write"],
	"filtered list": [[..."prettier"], "Filter: prettier"],
	log: [[KEY.tab], "decision"],
	"log details": [[KEY.tab, KEY.enter], "Stdin JSON sent to the hooks"],
	"hook details": [[KEY.down, KEY.down, KEY.enter], "Statistics"],
	"invalid entry details": [[KEY.enter], "Problem"],
	"editor with errors": [[KEY.ctrlN, KEY.enter], "Fix the fields"],
	"delete question": [[KEY.down, KEY.down, KEY.ctrlD], "Delete this hook?"],
	"kill switch": [[KEY.ctrlShiftH], "ALL HOOKS ARE OFF"],
	"test view": [[KEY.down, KEY.down, KEY.ctrlR], "Test a hook"],
	"replay view": [[KEY.tab, KEY.ctrlR], "Replay a logged event"],
};

describe.each(Object.entries(SCREENS))("the %s", (_name, [keys, marker]) => {
	it("fits every width from 40 to 200 columns exactly", async () => {
		await harness.send(...keys);
		expect(stripTerminalSequences(harness.panel.render(200).join("\n"))).toContain(marker);
		for (let width = 40; width <= 200; width++) {
			const lines = harness.panel.render(width);
			for (const [row, line] of lines.entries())
				expect(visibleWidth(line), `width ${width}, line ${row}: ${line}`).toBe(width);
		}
	});
});

describe("the result of a test run", () => {
	it("fits every width from 40 to 200 columns exactly", async () => {
		// A hook that writes long output on both streams, run for real from the editor's draft.
		await harness.send(KEY.ctrlN);
		await harness.type(`printf '%s' '{"additionalContext": "${"y".repeat(300)}"}'; echo 日本語 >&2`);
		await harness.send(KEY.ctrlR, KEY.ctrlR);
		await harness.waitFor("Result of the test run", 10_000);
		for (let width = 40; width <= 200; width++) {
			const lines = harness.panel.render(width);
			for (const [row, line] of lines.entries())
				expect(visibleWidth(line), `width ${width}, line ${row}: ${line}`).toBe(width);
		}
	});
});
