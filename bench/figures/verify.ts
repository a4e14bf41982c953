/**
 * Figure 12 (issue 40): the check after every tool call, on real files: pi's verifier
 * (src/pi/trust/verify-after-call.ts) over a live configuration of 200 hooks (user settings, and project ones
 * with scripts an approval covers), so the ledger watches about 20 files (every settings file of every source,
 * the covered scripts, pi-hook-manager's state files). Nothing changed: the check is a `stat` per watched file,
 * on every tool call's path.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { settingsSources } from "../../src/engine/config/sources.ts";
import { createConfigStore } from "../../src/engine/config/store.ts";
import { createCallVerifier } from "../../src/pi/trust/verify-after-call.ts";
import { type FigureRow, formatMs, median } from "../stats.ts";

const write = (path: string, text: string): void => {
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, text);
};

/** 200 hooks: `count` PreToolUse command hooks under distinct matchers, each running `command(index)`. */
const hooks = (count: number, command: (index: number) => string) => ({
	hooks: {
		PreToolUse: Array.from({ length: count }, (_, index) => ({
			matcher: `Tool${index}`,
			hooks: [{ type: "command", command: command(index) }],
		})),
	},
});

/** Figure 12: the verifier's check per tool call, nothing changed. */
export const measureVerify = async (): Promise<FigureRow[]> => {
	const root = realpathSync(mkdtempSync(join(tmpdir(), "phm-bench-verify-")));
	try {
		const home = join(root, "home");
		const agentDir = join(root, "agent");
		const projectDir = join(root, "project");
		write(join(home, ".claude", "settings.json"), JSON.stringify(hooks(190, (index) => `echo ${index}`)));
		write(
			join(projectDir, ".claude", "settings.json"),
			JSON.stringify(hooks(10, (index) => `sh .claude/h${index}.sh`)),
		);
		for (let index = 0; index < 10; index++) write(join(projectDir, ".claude", `h${index}.sh`), "exit 0\n");
		const store = createConfigStore({
			sources: settingsSources({ home, agentDir, projectDir }),
			isTrusted: () => true,
		});
		store.current();
		const verifier = createCallVerifier({ store, projectDir, home: () => home, agentDir: () => agentDir, env: {} });
		const ctx = { cwd: projectDir, hasUI: false } as ExtensionContext;
		const watched = verifier.paths().length;
		const times: number[] = [];
		for (let round = 0; round < 200; round++) {
			// Batches of 50 calls: one call is near the timer's resolution.
			const started = performance.now();
			for (let call = 0; call < 50; call++) verifier.check(ctx, "tool_result");
			times.push((performance.now() - started) / 50);
		}
		verifier.close();
		// The floor, same run: one bare `stat` of each watched file (this machine's cost of a stat, load included).
		const paths = verifier.paths();
		const floors: number[] = [];
		for (let round = 0; round < 200; round++) {
			const started = performance.now();
			for (let call = 0; call < 50; call++) for (const path of paths) statSync(path, { throwIfNoEntry: false });
			floors.push((performance.now() - started) / 50);
		}
		const ms = median(times.slice(20));
		const floor = median(floors.slice(20));
		return [
			{
				figure: 12,
				what:
					"per tool call, nothing changed: the check of hook and state files " +
					`(200 hooks, ${watched} watched files)`,
				target: "< 0.1 ms",
				measured:
					`${formatMs(ms)} median of 180 batches of 50; floor ${formatMs(floor)} (a bare stat of each ` +
					`watched file, same run) = ${(ms / floor).toFixed(2)}×`,
				result: ms < 0.1 ? "met" : "missed",
			},
		];
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
};
