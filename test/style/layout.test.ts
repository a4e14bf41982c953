/**
 * The source tree keeps its shape: no file in `src/` is over 400 lines, each opens with a doc comment, its imports
 * (type-only ones too) form no circle, and each place imports only from the places {@link MAY_IMPORT} names for it
 * (a table that itself has no circle); inside `src/pi`, `src/host` and `src/ui` no import runs up a floor
 * ({@link FLOORS}). The engine's root holds at most 8 loose files: its public face.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/pi-env.ts";

/** The longest a source file may be, in lines. */
const MAX_LINES = 400;

/** The most loose `.ts` files `src/engine/` may hold beside its folders. */
const MAX_ENGINE_ROOT_FILES = 8;

/**
 * Each place in `src/` (a top folder, an engine folder, a loose engine file), what it holds, and the other places
 * it may import from. A place always imports from itself. `index.ts` (the extension's entry) may import anything.
 */
const PLACES: Readonly<Record<string, { readonly holds: string; readonly imports: readonly string[] }>> = {
	"engine/types.ts": { holds: "configured hooks, sources, handlers, the merged configuration", imports: [] },
	"engine/is-object.ts": { holds: "the one plain-object check", imports: [] },
	"engine/ports.ts": {
		holds: "the runner ports: process, http, prompt, agent, mcp_tool",
		imports: ["engine/types.ts"],
	},
	"engine/io": { holds: "the atomic file write and the lazily loaded packages", imports: [] },
	"engine/text": {
		holds: "terminal-safe text, secret masking, lines, paths, outcome messages",
		imports: ["engine/types.ts"],
	},
	"engine/events": {
		holds: "Claude Code's hook events and tools, and pi's names for them",
		imports: ["engine/types.ts", "engine/is-object.ts", "engine/text"],
	},
	"engine/match": {
		holds: "matchers, `if` rules, the per-event index, regex cost",
		imports: ["engine/types.ts", "engine/events", "engine/io"],
	},
	"engine/config": {
		holds: "settings, plugins, managed policy, frontmatter: load, parse, merge, edit",
		imports: [
			"engine/types.ts",
			"engine/is-object.ts",
			"engine/events",
			"engine/io",
			"engine/match",
			"engine/text",
		],
	},
	"engine/payload": {
		holds: "the stdin JSON of each hook event",
		imports: ["engine/types.ts", "engine/channel", "engine/events"],
	},
	"engine/lint": {
		// engine/io for the shell parser the preflight loads on first use (io imports nothing: no circle).
		holds: "likely mistakes in a hook's output, and the preflight of a command hook",
		imports: [
			"engine/types.ts",
			"engine/is-object.ts",
			"engine/ports.ts",
			"engine/events",
			"engine/io",
			"engine/text",
		],
	},
	"engine/decide": {
		holds: "one hook's outcome to its verdict, and the verdicts of an event to one decision",
		imports: [
			"engine/types.ts",
			"engine/is-object.ts",
			"engine/ports.ts",
			"engine/config",
			"engine/events",
			"engine/lint",
			"engine/text",
		],
	},
	"engine/trust": {
		holds: "what a hook reaches, changed files, line diffs",
		imports: ["engine/types.ts", "engine/decide", "engine/io", "engine/text"],
	},
	"engine/run": {
		holds: "running one hook handler of each type: process, http, prompt, mcp_tool",
		imports: [
			"engine/types.ts",
			"engine/is-object.ts",
			"engine/ports.ts",
			"engine/events",
			"engine/io",
			"engine/payload",
			"engine/text",
		],
	},
	"engine/record": {
		holds: "firing records and the journal's line format",
		imports: [
			"engine/types.ts",
			"engine/is-object.ts",
			"engine/ports.ts",
			"engine/config",
			"engine/decide",
			"engine/text",
		],
	},
	"engine/plan": {
		holds: "what pi does with a decision: steps, cards, configuration notices, the static lint",
		// engine/lint for the preflight findings the static lint reports (lint imports no plan: no circle).
		imports: [
			"engine/types.ts",
			"engine/config",
			"engine/decide",
			"engine/events",
			"engine/lint",
			"engine/match",
			"engine/text",
			"engine/trust",
		],
	},
	"engine/dispatch": {
		holds: "selecting the hooks of an event and running them",
		imports: [
			"engine/types.ts",
			"engine/ports.ts",
			"engine/config",
			"engine/decide",
			"engine/events",
			"engine/match",
			"engine/payload",
			"engine/record",
			"engine/run",
			"engine/trust",
		],
	},
	"engine/dry-run": {
		holds: "what a hook would do, for a test run that changes nothing",
		imports: [
			"engine/types.ts",
			"engine/decide",
			"engine/events",
			"engine/payload",
			"engine/record",
			"engine/text",
		],
	},
	"engine/fixture": {
		holds: "saved test runs: their files and expected outcomes",
		imports: ["engine/types.ts", "engine/is-object.ts", "engine/decide", "engine/dry-run"],
	},
	"engine/channel": {
		holds: "the requests and answers of the permission channels other extensions use",
		imports: ["engine/is-object.ts"],
	},
	"engine/flow": {
		holds: "one engine call per pi moment, from pi's values to a plan",
		imports: [
			"engine/types.ts",
			"engine/channel",
			"engine/decide",
			"engine/dispatch",
			"engine/events",
			"engine/payload",
			"engine/plan",
			"engine/record",
			"engine/text",
		],
	},
	"engine/engine.ts": { holds: "the engine factory", imports: ["engine/dispatch", "engine/record", "engine/run"] },
	host: { holds: "what pi and the command line share: stores on disk, models", imports: ["engine"] },
	ui: { holds: "the /hooks panel and dialogs, as pi-tui components", imports: ["engine"] },
	pi: { holds: "the adapter on pi's events", imports: ["engine", "host", "ui"] },
	cli: { holds: "the command line", imports: ["engine", "host"] },
};

