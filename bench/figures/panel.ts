/**
 * Figure 5: the /hooks panel (src/ui/panel/hooks-panel.ts) with 10,000 rows in its firing log (10,000 records of
 * one hook run each; the shipped log keeps 500 records): time per frame
 * on the log tab at 120 columns (steady, after a new record, while filtering) and the memory the log and the
 * panel hold. The panel is rendered directly (`render(width)`), as pi-tui does for each frame.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KeybindingsManager, TUI_KEYBINDINGS } from "@earendil-works/pi-tui";
import { mergeSources } from "../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import { settingsSources } from "../../src/engine/config/sources.ts";
import type { FiringRecord } from "../../src/engine/engine.ts";
import { interpretOutcome } from "../../src/engine/interpret.ts";
import type { HookEntry } from "../../src/engine/types.ts";
import { createHookState, hookStateFile } from "../../src/pi/hook-state.ts";
import { createKillSwitch, createPanelServices } from "../../src/pi/panel-services.ts";
import { createFiringLog } from "../../src/ui/panel/firing-log.ts";
import { HooksPanel } from "../../src/ui/panel/hooks-panel.ts";
import { panelKeys } from "../../src/ui/panel/keys.ts";
import { testTheme } from "../../src/ui/theme.ts";
import { collectGarbage, type FigureRow, formatBytes, formatMs, median, timeMs } from "../stats.ts";

const ROWS = 10_000;
const WIDTH = 120;

const captured = (text: string) => ({ text, bytes: Buffer.byteLength(text), truncated: false });

/** The i-th firing record: a Bash call whose one hook ran (blocking now and then), and one that did not. */
const recordAt = (i: number, entries: readonly HookEntry[]): FiringRecord => {
	const [guard, logger, other] = entries as [HookEntry, HookEntry, HookEntry];
	const command = `npm test -- --grep case-${i % 97} && git commit -m "change ${i}"`;
	const blocked = i % 10 === 0;
	return {
		seq: i + 1,
		time: Date.UTC(2026, 0, 1) + i * 1000,
		event: "PreToolUse",
		matchQuery: "Bash",
		summary: command,
		stdin: JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } }),
		verdicts: [
			interpretOutcome(i % 2 === 0 ? guard : logger, "PreToolUse", {
				kind: "exited",
				code: blocked ? 2 : 0,
				stdout: captured(""),
				stderr: captured(blocked ? `blocked: case ${i}\n` : ""),
				durationMs: 12 + (i % 30),
			}),
		],
		notRun: [{ entry: other, reason: "matcher" }],
	};
};

/** Figure 5 rows. */
export const measurePanel = async (): Promise<FigureRow[]> => {
	const root = mkdtempSync(join(tmpdir(), "phm-bench-panel-"));
	try {
		const sources = settingsSources({
			home: join(root, "home"),
			agentDir: join(root, "agent"),
			projectDir: join(root, "project"),
		});
		const settings = {
			hooks: {
				PreToolUse: [
					{
						matcher: "Bash",
						hooks: [
							{ type: "command", command: "~/.claude/hooks/guard.sh" },
							{ type: "command", command: "~/.claude/hooks/log.sh" },
						],
					},
					{ matcher: "Edit|Write", hooks: [{ type: "command", command: "~/.claude/hooks/format.sh" }] },
				],
			},
		};
		const parsed = parseSettingsText(JSON.stringify(settings), sources[0] as (typeof sources)[0]);
		const config = mergeSources([parsed], true);

		collectGarbage();
		const heapBefore = process.memoryUsage().heapUsed;
		const log = createFiringLog();
		const records = Array.from({ length: ROWS }, (_, i) => recordAt(i, parsed.entries));
		const fill = await timeMs(() => {
			for (const record of records) log.add(record);
		});
		const panel = new HooksPanel(
			testTheme,
			panelKeys(new KeybindingsManager(TUI_KEYBINDINGS)),
			createPanelServices({
				config: () => config,
				sources,
				log,
				state: createHookState(hookStateFile(join(root, "agent"))),
				killSwitch: createKillSwitch(),
				trusted: () => true,
			}),
			{ requestRender: () => {}, close: () => {}, rows: () => 40, schedule: () => {} },
		);
		panel.handleInput("\t"); // the log tab
		const first = await timeMs(() => panel.render(WIDTH));
		const frame = panel.render(WIDTH).join("\n");
		if (!frame.includes(`Log ${ROWS}`)) throw new Error(`the log tab does not show ${ROWS} rows:\n${frame}`);
		collectGarbage();
		const held = process.memoryUsage().heapUsed - heapBefore;

		const steady: number[] = [];
		for (let i = 0; i < 60; i++) steady.push(await timeMs(() => panel.render(WIDTH)));
		const afterRecord: number[] = [];
		for (let i = 0; i < 60; i++) {
			log.add(recordAt(ROWS + i, parsed.entries));
			afterRecord.push(await timeMs(() => panel.render(WIDTH)));
		}
		const filtering: number[] = [];
		for (const key of "case-42") {
			panel.handleInput(key);
			filtering.push(await timeMs(() => panel.render(WIDTH)));
		}
		panel.dispose();
		const gcNote = (globalThis as { gc?: unknown }).gc === undefined ? " (no --expose-gc: approximate)" : "";
		return [
			{
				figure: 5,
				what: "panel, log tab with 10,000 rows: frame time at 120 columns",
				target: "-",
				measured: [
					`${formatMs(median(steady))} steady`,
					`${formatMs(median(afterRecord))} after a new record`,
					`${formatMs(median(filtering))} per filter keystroke`,
					`${formatMs(first)} first frame (medians of 60, 60, 7)`,
				].join(", "),
				result: "-",
			},
			{
				figure: 5,
				what: "panel, 10,000 rows: memory held by the log and the panel",
				target: "-",
				measured: `${formatBytes(held)} heap${gcNote}; adding the 10,000 records took ${formatMs(fill)}`,
				result: "-",
			},
		];
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
};
