/**
 * Child process of `npm run bench -- --compare REF`: runs one figure module of one tree (`<root>/bench/figures/
 * <name>.ts`, its export `<fn>`) against that tree's own sources, and prints its rows as one JSON line
 * `[{ what, text }]` (`text`: the row's measured cell). Exits 1 when the module or the export is not there.
 *
 * Usage: node --expose-gc bench/compare/child.ts <root> <name> <fn>
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [root, name, fn] = process.argv.slice(2);
if (root === undefined || name === undefined || fn === undefined) throw new Error("usage: child.ts <root> <name> <fn>");
const module = (await import(pathToFileURL(join(root, "bench", "figures", `${name}.ts`)).href)) as Record<
	string,
	unknown
>;
const measure = module[fn];
if (typeof measure !== "function") throw new Error(`${name}.ts has no ${fn}`);
const rows = (await measure()) as readonly { what: string; measured?: string; figure?: string }[];
process.stdout.write(
	`${JSON.stringify(rows.map((row) => ({ what: row.what, text: row.measured ?? row.figure ?? "" })))}\n`,
);
