/**
 * The tripwire's fingerprint of a hook (issue #25): a stable key that says which hook it is, and a hash of what it
 * is (its definition and the files it covers), compared with what a person last saw (stores/seen-hooks.ts).
 *
 * The key is the SHA-256 of the settings file (and the hook object's place in a plugin manifest), the event, the
 * matcher and what the handler runs (`command` and `args`, `url`, `prompt`, or `server`/`tool`), with `#2`, `#3`
 * for a second and third identical one: moving a hook in its file, or adding one before it, keeps its key; a new
 * command at the same place is a new key (the tripwire tells it as a replacement, tripwire.ts).
 *
 * The covered files: a project hook's are what its approval covers (coverage.ts). Any other hook covers every
 * file its command names in the project, in the home folder (`~`, `$HOME` expanded) or in its plugin's or
 * skill's folder, the source files beside a script it runs, and all of its plugin's or skill's folder (bounded as
 * in hook-folders.ts). Files are hashed once and again only when their stamp moved (file-state.ts); while one
 * configuration is fingerprinted, each file and folder is looked at once however many hooks cover it; a command's
 * reach is parsed once per hook and again only when a file its words name appeared or went; given a reach cache
 * file (reach-cache.ts), that holds across pi starts too, and so do the files' hashes by stamp: a start where
 * nothing changed parses no command and reads no covered file.
 */
import { createHash } from "node:crypto";
import { fileStamp } from "../../engine/config/load.ts";
import { relativeInside } from "../../engine/text/paths.ts";
import { type HookReach, hookReach } from "../../engine/trust/reach.ts";
import type { HookEntry } from "../../engine/types.ts";
import { createCoverage } from "./coverage.ts";
import { createFileStates } from "./file-state.ts";
import { createFolderListings } from "./hook-folders.ts";
import { createReachCache } from "./reach-cache.ts";

/** One covered file in a fingerprint: where (as shown: project-relative, `~/...`, `${CLAUDE_PLUGIN_ROOT}/...`). */
export interface PrintedFile {
	readonly shown: string;
	/** SHA-256 hex, `missing`, or `large:<stamp>` (file-state.ts). */
	readonly hash: string;
}

/** What a hook is now, for the tripwire. */
export interface HookPrint {
	/** Which hook (full SHA-256 hex, maybe with `#n`); survives moving the hook inside its file. */
	readonly key: string;
	/** SHA-256 hex of file, event, matcher, the whole definition and the covered files' hashes. */
	readonly hash: string;
	/** The covered files, sorted by `shown`. */
	readonly files: readonly PrintedFile[];
}

/** Fingerprints hooks; files are hashed again only when their stamp moved. */
export interface HookPrinter {
	/** The fingerprints of `entries` (one configuration's, so that identical hooks get `#2`). Never throws. */
	of(entries: readonly HookEntry[]): Map<HookEntry, HookPrint>;
	/** The hash and covered files of one hook (no key: that needs the others). Never throws. */
	print(entry: HookEntry): Omit<HookPrint, "key">;
	/**
	 * The absolute paths of the files `entry`'s command names (its scripts; a project hook: all its approval
	 * covers), for the file ledger, which watches them during a run. A user or plugin hook's folder and the files
	 * beside its scripts are left out: hooks write their own state there, and the tripwire still tells a change to
	 * them. From the reach already computed, no command parsed again. Never throws (empty then).
	 */
	paths(entry: HookEntry): string[];
	/** A string that changes when a covered file seen so far changes (one `stat` each); for the config store. */
	stamp(): string;
	/**
	 * Runs `run` as one pass: the prints made meanwhile look at each file and folder once, as `of` does (a merge's
	 * strict-mode checks of every hook). Nested passes share the outer one.
	 */
	pass<T>(run: () => T): T;
}

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/** What a handler runs, from its definition as written: the part of the key that is not its place. */
export const hookIdentity = (entry: HookEntry): string => {
	const definition = entry.definition;
	const pick = ["type", "command", "args", "url", "prompt", "server", "tool"].map((name) => definition[name] ?? null);
	return JSON.stringify(pick);
};

