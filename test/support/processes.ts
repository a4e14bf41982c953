/**
 * Test helper for the processes hooks leave behind: whether a pid is still a live process, and the pid a hook
 * wrote to a file (`echo $$ > FILE`) once it is there.
 */
import { existsSync, readFileSync } from "node:fs";
import { expect } from "vitest";
import { waitBudget } from "./test-limit.ts";

/** True while `pid` is a live process (Linux `/proc/PID/stat`); a zombie waiting to be reaped counts as gone. */
export const isRunning = (pid: number): boolean => {
	try {
		return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
	} catch {
		return false;
	}
};

/**
 * The pid in `file` once a hook has written it there; fails the test when it is not there within `timeoutMs` (or
 * near the test's limit).
 */
export const pidWritten = async (file: string, timeoutMs = 20_000): Promise<number> => {
	await expect
		.poll(() => existsSync(file) && readFileSync(file, "utf8").trim() !== "", {
			timeout: waitBudget(timeoutMs).ms,
			message: `waited for a hook to write its pid to ${file}`,
		})
		.toBe(true);
	return Number(readFileSync(file, "utf8"));
};