/**
 * The floors inside the rooms `src/pi`, `src/host` and `src/ui`, lowest first: a file may import its own folder and
 * the folders of lower floors, never a folder of its own floor or a higher one (a back arrow). A file in a
 * sub-folder counts as its top folder's (`ui/panel/screens/` is `panel`); `.` is a room's loose files.
 */
const FLOORS: Readonly<Record<string, readonly (readonly string[])[]>> = {
	pi: [["io"], ["stores", "telemetry", "cards", "runners"], ["events"], ["manager"], ["trust"], ["session"]],
	host: [["stores"], ["trust", "models", "preflight", "watch"]],
	ui: [["."], ["panel"]],
};

/** The room and floor of `file` (relative to `src/`), or undefined outside the rooms {@link FLOORS} lays out. */
const floorOf = (
	file: string,
): { readonly room: string; readonly folder: string; readonly floor: number } | undefined => {
	const [room = "", ...rest] = file.split("/");
	const floors = FLOORS[room];
	if (floors === undefined) return undefined;
	const folder = rest.length > 1 ? (rest[0] ?? ".") : ".";
	return { room, folder, floor: floors.findIndex((floor) => floor.includes(folder)) };
};

/** Whether `from` importing `to` (files relative to `src/`) runs up or across a floor inside one room. */
const backArrow = (from: string, to: string): boolean => {
	const a = floorOf(from);
	const b = floorOf(to);
	if (a === undefined || b === undefined || a.room !== b.room || a.folder === b.folder) return false;
	return b.floor >= a.floor;
};

/** The place of `file` (relative to `src/`): `engine/<folder>`, a loose engine file, or a top folder. */
const placeOf = (file: string): string => {
	const parts = file.split("/");
	if (parts[0] === "engine") return parts.length > 2 ? `engine/${parts[1]}` : file;
	return parts[0] ?? file;
};

/** Whether `from` may import `to` (places): itself, a place its list names, or below a top place it names. */
const mayImport = (from: string, to: string): boolean => {
	if (from === to || from === "index.ts") return true;
	const allowed = PLACES[from]?.imports ?? [];
	return allowed.some((place) => place === to || to.startsWith(`${place}/`));
};

/** One relative import of a module: the imported file (relative to `src/`) and whether only types come in. */
interface Import {
	readonly target: string;
	readonly typeOnly: boolean;
}

/** Every `.ts` file under `dir`, relative to `root`. */
const tsFiles = (root: string, dir = root): string[] =>
	readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return tsFiles(root, path);
		return path.endsWith(".ts") ? [relative(root, path)] : [];
	});

/** The relative imports and re-exports of `text`, a module at `file` (relative to `src/`). */
const importsOf = (file: string, text: string): Import[] =>
	[...text.matchAll(/(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^;]*?\sfrom\s+)?"(\.{1,2}\/[^"]+)"/g)].map(
		(match) => ({
			target: relative(".", join(dirname(file), match[3] ?? "")),
			typeOnly: match[2] !== undefined,
		}),
	);

/** `a -> b -> a` for each circle of value imports in `graph` (each circle once, from where the walk met it). */
const circles = (graph: ReadonlyMap<string, readonly string[]>): string[] => {
	const found: string[] = [];
	const state = new Map<string, "open" | "done">();
	const stack: string[] = [];
	const visit = (file: string): void => {
		state.set(file, "open");
		stack.push(file);
		for (const next of graph.get(file) ?? []) {
			if (!graph.has(next)) continue;
			if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next].join(" -> "));
			else if (!state.has(next)) visit(next);
		}
		stack.pop();
		state.set(file, "done");
	};
	for (const file of graph.keys()) if (!state.has(file)) visit(file);
	return found;
};

