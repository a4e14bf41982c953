/**
 * Figure 4: loading and merging 5 settings files holding 500 handlers (cold, from disk), and the per-event cost of
 * asking the live configuration for changes when nothing changed (5 `stat` calls), through the real config store.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { settingsSources } from "../../src/engine/config/sources.ts";
import { createConfigStore } from "../../src/engine/config/store.ts";
import { type FigureRow, formatMs, median, timeMs } from "../stats.ts";

const EVENTS = ["PreToolUse", "PostToolUse", "Stop", "UserPromptSubmit", "SessionStart"];
const MATCHERS = ["Bash", "Edit|Write", "mcp__.*", "Read", undefined];

/** Settings with `count` handlers spread over events and matcher groups; `if` rules on some. */
const settingsWith = (count: number, salt: string): unknown => {
	const hooks: Record<string, { matcher?: string; hooks: unknown[] }[]> = {};
	for (let i = 0; i < count; i++) {
		const event = EVENTS[i % EVENTS.length] as string;
		const matcher = MATCHERS[Math.floor(i / EVENTS.length) % MATCHERS.length];
		hooks[event] ??= [];
		const groups = hooks[event];
		let group = groups.find((candidate) => candidate.matcher === matcher);
		if (group === undefined) {
			group = matcher === undefined ? { hooks: [] } : { matcher, hooks: [] };
			groups.push(group);
		}
		const handler: Record<string, unknown> = {
			type: "command",
			command: `"$CLAUDE_PROJECT_DIR"/.claude/hooks/${salt}-${i}.sh`,
			timeout: 30,
		};
		if (i % 4 === 0 && event === "PreToolUse")
			handler.if = matcher === "Bash" ? "Bash(git push *)" : "Edit(src/**/*.ts)";
		group.hooks.push(handler);
	}
	return { hooks };
};

/** Figure 4 rows: cold load + merge, and the change check per event. */
export const measureConfig = async (): Promise<FigureRow[]> => {
	const root = mkdtempSync(join(tmpdir(), "phm-bench-config-"));
	try {
		const sources = settingsSources({
			home: join(root, "home"),
			agentDir: join(root, "agent"),
			projectDir: join(root, "project"),
		});
		for (const [index, source] of sources.entries()) {
			mkdirSync(dirname(source.file), { recursive: true });
			writeFileSync(source.file, JSON.stringify(settingsWith(100, `s${index}`), null, 2));
		}
		const load = (checkIntervalMs?: number) =>
			createConfigStore({
				sources,
				isTrusted: () => true,
				...(checkIntervalMs === undefined ? {} : { checkIntervalMs }),
			});
		const loaded = load().current();
		if (loaded.entries.length !== 500 || loaded.issues.length > 0)
			throw new Error(`expected 500 hooks, got ${loaded.entries.length}`);
		for (let i = 0; i < 5; i++) load().current(); // warm-up
		const cold: number[] = [];
		for (let run = 0; run < 25; run++) cold.push(await timeMs(() => load().current()));

		// A check on every call: what an event costs when the interval has passed and no file changed.
		const checking = load(0);
		checking.current();
		const check: number[] = [];
		for (let i = 0; i < 5000; i++) check.push(await timeMs(() => checking.current()));
		// The default: within the 100 ms check interval an event reuses the last result.
		const cached = load();
		cached.current();
		const reuse: number[] = [];
		for (let i = 0; i < 5000; i++) reuse.push(await timeMs(() => cached.current()));
		return [
			{
				figure: 4,
				what: "load + merge 5 settings files, 500 handlers (cold, from disk)",
				target: "-",
				measured: `${formatMs(median(cold))} median of 25`,
				result: "-",
			},
			{
				figure: 4,
				what: "per event, nothing changed: change check (5 `stat` calls)",
				target: "-",
				measured: `${formatMs(median(check))} median of 5000`,
				result: "-",
			},
			{
				figure: 4,
				what: "per event, nothing changed, within the 100 ms check interval",
				target: "-",
				measured: `${formatMs(median(reuse))} median of 5000`,
				result: "-",
			},
		];
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
};
