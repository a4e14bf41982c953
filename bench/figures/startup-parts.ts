/**
 * Where the extension's start-up time goes inside the real pi (issue #38): `pi -p hello` with the extension, run
 * under V8's sampling profiler (`--cpu-prof`, one sample per 100 µs) in a sandbox that keeps its state between
 * runs (so every run after the first is a start where nothing changed, as a user's fiftieth start of the day).
 * Each sample whose stack holds the extension's code is given to one part: module load (the top level of the
 * bundle's files, with jiti's loading of them), execa's background load, or the part of the innermost
 * extension frame's source file (the bundle keeps esbuild's `// src/...` markers, so a line of `dist/` maps to
 * its source file); what is left is the factory's or its event handler's own code. A profile's milliseconds are
 * sampled and slowed by the profiler itself: the shares are the finding, the paired wall figures of in-pi.ts the
 * cost.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeLlm } from "../../test/support/fake-llm.mjs";
import {
	createPiSandbox,
	EXTENSION_PATH,
	type PiSandbox,
	PROJECT_ROOT,
	runPiPrint,
} from "../../test/support/pi-env.ts";
import { formatMs, median } from "../stats.ts";
import { nonMatching, sandboxWith } from "./in-pi.ts";

/** Profiled pi runs per configuration (the first, which writes the seen-state baseline, left out). */
const RUNS = 7;

/** A start-up part and the source files (prefixes under `src/`) whose frames count for it, in table order. */
const PARTS: readonly (readonly [string, readonly string[]])[] = [
	["config load (settings files read, parsed, merged)", ["engine/config/", "engine/plan/"]],
	["tripwire (seen-store read, every hook fingerprinted)", ["host/trust/", "engine/trust/", "pi/session/tripwire"]],
	["seen-state and approvals stores", ["host/stores/"]],
	["watches (settings, FileChanged, ConfigChange)", ["pi/session/watches", "host/watch", "engine/watch"]],
	["preflight and lint", ["engine/lint/"]],
	["cards and footer (history rebuilt from the branch)", ["pi/cards/", "ui/"]],
	["skills, MCP names, commands", ["pi/events/skill", "pi/runners/", "pi/manager/"]],
	["telemetry", ["pi/telemetry/"]],
];

const MODULE_LOAD = "module load (bundle evaluated, jiti)";
const EXECA = "execa warm-up (its background load)";
const LAZY = "other code loaded on first use (the shell parser, yaml)";
const FACTORY = "factory (session object, handlers registered)";
const HANDLERS = "the rest: handlers' own code (session_start, the prompt's events), engine, pi adapters";

interface CallFrame {
	readonly functionName: string;
	readonly url: string;
	readonly lineNumber: number;
}
interface ProfileNode {
	readonly id: number;
	readonly callFrame: CallFrame;
	readonly children?: readonly number[];
}
interface Profile {
	readonly nodes: readonly ProfileNode[];
	readonly samples: readonly number[];
	readonly timeDeltas: readonly number[];
}

/**
 * The text pi runs for `dist/<name>`: jiti transpiles the bundle and keeps the result in its file cache
 * (`<tmpdir>/jiti/dist-<stem>.<md5 of the path, 8 hex>.mjs`, ending in a comment with the md5 of the source), and
 * its lines are not the bundle's (babel joins statements), so a profile's line numbers are read against it. The
 * bundle itself when there is no such cache file (pi then ran it as it is).
 */
const textRun = (name: string): string => {
	const path = join(PROJECT_ROOT, "dist", name);
	const source = readFileSync(path, "utf8");
	const md5 = (text: string) => createHash("md5").update(text).digest("hex");
	const stem = name.replace(/\.m?js$/, "");
	try {
		const cached = readFileSync(join(tmpdir(), "jiti", `dist-${stem}.${md5(path).slice(0, 8)}.mjs`), "utf8");
		if (cached.trimEnd().endsWith(`-${md5(source).slice(0, 16)} */`)) return cached;
	} catch {
		// Not cached: pi ran the bundle as it is.
	}
	return source;
};

/**
 * For each file of `dist/`, the source file of each line of the text pi runs (from esbuild's `// src/...` markers;
 * a marker holds from the next line on, as babel may leave it at the end of the previous source's last line).
 */
const sourceMaps = (): Map<string, string[]> => {
	const maps = new Map<string, string[]>();
	const dist = join(PROJECT_ROOT, "dist");
	for (const name of readdirSync(dist).filter((file) => /\.(m?js)$/.test(file))) {
		let current = "";
		maps.set(
			name,
			textRun(name)
				.split("\n")
				.map((line) => {
					const before = current;
					const marker = /\/\/ src\/(\S+)$/.exec(line);
					if (marker !== null) current = marker[1] as string;
					return before;
				}),
		);
	}
	return maps;
};

