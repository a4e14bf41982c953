/**
 * The tripwire's reach cache across pi starts (issue #38), on real files: a printer made later over the same cache
 * file (as the next pi start makes it) gives the same fingerprints without writing the file again; a file a
 * command names that appears meanwhile is covered at once (its reach is parsed again, and the file rewritten); a
 * covered file is hashed again only when its stamp moved; a corrupt or foreign cache file is an empty cache, never
 * an error.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import type { HookEntry } from "../../../src/engine/types.ts";
import { createHookPrinter } from "../../../src/host/trust/hook-print.ts";
import { createReachCache, reachCacheFile } from "../../../src/host/trust/reach-cache.ts";

let root: string;
let home: string;
let project: string;
let cacheFile: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "phm-reach-cache-"));
	home = join(root, "home");
	project = join(root, "project");
	mkdirSync(join(home, ".claude", "hooks"), { recursive: true });
	mkdirSync(project, { recursive: true });
	cacheFile = reachCacheFile(join(root, "agent"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** User PreToolUse hooks running `commands`. */
const entries = (...commands: string[]): HookEntry[] =>
	parseSettingsText(
		JSON.stringify({
			hooks: {
				PreToolUse: [{ matcher: "Bash", hooks: commands.map((command) => ({ type: "command", command })) }],
			},
		}),
		{ scope: "claude-user", file: join(home, ".claude", "settings.json"), project: false },
	).entries as HookEntry[];

/** The fingerprints a fresh printer over the cache file gives `list` (as a new pi start would). */
const printsOfNewStart = (list: readonly HookEntry[]) =>
	[...createHookPrinter(project, home, [], cacheFile).of(list).values()].map((print) => ({
		hash: print.hash,
		files: print.files.map((file) => file.shown),
	}));

/** What the cache file is on disk: its text and where and when it was written. */
const onDisk = () => {
	const stat = statSync(cacheFile);
	return { text: readFileSync(cacheFile, "utf8"), mtimeMs: stat.mtimeMs, ino: stat.ino };
};

describe("the reach cache across starts", () => {
	it("a later start gives the same fingerprints and leaves the cache file as it was", () => {
		writeFileSync(join(home, ".claude", "hooks", "guard.sh"), "exit 0\n");
		const list = entries("bash ~/.claude/hooks/guard.sh", 'cat "$CLAUDE_PROJECT_DIR"/policy', "echo hi | tee log");
		const first = printsOfNewStart(list);
		const written = onDisk();
		expect(JSON.parse(written.text).version).toBe(1);
		const again = printsOfNewStart(list);
		expect(again).toEqual(first);
		expect(onDisk()).toEqual(written);
		// The same as a printer that keeps nothing across starts.
		const uncached = [...createHookPrinter(project, home).of(list).values()].map((print) => print.hash);
		expect(again.map((print) => print.hash)).toEqual(uncached);
	});

	it("a file a command names that appears after the cache was written is covered at the next start", () => {
		const list = entries("cat policy");
		const [before] = printsOfNewStart(list);
		expect(before?.files).toEqual([]);
		const written = onDisk();
		writeFileSync(join(project, "policy"), "deny rm\n");
		const [after] = printsOfNewStart(list);
		expect(after?.files).toEqual(["policy"]);
		expect(after?.hash).not.toBe(before?.hash);
		expect(onDisk().text).not.toBe(written.text);
	});

	it("hashes a covered file again only when its stamp moved since the cache was written", () => {
		const script = join(home, ".claude", "hooks", "guard.sh");
		writeFileSync(script, "exit 0\n");
		const list = entries("bash ~/.claude/hooks/guard.sh");
		const [first] = [...createHookPrinter(project, home, [], cacheFile).of(list).values()];
		const cached = JSON.parse(readFileSync(cacheFile, "utf8"));
		const [stamp, hash] = cached.files[script];
		expect(first?.files).toEqual([{ shown: "~/.claude/hooks/guard.sh", hash }]);
		// A remembered hash with the file's stamp as it is now is taken as it is: the file is not read again.
		cached.files[script] = [stamp, "f".repeat(64)];
		writeFileSync(cacheFile, JSON.stringify(cached));
		const [kept] = [...createHookPrinter(project, home, [], cacheFile).of(list).values()];
		expect(kept?.files).toEqual([{ shown: "~/.claude/hooks/guard.sh", hash: "f".repeat(64) }]);
		// Any write moves the stamp: the file is hashed again, and the cache keeps the new state.
		writeFileSync(script, "exit 1\n");
		const [changed] = [...createHookPrinter(project, home, [], cacheFile).of(list).values()];
		const uncached = [...createHookPrinter(project, home).of(list).values()][0];
		expect(changed?.files).toEqual(uncached?.files);
		expect(changed?.hash).toBe(uncached?.hash);
		expect(JSON.parse(readFileSync(cacheFile, "utf8")).files[script][1]).toBe(uncached?.files[0]?.hash);
	});

	it.each([
		["not JSON", "{"],
		["another version", JSON.stringify({ version: 99, reaches: {} })],
		["a malformed entry", JSON.stringify({ version: 1, reaches: { k: { reach: { files: 1 }, asked: [] } } })],
	])("a cache file that is %s is an empty cache: fingerprints as without it", (_name, text) => {
		const list = entries("bash ~/.claude/hooks/guard.sh");
		writeFileSync(join(home, ".claude", "hooks", "guard.sh"), "exit 0\n");
		mkdirSync(join(root, "agent", "pi-hook-manager"), { recursive: true });
		writeFileSync(cacheFile, text);
		const uncached = [...createHookPrinter(project, home).of(list).values()].map((print) => print.hash);
		expect(printsOfNewStart(list).map((print) => print.hash)).toEqual(uncached);
	});

	it("keeps a reach only while every answer it was made with holds, and saves only after a change", () => {
		const cache = createReachCache(cacheFile);
		const reach = { files: [join(project, "a")], scriptDirs: [], notes: [] };
		cache.save();
		expect(() => statSync(cacheFile)).toThrow();
		cache.set("k", reach, new Map([[join(project, "a"), false]]));
		cache.save();
		const later = createReachCache(cacheFile);
		expect(later.get("k", () => false)?.reach).toEqual(reach);
		expect(later.get("k", () => true)).toBeUndefined();
		expect(later.get("other", () => false)).toBeUndefined();
	});
});
