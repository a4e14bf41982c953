/**
 * The recording hook of the end-to-end tests (test/fixtures/hooks/hook.mjs): a command hook that appends what it got
 * (stdin, environment, cwd) to a file as one JSON line, and the reader of what it recorded.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "./pi-env.ts";

/** The configurable test hook (`--record FILE`, `--stdout TEXT`, `--exit N`, `--sleep MS`, `--pid-file FILE`). */
export const HOOK_SCRIPT: string = join(PROJECT_ROOT, "test", "fixtures", "hooks", "hook.mjs");

/**
 * A command hook that appends its stdin (with env and cwd) to `file` as one JSON line; `options` are more of
 * hook.mjs's options, shell words as they are, e.g. `recorder(file, "--exit", "2")`.
 */
export const recorder = (file: string, ...options: string[]): { type: "command"; command: string } => ({
	type: "command",
	command: ["node", JSON.stringify(HOOK_SCRIPT), "--record", JSON.stringify(file), ...options].join(" "),
});

/** The stdins a {@link recorder} wrote to `file`, in order; none when it never ran. */
export const recordedStdins = (file: string): Record<string, unknown>[] =>
	existsSync(file)
		? readFileSync(file, "utf8")
				.split("\n")
				.filter((line) => line.trim() !== "")
				.map((line) => (JSON.parse(line) as { stdin: Record<string, unknown> }).stdin)
		: [];
