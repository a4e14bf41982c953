/**
 * Figure 11 (issue 25): the tripwire's per-run check of every source when nothing changed, through the real
 * tripwire (host/trust/tripwire.ts) and seen-state store on real files: 200 hooks in the user's
 * `~/.claude/settings.json` (half of them running one of 20 scripts under `~/.claude/hooks/`), pi's global
 * settings, a plugin with its folder and the project's `.claude/` (covered as approvals cover it), all recorded as
 * seen. `check` is what a run does once for the whole configuration (read the store, fingerprint every hook: one
 * `stat` per covered file and folder, no hashing while no stamp moved); `isUnseen` is strict mode's look at one hook
 * (which a merge of the configuration makes for each hook). Measured directly on the host pieces pi uses, not
 * inside pi.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import type { HookEntry, HookSource } from "../../src/engine/types.ts";
import { seenHooksFile } from "../../src/host/stores/seen-hooks.ts";
import { createHookPrinter } from "../../src/host/trust/hook-print.ts";
import { createTripwire } from "../../src/host/trust/tripwire.ts";
import { type FigureRow, formatMs, median } from "../stats.ts";

const write = (path: string, text: string): void => {
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, text);
};

/** `count` PreToolUse hooks of one source, on matchers that vary; every other one runs `script(index)`. */
const hooksOf = (source: HookSource, count: number, script: (index: number) => string | undefined): HookEntry[] => {
	const matchers = ["Bash", "Read", "Edit|Write", "mcp__github__.*", "Glob"];
	const groups = Array.from({ length: count }, (_, index) => ({
		matcher: matchers[index % matchers.length],
		hooks: [{ type: "command", command: script(index) ?? `echo ${source.scope}-${index}` }],
	}));
	return parseSettingsText(JSON.stringify({ hooks: { PreToolUse: groups } }), source).entries as HookEntry[];
};

/** Figure 11: the per-run check of all sources, and strict mode's check of one hook. */
export const measureTripwire = async (): Promise<FigureRow[]> => {
	const root = realpathSync(mkdtempSync(join(tmpdir(), "phm-bench-tripwire-")));
	try {
		const home = join(root, "home");
		const agentDir = join(home, ".pi", "agent");
		const project = join(root, "project");
		const plugin = join(home, ".claude", "plugins", "cache", "market", "guard", "1.0.0");
		for (let index = 0; index < 20; index++) write(join(home, ".claude", "hooks", `h${index}.sh`), "exit 0\n");
		for (let index = 0; index < 8; index++) write(join(project, ".claude", "hooks", `p${index}.sh`), "exit 0\n");
		for (let index = 0; index < 6; index++) write(join(plugin, "scripts", `g${index}.sh`), "exit 0\n");
		const user: HookSource = { scope: "claude-user", file: join(home, ".claude", "settings.json"), project: false };
		const piGlobal: HookSource = { scope: "pi-global", file: join(agentDir, "settings.json"), project: false };
		const projectSource: HookSource = {
			scope: "claude-project",
			file: join(project, ".claude", "settings.json"),
			project: true,
		};
		const pluginSource: HookSource = {
			scope: "plugin",
			file: join(plugin, "hooks", "hooks.json"),
			project: false,
			plugin: { id: "guard@market", root: plugin, data: join(root, "data"), options: {}, forced: false },
		};
		const entries = [
			...hooksOf(user, 200, (index) => (index % 2 === 0 ? `bash ~/.claude/hooks/h${index % 20}.sh` : undefined)),
			...hooksOf(piGlobal, 20, () => undefined),
			...hooksOf(pluginSource, 6, (index) => `sh \${CLAUDE_PLUGIN_ROOT}/scripts/g${index}.sh`),
			...hooksOf(projectSource, 8, (index) => `sh .claude/hooks/p${index}.sh`),
		];
		const wire = createTripwire(seenHooksFile(agentDir), createHookPrinter(project, home, [agentDir]));
		const first = wire.markSeen(wire.check(entries).items);
		if (first !== undefined) throw new Error(first);
		if (wire.check(entries).items.some((item) => item.state !== "seen")) throw new Error("a hook is not seen");
		const checks: number[] = [];
		for (let round = 0; round < 60; round++) {
			const started = performance.now();
			wire.check(entries);
			checks.push(performance.now() - started);
		}
		const guard = entries[0] as HookEntry;
		const unseen: number[] = [];
		for (let round = 0; round < 200; round++) {
			// Batches of 50 calls: one call is near the timer's resolution.
			const started = performance.now();
			for (let call = 0; call < 50; call++) if (wire.isUnseen(guard)) throw new Error("unseen");
			unseen.push((performance.now() - started) / 50);
		}
		const check = median(checks.slice(10));
		const perHook = check / entries.length;
		const one = median(unseen.slice(20));
		return [
			{
				figure: 11,
				what:
					`per run, nothing changed: the tripwire's check of all sources (${entries.length} hooks: user, ` +
					"pi global, a plugin, the project; 34 scripts)",
				target: "< 0.1 ms per hook",
				measured: `${formatMs(check)} per run = ${formatMs(perHook)} per hook (median of 50 runs)`,
				result: perHook < 0.1 ? "met" : "missed",
			},
			{
				figure: 11,
				what: "strict mode, per hook at each merge: is this hook unseen (a user hook running a script under ~)",
				target: "< 0.1 ms",
				measured: `${formatMs(one)} median of 180 batches of 50`,
				result: one < 0.1 ? "met" : "missed",
			},
		];
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
};