/** The keys of `entries`, in order: identical hooks in one file, event and matcher get `#2`, `#3`, ... */
export const hookKeys = (entries: readonly HookEntry[]): string[] => {
	const counts = new Map<string, number>();
	return entries.map((entry) => {
		const place = [entry.source.file, entry.source.hooksPath ?? null, entry.event, entry.matcher.source ?? null];
		const base = sha256(JSON.stringify([...place, hookIdentity(entry)]));
		const count = (counts.get(base) ?? 0) + 1;
		counts.set(base, count);
		return count === 1 ? base : `${base}#${count}`;
	});
};

const HOME_WORD = /(^|[\s=:"'(])(?:~(?=\/)|\$\{HOME\}|\$HOME(?![A-Za-z0-9_]))/g;

/** `~/x`, `$HOME/x` and `${HOME}/x` with the home folder written out, so the reach of the command sees the file. */
export const expandHome = (text: string, home: string): string =>
	text.replace(HOME_WORD, (_whole, before: string) => `${before}${home}`);

/**
 * Creates the printer for one project; `skip`: absolute paths never covered (pi's agent dir); `reachCache`: the
 * file that keeps the commands' reaches across starts (`reachCacheFile(agentDir)`; none: kept in memory only).
 */
export const createHookPrinter = (
	projectDir: string,
	home: string,
	skip: readonly string[] = [],
	reachCache?: string,
): HookPrinter => {
	const kept = createReachCache(reachCache);
	const coverage = createCoverage(projectDir, skip, kept);
	const files = createFileStates(kept);
	const listings = createFolderListings(skip);
	// While one configuration is fingerprinted (`of`), each path is looked at once: hooks that run scripts of one
	// folder share its listing and its files' stamps instead of a `stat` of each per hook.
	let batch: Map<string, unknown> | undefined;
	const once = <T>(key: string, look: () => T): T => {
		if (batch === undefined) return look();
		if (batch.has(key)) return batch.get(key) as T;
		const value = look();
		batch.set(key, value);
		return value;
	};
	const isFile = (path: string): boolean => once(`f\u0000${path}`, () => fileStamp(path).endsWith(":f"));
	const listing = (dir: string, siblings: boolean) =>
		once(`l${siblings ? "s" : "f"}\u0000${dir}`, () => listings.list(dir, siblings));
	const hashOf = (path: string): string => once(`h\u0000${path}`, () => files.state(path).hash);
	const inside = (dir: string, path: string): boolean => relativeInside(dir, path) !== undefined;
	/** How a path is shown, per plugin or skill folder (pure: kept for the printer's life). */
	const shownPaths = new Map<string, string>();
	/** Each hook's reach and the files it asked about: reused while every one of them still is (or is not) a file. */
	const reaches = new WeakMap<HookEntry, { readonly reach: HookReach; readonly asked: Map<string, boolean> }>();

	/** What `entry`'s command reaches (its words as files): parsed once, again only when an answer of isFile moved. */
	const reachOf = (entry: HookEntry, expanded: HookEntry): HookReach => {
		const cached = reaches.get(entry);
		if (cached !== undefined && [...cached.asked].every(([path, was]) => isFile(path) === was)) return cached.reach;
		// What the reach reads of the hook: its command and args, its folder, the project (reach.ts).
		const handler = expanded.handler as Extract<HookEntry["handler"], { type: "command" }>;
		const key = JSON.stringify([
			projectDir,
			expanded.source.plugin?.root ?? expanded.source.root ?? null,
			handler.command,
			handler.args ?? null,
		]);
		const remembered = kept.get(key, isFile);
		if (remembered !== undefined) {
			reaches.set(entry, { reach: remembered.reach, asked: new Map(remembered.asked) });
			return remembered.reach;
		}
		const asked = new Map<string, boolean>();
		const reach = hookReach(expanded, {
			projectDir,
			isFile: (path) => {
				const answer = isFile(path);
				asked.set(path, answer);
				return answer;
			},
		});
		reaches.set(entry, { reach, asked });
		kept.set(key, reach, asked);
		return reach;
	};

	/** The covered files of a hook that needs no approval. */
	const ownFiles = (entry: HookEntry): PrintedFile[] => {
		const root = entry.source.plugin?.root ?? entry.source.root;
		const shown = shownIn(root);
		const list = ownPaths(entry).map((path) => ({ shown: shown(path), hash: hashOf(path) }));
		return list.sort((a, b) => (a.shown < b.shown ? -1 : a.shown > b.shown ? 1 : 0));
	};

	/** How a path is shown for a hook of the folder `root` (a plugin's or skill's), cached per folder and path. */
	const shownIn = (root: string | undefined) => {
		const place = (path: string): string => {
			const inRoot = root === undefined ? undefined : relativeInside(root, path);
			if (inRoot !== undefined) return `\${CLAUDE_PLUGIN_ROOT}/${inRoot}`;
			const inProject = relativeInside(projectDir, path);
			if (inProject !== undefined) return inProject || ".";
			const inHome = relativeInside(home, path);
			if (inHome !== undefined) return `~/${inHome}`;
			return path;
		};
		return (path: string): string => {
			const key = `${root ?? ""}\u0000${path}`;
			let text = shownPaths.get(key);
			if (text === undefined) {
				text = place(path);
				shownPaths.set(key, text);
			}
			return text;
		};
	};

	/** The absolute paths a hook that needs no approval covers: its folder's files, its scripts' and their siblings. */
	const ownPaths = (entry: HookEntry, namedOnly = false): string[] => {
		const root = entry.source.plugin?.root ?? entry.source.root;
		const paths = new Set<string>();
		if (root !== undefined && !namedOnly) for (const path of listing(root, false).files) paths.add(path);
		const handler = entry.handler;
		if (handler.type === "command") {
			const expanded = {
				...entry,
				handler: {
					...handler,
					command: expandHome(handler.command, home),
					...(handler.args === undefined ? {} : { args: handler.args.map((arg) => expandHome(arg, home)) }),
				},
				// The reach takes files inside the project or this folder: the plugin's or skill's, else the home.
				source: { ...entry.source, root: root ?? home },
			} as HookEntry;
			const reach = reachOf(entry, expanded);
			for (const dir of namedOnly ? [] : reach.scriptDirs) {
				if (root !== undefined && inside(root, dir)) continue;
				for (const path of listing(dir, true).files) paths.add(path);
			}
			for (const path of reach.files) paths.add(path);
		}
		return [...paths];
	};

	const filesOf = (entry: HookEntry): PrintedFile[] => {
		try {
			if (entry.source.project)
				return coverage.of(entry).files.map((covered) => ({ shown: covered.shown, hash: covered.hash }));
			return ownFiles(entry);
		} catch {
			return [{ shown: "?", hash: "unreadable" }];
		}
	};

	const printOne = (entry: HookEntry): Omit<HookPrint, "key"> => {
		const covered = filesOf(entry);
		const parts = [
			entry.source.file,
			entry.event,
			entry.matcher.source ?? null,
			entry.definition,
			covered.map((file) => [file.shown, file.hash]),
		];
		let hash: string;
		try {
			hash = sha256(JSON.stringify(parts));
		} catch {
			hash = sha256(`${entry.id}\u0000unprintable`);
		}
		return { hash, files: covered };
	};

	const pass = <T>(run: () => T): T => {
		if (batch !== undefined) return run();
		batch = new Map();
		try {
			return run();
		} finally {
			batch = undefined;
			kept.save();
		}
	};

	return {
		of(entries) {
			const keys = hookKeys(entries);
			const prints = new Map<HookEntry, HookPrint>();
			pass(() => {
				entries.forEach((entry, index) => {
					prints.set(entry, { key: keys[index] as string, ...printOne(entry) });
				});
			});
			return prints;
		},
		pass,
		print: printOne,
		paths(entry) {
			try {
				return entry.source.project
					? coverage.of(entry).files.map((covered) => covered.path)
					: ownPaths(entry, true);
			} catch {
				return [];
			}
		},
		stamp() {
			return `${files.stamp()}\u0001${coverage.stamp()}${listings.stamp()}`;
		},
	};
};
