/**
 * Figure 9 (issue 25): the self-guard's look at a tool call it lets through, on real files: pi's session guard
 * (src/pi/trust/self-guard.ts) over a live configuration with an approved project hook (its `.claude/` covered),
 * user settings and a project with a `src/` folder. The calls are the usual ones: a bash command that writes
 * nothing, a bash command with a redirect (parsed), a `write` to an ordinary file (its folder's `realpath` and an
 * `lstat`). It is part of every tool call's path, so its target is the no-match budget.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { ExtensionContext, ToolCallEvent } from "@earendil-works/pi-coding-agent";
import { settingsSources } from "../../src/engine/config/sources.ts";
import { createConfigStore } from "../../src/engine/config/store.ts";
import { createSelfGuard } from "../../src/pi/trust/self-guard.ts";
import { type FigureRow, formatMs, median } from "../stats.ts";

const write = (path: string, text: string): void => {
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, text);
};

/** Figure 9: the guard's check per call it lets through. */
export const measureSelfGuard = async (): Promise<FigureRow[]> => {
	const root = realpathSync(mkdtempSync(join(tmpdir(), "phm-bench-guard-")));
	try {
		const home = join(root, "home");
		const agentDir = join(root, "agent");
		const projectDir = join(root, "project");
		const hook = {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sh .claude/g.sh" }] }] },
		};
		write(join(home, ".claude", "settings.json"), JSON.stringify(hook));
		write(join(projectDir, ".claude", "settings.json"), JSON.stringify(hook));
		for (let index = 0; index < 8; index++) write(join(projectDir, ".claude", `hooks/h${index}.sh`), "exit 0\n");
		write(join(projectDir, ".claude", "g.sh"), "exit 0\n");
		write(join(projectDir, "src", "a.ts"), "export {};\n");
		const store = createConfigStore({
			sources: settingsSources({ home, agentDir, projectDir }),
			isTrusted: () => true,
		});
		const guard = createSelfGuard({ store, projectDir, home: () => home, agentDir: () => agentDir, env: {} });
		const ctx = { cwd: projectDir, hasUI: false } as ExtensionContext;
		const calls: readonly [string, string, Record<string, unknown>][] = [
			[
				"a bash command that writes nothing (`git status && npm test`)",
				"bash",
				{ command: "git status && npm test" },
			],
			[
				"a bash command with a redirect (`npm test > out.txt 2>&1`, parsed)",
				"bash",
				{ command: "npm test > out.txt 2>&1" },
			],
			["a `write` to an ordinary file (`src/a.ts`)", "write", { path: "src/a.ts", content: "x" }],
		];
		const rows: FigureRow[] = [];
		for (const [what, toolName, input] of calls) {
			const event = { type: "tool_call", toolCallId: "c1", toolName, input } as unknown as ToolCallEvent;
			if (guard.check(event, ctx) !== undefined) throw new Error(`the guard stopped ${toolName}`);
			const times: number[] = [];
			for (let round = 0; round < 200; round++) {
				// Batches of 50 calls: one call is near the timer's resolution.
				const started = performance.now();
				for (let call = 0; call < 50; call++) guard.check(event, ctx);
				times.push((performance.now() - started) / 50);
			}
			const ms = median(times.slice(20));
			rows.push({
				figure: 9,
				what: `the self-guard lets a call through: ${what}`,
				target: "< 0.05 ms",
				measured: `${formatMs(ms)} median of 180 batches of 50`,
				result: ms < 0.05 ? "met" : "missed",
			});
		}
		return rows;
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
};
