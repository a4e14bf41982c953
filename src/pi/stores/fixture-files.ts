/**
 * Saving a workbench case as a fixture file of `pi-hook-manager test`: `<project>/.pi/hook-tests/<name>.json`,
 * never over an existing file (`-2`, `-3`, ... is added), written atomically, the project's own path in it as
 * `${CLAUDE_PROJECT_DIR}` and the home's as `${HOME}` (src/engine/fixture/project-paths.ts), so the file runs in any
 * checkout of the project, on any machine.
 */
import { existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join, relative } from "node:path";
import { type FixtureCase, fixtureFileName } from "../../engine/fixture/from-run.ts";
import { withProjectPlaceholder } from "../../engine/fixture/project-paths.ts";
import { writeFileAtomic } from "../../engine/io/atomic-write.ts";

/** Where fixtures go in a project (and where `pi-hook-manager test` looks by default). */
export const fixtureDir = (projectDir: string): string => join(projectDir, ".pi", "hook-tests");

/**
 * Writes `fixture` into the project's fixture folder (`home`, default the user's, saved as `${HOME}`); the file as
 * shown (relative to the project), or why not.
 */
export const saveFixture = (
	projectDir: string,
	fixture: FixtureCase,
	home: string = homedir(),
): { readonly file: string } | { readonly error: string } => {
	const dir = fixtureDir(projectDir);
	try {
		mkdirSync(dir, { recursive: true });
		const base = fixtureFileName(fixture.name).replace(/\.json$/, "");
		let file = join(dir, `${base}.json`);
		for (let n = 2; existsSync(file); n++) file = join(dir, `${base}-${n}.json`);
		writeFileAtomic(file, `${JSON.stringify(withProjectPlaceholder(fixture, projectDir, home), null, 2)}\n`);
		return { file: relative(projectDir, file) };
	} catch (error) {
		return { error: `the fixture could not be saved in ${dir}: ${(error as Error).message}` };
	}
};
