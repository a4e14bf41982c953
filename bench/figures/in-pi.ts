/**
 * The rows of issue 11 measured inside the real pi binary (print mode, the scripted model making 40 bash calls
 * one after another): probe extensions loaded before and after this one time its handlers (pi runs an event's
 * handlers in load order), and the floor is measured the same way in the same run, alternating: the probes with
 * nothing between them (pi's own cost of one more handler), or a bare Node spawn of the hook's command in place
 * of the extension. Start-up is the extension's module load and factory (between the probes' factories) plus
 * every handler it ran, next to the wall time of the whole `pi -p` with and without it.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createPiSandbox, EXTENSION_PATH, type PiSandbox, PROJECT_ROOT } from "../../test/support/pi-env.ts";
import { FLOOR_EXECA, FLOOR_HANDLER, FLOOR_SPAWN, type ProbedRun, runProbed, spanTimes } from "../pi-run.ts";
import { formatMs, type MainRow, median, ratioText } from "../stats.ts";
import { microDispatch } from "./dispatch.ts";
import { microSpawn } from "./spawn.ts";

/** Bash calls per pi run, and pi runs per configuration (tool calls, start-up). */
export const CALLS = 40;
export const ROUNDS = 5;
export const STARTUP_ROUNDS = 11;

/** Matchers people write that do not match Bash: exact names, lists and regexes. */
const MATCHERS = ["Read", "Edit|Write", "mcp__github__.*", "^Notebook", "Glob|Grep", "WebFetch", "Task", "LS"];

/** 200 PreToolUse hooks, none of which matches Bash (some with `if` rules). */
export const nonMatching = {
	hooks: {
		PreToolUse: Array.from({ length: 200 }, (_, i) => ({
			matcher: MATCHERS[i % MATCHERS.length],
			hooks: [
				{
					type: "command",
					command: `"$CLAUDE_PROJECT_DIR"/.claude/hooks/check-${i}.sh`,
					...(i % 7 === 0 ? { if: "Edit(*.ts)" } : {}),
				},
			],
		})),
	},
};

/** Settings with one PreToolUse hook on Bash running `command`. */
export const oneHook = (command: string) => ({
	hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] },
});

/** A sandbox whose user settings are `settings`. */
export const sandboxWith = (settings: unknown): PiSandbox => {
	const sandbox = createPiSandbox();
	sandbox.writeJson("home/.claude/settings.json", settings);
	return sandbox;
};

/** One configuration of the measured runs: where pi runs, what sits between the probes, extra environment. */
export interface Setup {
	readonly sandbox: PiSandbox;
	readonly extensions: readonly string[];
	readonly env?: Record<string, string>;
	readonly runs: ProbedRun[];
}

/** Runs every setup `rounds` times, in an order rotated each round so none always runs on a warmer machine. */
export const runAlternating = async (setups: readonly Setup[], rounds: number, calls: number): Promise<void> => {
	for (let round = 0; round < rounds; round++) {
		for (let i = 0; i < setups.length; i++) {
			const setup = setups[(i + round) % setups.length] as Setup;
			setup.runs.push(await runProbed(setup.sandbox, setup.extensions, calls, setup.env));
		}
	}
};

/** Milliseconds of every `event` span over all runs of a setup, without each run's first (it loads code once). */
export const steadySpans = (setup: Setup, event: string): number[] =>
	setup.runs.flatMap((run) => spanTimes(run, event).slice(1));

/** The first span of `event` in each run (the call that loads what the extension loads on first use). */
export const firstSpans = (setup: Setup, event: string): number[] =>
	setup.runs.map((run) => spanTimes(run, event)[0] ?? Number.NaN);

/** Milliseconds from the first probe's factory to the second's: the measured extensions' module load and factory. */
export const loadMs = (run: ProbedRun): number =>
	(run.marks.factory.after ?? Number.NaN) - (run.marks.factory.before ?? Number.NaN);