/** Milliseconds per part in one profile. */
const partsOf = (profile: Profile, sources: Map<string, string[]>): Map<string, number> => {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const parent = new Map<number, number>();
	for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
	const distDir = `${join(PROJECT_ROOT, "dist")}/`;
	const partOfFrame = (frame: CallFrame): string | undefined => {
		const name = frame.url.replace(/^file:\/\//, "");
		if (!name.startsWith(distDir)) return undefined;
		const file = name.slice(distDir.length);
		if (file === "execa.mjs") return EXECA;
		if ((sources.get(file)?.[frame.lineNumber] ?? "") === "engine/io/lazy-module.ts") return LAZY;
		if (frame.lineNumber === 0 && frame.functionName === "") return MODULE_LOAD;
		const source = sources.get(file)?.[frame.lineNumber] ?? "";
		if (source === "index.ts") return FACTORY;
		return PARTS.find(([, prefixes]) => prefixes.some((prefix) => source.startsWith(prefix)))?.[0] ?? "";
	};
	const totals = new Map<string, number>();
	profile.samples.forEach((sample, index) => {
		const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
		const stack: CallFrame[] = [];
		for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
			const node = byId.get(id);
			if (node !== undefined) stack.push(node.callFrame);
		}
		const parts = stack.map(partOfFrame).filter((part): part is string => part !== undefined);
		if (parts.length === 0) return;
		// Module load and the loads on first use hold everything under them (execa's when it is execa), else the
		// innermost named part, else the factory or a handler's own code.
		const loading = parts.findLast((each) => each === MODULE_LOAD || each === LAZY);
		const part =
			(loading === LAZY && parts.includes(EXECA) ? EXECA : loading) ??
			parts.find((each) => each !== "" && each !== FACTORY) ??
			(parts.includes(FACTORY) ? FACTORY : HANDLERS);
		totals.set(part, (totals.get(part) ?? 0) + ms);
	});
	return totals;
};

/** One profiled `pi -p hello` in `sandbox`; its parts. */
const profiledRun = async (sandbox: PiSandbox, sources: Map<string, string[]>): Promise<Map<string, number>> => {
	const llm = await startFakeLlm({ script: [{ text: "done" }] });
	const dir = join(sandbox.root, "profile");
	rmSync(dir, { recursive: true, force: true });
	mkdirSync(dir);
	try {
		sandbox.setFakeUrl(llm.url);
		const result = await runPiPrint(sandbox, ["-ne", "-e", EXTENSION_PATH, "-p", "hello"], {
			timeoutMs: 120_000,
			env: { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir} --cpu-prof-interval=100` },
		});
		if (result.code !== 0) throw new Error(`pi failed (${result.code}): ${result.stderr.slice(0, 300)}`);
		const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
		if (file === undefined) throw new Error("pi wrote no CPU profile");
		return partsOf(JSON.parse(readFileSync(join(dir, file), "utf8")) as Profile, sources);
	} finally {
		await llm.close();
	}
};

/** One row of the breakdown: a part and its median milliseconds with no hooks and with 200 hooks. */
export interface StartupPart {
	readonly part: string;
	readonly noHooks: string;
	readonly withHooks: string;
}

/** The start-up breakdown, no hooks and 200 hooks, runs alternating; the last row is the total. */
export const measureStartupParts = async (): Promise<StartupPart[]> => {
	const empty = createPiSandbox();
	const many = sandboxWith(nonMatching);
	try {
		const runs = { empty: [] as Map<string, number>[], many: [] as Map<string, number>[] };
		// The first run of each writes the seen-state baseline (and fills jiti's cache): left out.
		await profiledRun(empty, new Map());
		await profiledRun(many, new Map());
		// Read once jiti has cached what it runs.
		const sources = sourceMaps();
		for (let round = 0; round < RUNS; round++) {
			for (const side of round % 2 === 0 ? (["empty", "many"] as const) : (["many", "empty"] as const))
				runs[side].push(await profiledRun(side === "empty" ? empty : many, sources));
		}
		const names = [MODULE_LOAD, FACTORY, ...PARTS.map(([part]) => part), EXECA, LAZY, HANDLERS];
		const at = (list: readonly Map<string, number>[], part: string) =>
			median(list.map((parts) => parts.get(part) ?? 0));
		const total = (list: readonly Map<string, number>[]) =>
			median(list.map((parts) => [...parts.values()].reduce((sum, ms) => sum + ms, 0)));
		const rows = names.map((part) => ({
			part,
			noHooks: formatMs(at(runs.empty, part)),
			withHooks: formatMs(at(runs.many, part)),
		}));
		rows.push({
			part: `all of the extension's code (medians of ${RUNS} runs each)`,
			noHooks: formatMs(total(runs.empty)),
			withHooks: formatMs(total(runs.many)),
		});
		return rows;
	} finally {
		empty.cleanup();
		many.cleanup();
	}
};
