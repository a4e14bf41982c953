/**
 * The preflight's probe of this machine (`PreflightProbe`, used by `pi-hook-manager lint` and the /hooks panel):
 * PATH lookups and file states by `stat` and `access`, the `#!` line of a script (its first 256 bytes), what
 * `/bin/sh` links to. Every answer is cached for the probe's life (one lint run, one opening of the panel), so a
 * hundred hooks naming `jq` look it up once. Nothing is ever run.
 */
import { accessSync, closeSync, constants, openSync, readSync, realpathSync, statSync } from "node:fs";
import { basename, delimiter, isAbsolute, join } from "node:path";
import {
	type PreflightContext,
	type PreflightFinding,
	type PreflightProbe,
	preflightHook,
} from "../../engine/lint/preflight.ts";
import type { HookEntry } from "../../engine/types.ts";

/** Bytes read of a script for its `#!` line. */
const SHEBANG_BYTES = 256;

/** What the probe looks through. */
export interface ProbeOptions {
	/** `$PATH` as hooks get it; undefined: nothing is on PATH. */
	readonly path: string | undefined;
	/** `$HOME`. */
	readonly home: string | undefined;
	/** The file `sh -c` runs; default `/bin/sh`. */
	readonly shPath?: string;
}

/** The state of `path`: missing, an executable regular file, one without an execute bit, or something else. */
const fileState = (path: string): ReturnType<PreflightProbe["file"]> => {
	const stat = statSync(path, { throwIfNoEntry: false });
	if (stat === undefined) return "missing";
	if (!stat.isFile()) return "other";
	try {
		accessSync(path, constants.X_OK);
		return "executable";
	} catch {
		return "not_executable";
	}
};

/** The `#!` line of the file at `path` (without `#!`), or undefined. */
const readShebang = (path: string): string | undefined => {
	let fd: number | undefined;
	try {
		fd = openSync(path, "r");
		const buffer = Buffer.alloc(SHEBANG_BYTES);
		const text = buffer.subarray(0, readSync(fd, buffer, 0, SHEBANG_BYTES, 0)).toString("utf8");
		return text.startsWith("#!") ? (text.slice(2).split(/\r?\n/)[0] ?? "") : undefined;
	} catch {
		return undefined;
	} finally {
		if (fd !== undefined) closeSync(fd);
	}
};

/** A probe over `options`, its answers cached. Never throws. */
export const createPreflightProbe = (options: ProbeOptions): PreflightProbe => {
	const found = new Map<string, string | undefined>();
	const states = new Map<string, ReturnType<PreflightProbe["file"]>>();
	const shebangs = new Map<string, string | undefined>();
	let sh: { readonly name: string | undefined } | undefined;
	// An empty PATH entry means the current directory (POSIX); a relative one is relative to it: neither is
	// looked in, since where the hook runs decides, not where lint runs.
	const dirs = (options.path ?? "").split(delimiter).filter((dir) => dir !== "" && isAbsolute(dir));
	const file = (path: string): ReturnType<PreflightProbe["file"]> => {
		let state = states.get(path);
		if (state === undefined) {
			try {
				state = fileState(path);
			} catch {
				state = "other";
			}
			states.set(path, state);
		}
		return state;
	};
	return {
		home: options.home,
		which(name) {
			if (!found.has(name))
				found.set(
					name,
					dirs.map((dir) => join(dir, name)).find((candidate) => file(candidate) === "executable"),
				);
			return found.get(name);
		},
		file,
		shebang(path) {
			if (!shebangs.has(path)) shebangs.set(path, readShebang(path));
			return shebangs.get(path);
		},
		sh() {
			if (sh === undefined) {
				try {
					sh = { name: basename(realpathSync(options.shPath ?? "/bin/sh")) };
				} catch {
					sh = { name: undefined };
				}
			}
			// A plain `sh` that links nowhere (macOS runs bash behind it, others do not) cannot be told apart.
			return sh.name === "sh" ? undefined : sh.name;
		},
	};
};

/** The preflight of hooks with one probe: each hook is looked at once (by id) for the checker's life. */
export interface PreflightChecker {
	check(entry: HookEntry): readonly PreflightFinding[];
}

/** A checker over a fresh probe of `options` for hooks that run in `context`. */
export const createPreflightChecker = (options: ProbeOptions, context: PreflightContext): PreflightChecker => {
	const probe = createPreflightProbe(options);
	const done = new Map<string, readonly PreflightFinding[]>();
	return {
		check(entry) {
			let findings = done.get(entry.id);
			if (findings === undefined) {
				findings = preflightHook(entry, context, probe);
				done.set(entry.id, findings);
			}
			return findings;
		},
	};
};
