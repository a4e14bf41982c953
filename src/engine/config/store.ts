/**
 * The live hook configuration: re-reads only the settings files whose stamp changed, at most once per
 * check interval, and keeps a file's last good hooks when an edit breaks it.
 */

import type { HookConfig, HookEntry, HookSource } from "../types.ts";
import { fileStamp, readSettingsFile } from "./load.ts";
import { mergeSources } from "./merge.ts";
import { type ParsedSource, parseSettingsText } from "./parse.ts";

/** Options of {@link createConfigStore}. */
export interface ConfigStoreOptions {
	readonly sources: readonly HookSource[];
	/** `ctx.isProjectTrusted()`; asked on every check so a trust change applies on the next event. */
	readonly isTrusted: () => boolean;
	/** Change-aware trust: false for a project hook whose current definition is not approved. Default: all approved. */
	readonly isApproved?: (entry: HookEntry) => boolean;
	/** Changes whenever approvals change, so the merge is redone. */
	readonly approvalsVersion?: () => number;
	/**
	 * A stamp of other files the merge depends on (the scripts project hooks run), checked with the settings
	 * files: when it changes, the merge is redone (approvals are asked again for a changed script).
	 */
	readonly extraStamp?: () => string;
	/** Milliseconds between stamp checks; events within the interval reuse the last result. Default 100. */
	readonly checkIntervalMs?: number;
	/** Clock in milliseconds; injectable for tests. */
	readonly now?: () => number;
}

/** The live configuration. */
export interface ConfigStore {
	/** The current merged configuration; cheap when nothing changed. Never throws. */
	current(): HookConfig;
	/** Forces the next `current()` to check every file. */
	invalidate(): void;
}

interface CachedFile {
	stamp: string;
	parsed: ParsedSource;
	lastGood: ParsedSource | undefined;
}

const emptySource = (source: HookSource): ParsedSource => ({
	source,
	entries: [],
	issues: [],
	disableAllHooks: undefined,
	usable: true,
});

const loadFile = (source: HookSource, previous: CachedFile | undefined, stamp: string): CachedFile => {
	const read = readSettingsFile(source.file);
	if (read.kind === "missing") return { stamp, parsed: emptySource(source), lastGood: undefined };
	const parsed: ParsedSource =
		read.kind === "ok"
			? parseSettingsText(read.text, source)
			: { ...emptySource(source), issues: [{ file: source.file, path: "", message: read.message }], usable: false };
	const before = previous?.lastGood?.entries.length ?? 0;
	if (parsed.usable && read.kind === "ok" && read.text.trim() === "" && before > 0) {
		// Emptying a file is allowed, but guards must not disappear without a word.
		const message = `is now empty: its ${before} hook(s) no longer run`;
		return { stamp, parsed: { ...parsed, issues: [{ file: source.file, path: "", message }] }, lastGood: parsed };
	}
	if (parsed.usable) return { stamp, parsed, lastGood: parsed };
	const lastGood = previous?.lastGood;
	if (lastGood === undefined) return { stamp, parsed, lastGood: undefined };
	// A broken edit keeps the hooks that worked before it, and says so.
	const kept = `${parsed.issues[0]?.message ?? "unusable"}; keeping the ${lastGood.entries.length} hook(s) from before the edit`;
	return { stamp, parsed: { ...lastGood, issues: [{ file: source.file, path: "", message: kept }] }, lastGood };
};

/** Creates the live configuration over `sources`. Files are read lazily on the first `current()`. */
export const createConfigStore = (options: ConfigStoreOptions): ConfigStore => {
	const interval = options.checkIntervalMs ?? 100;
	const now = options.now ?? (() => performance.now());
	const files = new Map<string, CachedFile>();
	let merged: HookConfig | undefined;
	let mergedTrust = false;
	let mergedApprovals = -1;
	const approvalsVersion = options.approvalsVersion ?? (() => 0);
	let lastCheck = Number.NEGATIVE_INFINITY;
	let extra = "";
	return {
		current() {
			const time = now();
			const trusted = options.isTrusted();
			const approvals = approvalsVersion();
			const same = trusted === mergedTrust && approvals === mergedApprovals;
			if (merged !== undefined && time - lastCheck < interval && same) return merged;
			lastCheck = time;
			let changed = merged === undefined || !same;
			for (const source of options.sources) {
				const stamp = fileStamp(source.file);
				const cached = files.get(source.file);
				if (cached?.stamp === stamp) continue;
				files.set(source.file, loadFile(source, cached, stamp));
				changed = true;
			}
			const extraNow = options.extraStamp?.() ?? "";
			if (extraNow !== extra) {
				extra = extraNow;
				changed = true;
			}
			if (changed || merged === undefined) {
				const parsed = options.sources.map((source) => files.get(source.file)?.parsed ?? emptySource(source));
				merged = mergeSources(parsed, trusted, options.isApproved);
				mergedTrust = trusted;
				mergedApprovals = approvals;
				// The merge hashed any script it saw for the first time: start watching it from here.
				extra = options.extraStamp?.() ?? "";
			}
			return merged;
		},
		invalidate() {
			lastCheck = Number.NEGATIVE_INFINITY;
		},
	};
};
