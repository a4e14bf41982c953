/**
 * The build to compare against (`npm run bench -- --compare REF`): REF checked out into a detached git worktree
 * under the OS temp folder, one per commit and kept for the next run, with its packages and its own build of
 * `dist/`. Its node_modules is a link to this tree's when both lock files are the same, else `npm install`.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** A built REF: its commit and the worktree pi loads it from (its package.json points pi at `dist/index.js`). */
export interface RefBuild {
	/** The full commit hash REF names. */
	readonly commit: string;
	/** The worktree folder (the extension path to give pi). */
	readonly root: string;
}

/** The file that says a worktree's packages and build are complete (written last). */
const READY = ".bench-ready";

/** Runs `file args` in `cwd`, its output on stderr; throws with its exit when it fails. */
const run = (file: string, args: readonly string[], cwd: string): void => {
	// npm of the Node that runs the bench (the project's Node 22), not whichever is first on PATH.
	const path = `${dirname(process.execPath)}:${process.env.PATH ?? ""}`;
	execFileSync(file, args, {
		cwd,
		stdio: ["ignore", process.stderr, process.stderr],
		env: { ...process.env, PATH: path },
	});
};

/** Reads a text file; undefined when it is not there. */
const readOrNone = (file: string): string | undefined => {
	try {
		return readFileSync(file, "utf8");
	} catch {
		return undefined;
	}
};

/**
 * Checks out and builds `ref` (a commit, tag or branch of the repository at `root`); reuses an earlier build of
 * the same commit. Throws when `ref` names no commit or its install or build fails.
 */
export const buildRef = (root: string, ref: string): RefBuild => {
	const commit = execFileSync("git", ["-C", root, "rev-parse", "--verify", `${ref}^{commit}`], {
		encoding: "utf8",
	}).trim();
	const dir = join(tmpdir(), "pi-hook-manager-bench", commit.slice(0, 12));
	if (existsSync(join(dir, READY))) return { commit, root: dir };
	process.stderr.write(`building ${ref} (${commit.slice(0, 12)}) in ${dir}...\n`);
	if (existsSync(dir)) {
		rmSync(dir, { recursive: true, force: true });
		run("git", ["-C", root, "worktree", "prune"], root);
	}
	run("git", ["-C", root, "worktree", "add", "--detach", dir, commit], root);
	const lock = readOrNone(join(root, "package-lock.json"));
	if (lock !== undefined && lock === readOrNone(join(dir, "package-lock.json"))) {
		symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
	} else {
		run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], dir);
	}
	run(process.execPath, ["scripts/build.mjs"], dir);
	if (!existsSync(join(dir, "dist", "index.js"))) throw new Error(`${ref}: scripts/build.mjs wrote no dist/index.js`);
	writeFileSync(join(dir, READY), `${commit}\n`);
	return { commit, root: dir };
};