const SRC = resolve(PROJECT_ROOT, "src");
const sources = tsFiles(SRC).map((file) => ({ file, text: readFileSync(join(SRC, file), "utf8") }));

describe("source layout", () => {
	it(`no file in src/ is over ${MAX_LINES} lines`, () => {
		expect(sources.length).toBeGreaterThan(100);
		const long = sources
			.map(({ file, text }) => ({ file, lines: text.split("\n").length }))
			.filter(({ lines }) => lines > MAX_LINES)
			.map(({ file, lines }) => `src/${file} (${lines} lines)`);
		expect(long).toEqual([]);
	});

	it("each place imports only from the places the table names", () => {
		const places = new Set(sources.map(({ file }) => placeOf(file)));
		expect([...places].filter((place) => place !== "index.ts" && PLACES[place] === undefined)).toEqual([]);
		const stray = sources.flatMap(({ file, text }) =>
			importsOf(file, text)
				.filter(({ target }) => !mayImport(placeOf(file), placeOf(target)))
				.map(({ target }) => `src/${file} imports src/${target}`),
		);
		expect(stray).toEqual([]);
	});

	it("inside src/pi, src/host and src/ui every folder is on a floor and no import runs up or across one", () => {
		const unplaced = sources
			.map(({ file }) => floorOf(file))
			.filter((place) => place !== undefined && place.floor < 0)
			.map((place) => `${place?.room}/${place?.folder}`);
		expect([...new Set(unplaced)]).toEqual([]);
		const arrows = sources.flatMap(({ file, text }) =>
			importsOf(file, text)
				.filter(({ target }) => backArrow(file, target))
				.map(({ target }) => `src/${file} imports src/${target}`),
		);
		expect(arrows).toEqual([]);
	});

	it("the table of places has no circle", () => {
		const expand = (place: string): string[] =>
			Object.keys(PLACES).filter((other) => other === place || other.startsWith(`${place}/`));
		const graph = new Map(
			Object.entries(PLACES).map(([place, { imports }]) => [place, imports.flatMap(expand)] as const),
		);
		expect(circles(graph)).toEqual([]);
	});

	it(`the engine's root holds at most ${MAX_ENGINE_ROOT_FILES} loose files`, () => {
		const loose = sources.filter(({ file }) => file.startsWith("engine/") && file.split("/").length === 2);
		expect(loose.length).toBeGreaterThan(0);
		expect(loose.length).toBeLessThanOrEqual(MAX_ENGINE_ROOT_FILES);
	});

	it("each source file opens with a doc comment", () => {
		expect(sources.filter(({ text }) => !text.startsWith("/**")).map(({ file }) => `src/${file}`)).toEqual([]);
	});

	it("the imports of src/, type-only ones too, form no circle", () => {
		const graph = new Map(
			sources.map(({ file, text }) => [file, importsOf(file, text).map(({ target }) => target)]),
		);
		expect(circles(graph)).toEqual([]);
	});

	it("finds a stray import, a type-only import and a circle when they are there", () => {
		expect(mayImport("engine/text", "engine/decide")).toBe(false);
		expect(mayImport("cli", "pi")).toBe(false);
		expect(mayImport("pi", "engine/flow")).toBe(true);
		expect(backArrow("pi/manager/a.ts", "pi/session/b.ts")).toBe(true);
		expect(backArrow("pi/session/a.ts", "pi/manager/b.ts")).toBe(false);
		expect(backArrow("pi/stores/a.ts", "pi/cards/b.ts")).toBe(true);
		expect(backArrow("ui/card-view.ts", "ui/panel/format.ts")).toBe(true);
		expect(backArrow("ui/panel/screens/list.ts", "ui/panel/format.ts")).toBe(false);
		expect(backArrow("host/trust/a.ts", "host/stores/b.ts")).toBe(false);
		expect(placeOf("engine/decide/tool.ts")).toBe("engine/decide");
		expect(placeOf("engine/types.ts")).toBe("engine/types.ts");
		const text = 'import { a } from "../pi/x.ts";\nimport type { B } from "./b.ts";\nexport { c } from "./c.ts";';
		expect(importsOf("engine/a.ts", text)).toEqual([
			{ target: "pi/x.ts", typeOnly: false },
			{ target: "engine/b.ts", typeOnly: true },
			{ target: "engine/c.ts", typeOnly: false },
		]);
		const graph = new Map([
			["a.ts", ["b.ts"]],
			["b.ts", ["a.ts"]],
			["c.ts", ["a.ts"]],
		]);
		expect(circles(graph)).toEqual(["a.ts -> b.ts -> a.ts"]);
	});
});
