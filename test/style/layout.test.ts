/**
 * The source tree keeps its shape: no file in `src/` is over 400 lines, its imports form no circle, and no
 * module imports from a higher layer (engine ← ui ← pi ← index; the command line sits beside pi and may use
 * the engine and pi's stores, never pi's event adapters). Type-only imports count for layering, not for circles.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/pi-env.ts";

/** The longest a source file may be, in lines. */
const MAX_LINES = 400;

/** A module's layer: it may import only from its own layer or lower ones. */
const LAYERS: readonly (readonly [prefix: string, layer: number])[] = [
	["engine/", 1],
	["ui/", 2],
	["pi/", 3],
	["cli/", 4],
	["index.ts", 5],
];

/** The layer of `file` (a path relative to `src/`); an unknown place is the highest, so it imports freely. */
const layerOf = (file: string): number => LAYERS.find(([prefix]) => file.startsWith(prefix))?.[1] ?? 9;

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

	it("no module imports from a higher layer (engine, ui, pi, cli, index)", () => {
		const upward = sources.flatMap(({ file, text }) =>
			importsOf(file, text)
				.filter(({ target }) => layerOf(target) > layerOf(file))
				.map(({ target }) => `src/${file} imports src/${target}`),
		);
		expect(upward).toEqual([]);
	});

	it("the value imports of src/ form no circle", () => {
		const graph = new Map(
			sources.map(({ file, text }) => [
				file,
				importsOf(file, text)
					.filter(({ typeOnly }) => !typeOnly)
					.map(({ target }) => target),
			]),
		);
		expect(circles(graph)).toEqual([]);
	});

	it("finds an upward import, a type-only import and a circle when they are there", () => {
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