/** Milliseconds from the first probe's factory to the session's end: load, every handler, and all in between. */
export const sessionMs = (run: ProbedRun): number =>
	(run.marks.factory.shutdown ?? Number.NaN) - (run.marks.factory.before ?? Number.NaN);

/** Milliseconds between the probes in one run outside tool calls: module load + factory + every handler. */
const inProcessMs = (run: ProbedRun): number =>
	loadMs(run) + run.marks.spans.reduce((sum, span) => sum + (span.end - span.start), 0);

/**
 * Files pi loads at start-up for this extension: the bundle's entry (`dist/index.js`, built by scripts/build.mjs)
 * and the chunks it imports statically, not those it imports on first use (`import()`).
 */
const startupModules = (): number => {
	const seen = new Set<string>();
	const visit = (file: string): void => {
		if (seen.has(file)) return;
		seen.add(file);
		const text = readFileSync(file, "utf8");
		for (const match of text.matchAll(
			/^(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?["'](\.[^"']+)["']/gm,
		)) {
			visit(resolve(dirname(file), match[1] as string));
		}
	};
	visit(join(PROJECT_ROOT, "dist", "index.js"));
	return seen.size;
};

/**
 * pi's own cost per extension module: an extension of as many trivial modules as this one loads at start-up
 * (each imports the next), loaded by pi between the probes, next to the probes alone.
 */
const loaderFloor = async (empty: PiSandbox): Promise<{ row: MainRow; load: number }> => {
	const count = startupModules();
	const dir = join(empty.root, "chain");
	mkdirSync(dir, { recursive: true });
	for (let i = 1; i < count; i++) {
		const next = i + 1 < count ? `import { value as next } from "./m${i + 1}.ts";\n` : "const next = 0;\n";
		writeFileSync(join(dir, `m${i}.ts`), `${next}export const value: number = next + ${i};\n`);
	}
	writeFileSync(
		join(dir, "index.ts"),
		'import { value } from "./m1.ts";\n\n' +
			'export default function chain(): void {\n\tif (value < 0) throw new Error("never");\n}\n',
	);
	const chain: Setup = { sandbox: empty, extensions: [join(dir, "index.ts")], runs: [] };
	const bare: Setup = { sandbox: empty, extensions: [], runs: [] };
	await runProbed(empty, chain.extensions, 0);
	await runAlternating([chain, bare], STARTUP_ROUNDS, 0);
	const load = median(chain.runs.map(loadMs)) - median(bare.runs.map(loadMs));
	const wallAdded = median(chain.runs.map((run) => run.wallMs)) - median(bare.runs.map((run) => run.wallMs));
	const row: MainRow = {
		what:
			`pi's own floor for start-up: an extension of ${count} trivial modules, as many as this one's bundle ` +
			"loads at start-up",
		target: "-",
		figure:
			`${formatMs(load)} module load between the probes (${formatMs(load / count)} per module); ` +
			`${wallAdded >= 0 ? "+" : ""}${formatMs(wallAdded)} wall`,
		floor: "the probes alone",
		ratio: "-",
		result: "-",
		fakeContext: "-",
	};
	return { row, load };
};

/** The issue 11 rows for a tool call, one `true` hook, one `cat` hook, and start-up. */
export const measureInPi = async (): Promise<MainRow[]> => {
	const sandboxes: PiSandbox[] = [];
	const track = (sandbox: PiSandbox): PiSandbox => {
		sandboxes.push(sandbox);
		return sandbox;
	};
	try {
		const empty = track(createPiSandbox());
		const setup = (sandbox: PiSandbox, extensions: readonly string[], env?: Record<string, string>): Setup => ({
			sandbox,
			extensions,
			...(env ? { env } : {}),
			runs: [],
		});
		const floorOf = (extension: string, command: string): Setup =>
			setup(empty, [extension], { PI_HOOK_BENCH_FLOOR_CMD: command });
		const probesOnly = setup(empty, []);
		const emptyHandlers = setup(empty, [FLOOR_HANDLER]);
		const many = setup(track(sandboxWith(nonMatching)), [EXTENSION_PATH]);
		const trueHook = setup(track(sandboxWith(oneHook("true"))), [EXTENSION_PATH]);
		const catHook = setup(track(sandboxWith(oneHook("cat > /dev/null"))), [EXTENSION_PATH]);
		const spawnTrue = floorOf(FLOOR_SPAWN, "true");
		const spawnCat = floorOf(FLOOR_SPAWN, "cat > /dev/null");
		const execaTrue = floorOf(FLOOR_EXECA, "true");
		const execaCat = floorOf(FLOOR_EXECA, "cat > /dev/null");
		const all = [probesOnly, emptyHandlers, many, trueHook, spawnTrue, execaTrue, catHook, spawnCat, execaCat];
		// One run of each first: pi's and jiti's caches, the page cache.
		for (const each of all) await runProbed(each.sandbox, each.extensions, 2, each.env);
		await runAlternating(all, ROUNDS, CALLS);

		const perCall = (s: Setup): number =>
			median(steadySpans(s, "tool_call")) + median(steadySpans(s, "tool_result"));
		const noMatch = perCall(many);
		const noMatchFloor = perCall(probesOnly);
		const handlerFloor = perCall(emptyHandlers);
		const micro = await microDispatch();
		const calls = ROUNDS * (CALLS - 1);
		const rows: MainRow[] = [
			{
				what: "a tool call, 200 hooks configured, none matches (`tool_call` + `tool_result` handlers)",
				target: "< 50 µs",
				figure:
					`${formatMs(noMatch)} (tool_call ${formatMs(median(steadySpans(many, "tool_call")))}, ` +
					`tool_result ${formatMs(median(steadySpans(many, "tool_result")))}; medians of ${calls} calls)`,
				floor: `${formatMs(noMatchFloor)} (the two probes with nothing between them)`,
				ratio: ratioText(noMatch, noMatchFloor),
				result: noMatch < 0.05 ? "met" : "missed",
				fakeContext: `${formatMs(micro)} (tool_call only)`,
				reason:
					"pi's own part: with an extension whose two handlers return at once " +
					`(bench/probes/floor-handler.ts) the same span is ${formatMs(handlerFloor)}, so ` +
					`${formatMs(noMatch - handlerFloor)} is the extension's own work per call. Nothing in it grows ` +
					"with the 200 hooks (their matchers are remembered per configuration); it is a dozen steps (pi's " +
					"context getters for trust, the settings' freshness, the tool-name mapping, the match lookup, " +
					"the log row, the settings check scheduled after each result) that each cost a few microseconds " +
					"because they run cold, once per call after pi sat idle; in this process the same tool_call path " +
					`takes ${formatMs(micro)}.`,
			},
		];
		const spawnMicro = await microSpawn();
		const hookRows = [
			[
				"one matching `true` hook vs a bare spawn from pi",
				trueHook,
				spawnTrue,
				execaTrue,
				"≤ 1.25×",
				1.25,
				spawnMicro.trueText,
			],
			[
				"one `cat > /dev/null` hook (reads stdin), same comparison",
				catHook,
				spawnCat,
				execaCat,
				"≤ 1.15×",
				1.15,
				spawnMicro.catText,
			],
		] as const;
		for (const [name, hook, floor, viaExeca, target, limit, microText] of hookRows) {
			const figure = median(steadySpans(hook, "tool_call"));
			const base = median(steadySpans(floor, "tool_call"));
			const execaAlone = median(steadySpans(viaExeca, "tool_call"));
			const added = figure - execaAlone;
			rows.push({
				what: `${name} (\`tool_call\` handler)`,
				target,
				figure:
					`${formatMs(figure)} (median of ${calls} calls; each pi's first call: ` +
					`${formatMs(median(firstSpans(hook, "tool_call")))}); execa alone in pi, same options: ` +
					`${formatMs(execaAlone)} = ${ratioText(execaAlone, base)}`,
				floor: `${formatMs(base)} (Node spawn of \`/bin/sh -c\`, stdin written, pipes read)`,
				ratio: ratioText(figure, base),
				result: figure / base <= limit ? "met" : "missed",
				fakeContext: microText,
				reason:
					`execa alone, from pi with the runner's options, costs ${ratioText(execaAlone, base)} of the ` +
					`bare spawn (${formatMs(execaAlone - base)} more: its option handling, stream wrappers and ` +
					"result object); " +
					(added > 0
						? `the extension adds ${formatMs(added)} on top of execa (${ratioText(figure, execaAlone)} ` +
							"of it): the hook's stdin (session facts, the Claude Code payload), matching and " +
							"selecting the hook, its environment and spawn spec, reading the exit and both pipes, " +
							"the log row and the decision, each run once per call."
						: `the hook took no longer than execa alone in this run (${formatMs(figure)} vs ` +
							`${formatMs(execaAlone)}): the rest is this run's noise, so compare a quieter run.`),
			});
		}

		// Start-up: `pi -p` answering one prompt without tool calls; pi's loader floor first, for the reasons.
		const floorOfLoader = await loaderFloor(empty);
		// A difference of two medians: below zero it is noise, and the loader's share is then none.
		const loaderMs = Math.max(0, floorOfLoader.load);
		const bare = setup(empty, []);
		const noHooks = setup(empty, [EXTENSION_PATH]);
		const withHooks = setup(many.sandbox, [EXTENSION_PATH]);
		await runAlternating([bare, noHooks, withHooks], STARTUP_ROUNDS, 0);
		const wall = (s: Setup): number => median(s.runs.map((run) => run.wallMs));
		const bareSession = median(bare.runs.map(sessionMs));
		const bareInside = median(bare.runs.map(inProcessMs));
		const bareLoad = median(bare.runs.map(loadMs));
		for (const [name, loaded] of [
			["no hooks", noHooks],
			["200 hooks", withHooks],
		] as const) {
			const added = median(loaded.runs.map(sessionMs)) - bareSession;
			const walled = wall(loaded) - wall(bare);
			const inside = median(loaded.runs.map(inProcessMs)) - bareInside;
			const load = median(loaded.runs.map(loadMs)) - bareLoad;
			rows.push({
				what: `start-up added to \`pi -p\`, ${name}`,
				target: "< 20 ms",
				figure:
					`+${formatMs(added)} from the extension's load to the session's end (medians of ` +
					`${STARTUP_ROUNDS}): module load and factory ${formatMs(load)}, its handlers ` +
					`${formatMs(inside - load)}; whole \`pi -p\` wall ${walled >= 0 ? "+" : ""}${formatMs(walled)} ` +
					`(${formatMs(wall(loaded))} vs ${formatMs(wall(bare))})`,
				floor: `${formatMs(bareSession)} (the same span without the extension: pi answering the prompt)`,
				ratio: ratioText(bareSession + added, bareSession),
				result: added < 20 ? "met" : "missed",
				fakeContext: "-",
				reason:
					`module load and factory ${formatMs(load)} (pi's loader alone takes ${formatMs(loaderMs)} for as ` +
					`many files, so ${formatMs(load - loaderMs)} is evaluating the bundle and building the session ` +
					`object), the extension's handlers ${formatMs(inside - load)}, and ${formatMs(added - inside)} ` +
					"outside any of its handlers: pi's own work taking longer with the extension loaded (garbage " +
					"collection of its code and objects, the settings check scheduled after the turn), which grows " +
					"with the load on the machine.",
			});
		}
		rows.push(floorOfLoader.row);
		return rows;
	} finally {
		for (const sandbox of sandboxes) sandbox.cleanup();
	}
};
