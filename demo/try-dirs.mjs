// The throw-away agent dirs of `npm run try`: each holds a pid file naming the try process that made it, so a
// later run can tell a dir left behind by a run that was killed too hard to clean up (SIGKILL, a crash) from
// one still in use.
import { lstatSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

/** How the name of a try agent dir starts (mkdtemp adds six characters). */
export const TRY_DIR_PREFIX = "pi-hook-manager-try-";

/** The file in a try agent dir holding the decimal pid of the try process that owns it. */
export const TRY_PID_FILE = "try.pid";

/**
 * Whether a process with this pid exists (EPERM: it exists, owned by someone else).
 * @param {number} pid
 * @returns {boolean}
 */
export const alive = (pid) => {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
	}
};

/**
 * Removes the try agent dirs in `dir` (the temp folder) whose owning try process is gone: only real
 * directories owned by this user and holding a `try.pid` with a pid no process has. Dirs without a pid file
 * (not made by this code), of other users, or of a run still going are left alone. Never throws.
 * @param {string} dir
 * @returns {string[]} the removed dirs
 */
export function removeLeftoverTryDirs(dir) {
	const removed = [];
	let names = [];
	try {
		names = readdirSync(dir).filter((name) => name.startsWith(TRY_DIR_PREFIX));
	} catch {
		return removed;
	}
	for (const name of names) {
		const path = join(dir, name);
		try {
			const stat = lstatSync(path);
			if (!stat.isDirectory() || stat.uid !== process.getuid?.()) continue;
			const text = readFileSync(join(path, TRY_PID_FILE), "utf8").trim();
			if (!/^[1-9]\d*$/.test(text) || alive(Number(text))) continue;
			rmSync(path, { recursive: true, force: true });
			removed.push(path);
		} catch {
			// No pid file, or it vanished meanwhile: not ours to remove.
		}
	}
	return removed;
}
