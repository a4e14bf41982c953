/**
 * Finding and reading fixture files: the operands of `test` (files, or folders searched for `*.json` below
 * them), `.pi/hook-tests/` of the project when there are none. A path that does not exist is a usage error; a
 * file that cannot be read or parsed is a {@link FixtureFile} with the problem.
 */
import { readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { readSettingsFile } from "../engine/config/load.ts";
import { withProjectDir } from "../engine/fixture/project-paths.ts";
import { UsageError } from "./args.ts";
import { type FixtureFile, parseFixtureText } from "./fixture.ts";

/** Where fixtures live in a project by default (and where /hooks saves them). */
export const DEFAULT_FIXTURE_DIR = join(".pi", "hook-tests");

/** Folders not searched for fixtures. */
const SKIPPED_DIRS = new Set(["node_modules", ".git"]);

/** The `*.json` files below `dir`, sorted by path. */
const jsonFilesIn = (dir: string): string[] => {
	const found: string[] = [];
	const walk = (folder: string): void => {
		for (const item of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
			const path = join(folder, item.name);
			if (item.isDirectory() && !SKIPPED_DIRS.has(item.name)) walk(path);
			else if (item.isFile() && item.name.endsWith(".json")) found.push(path);
		}
	};
	walk(dir);
	return found;
};

/**
 * The fixture files `operands` name (relative to the current directory), or the project's default folder's.
 * Throws {@link UsageError} for a path that does not exist and when no fixture file is found.
 */
export const fixtureFiles = (operands: readonly string[], projectDir: string): string[] => {
	const paths = operands.length === 0 ? [join(projectDir, DEFAULT_FIXTURE_DIR)] : operands.map((o) => resolve(o));
	const files: string[] = [];
	for (const [index, path] of paths.entries()) {
		const named = operands[index] ?? relative(process.cwd(), path);
		const stat = statSync(path, { throwIfNoEntry: false });
		if (stat === undefined)
			throw new UsageError(
				operands.length === 0
					? `no fixtures: ${named} does not exist (pass FIXTURE or DIR, or save a case from /hooks in pi)`
					: `${named}: no such file or folder`,
			);
		if (stat.isDirectory()) {
			let inside: string[];
			try {
				inside = jsonFilesIn(path);
			} catch (error) {
				throw new UsageError(`${named}: the folder cannot be read (${(error as Error).message})`);
			}
			if (inside.length === 0) throw new UsageError(`${named}: no *.json fixture files in this folder`);
			files.push(...inside);
		} else files.push(path);
	}
	return [...new Set(files)];
};

/**
 * Reads and parses one fixture file; each case's `input` and `expect` get `projectDir` in place of
 * `${CLAUDE_PROJECT_DIR}`, and `home` (when given) in place of `${HOME}` (how a saved case names them, see
 * project-paths.ts; `raw` stays as written).
 * Never throws.
 */
export const readFixtureFile = (file: string, projectDir: string, home?: string): FixtureFile => {
	const read = readSettingsFile(file);
	if (read.kind === "missing") return { ok: false, file, message: "no such file" };
	if (read.kind === "error") return { ok: false, file, message: read.message.replace(/settings file/, "fixture") };
	const parsed = parseFixtureText(read.text, file);
	if (!parsed.ok) return parsed;
	const fixtures = parsed.fixtures.map((fixture) => ({
		...fixture,
		input: withProjectDir(fixture.input, projectDir, home),
		expect: fixture.expect === undefined ? undefined : withProjectDir(fixture.expect, projectDir, home),
	}));
	return { ...parsed, fixtures };
};
