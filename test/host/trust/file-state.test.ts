/**
 * SHA-256 of covered files on real files: cached by stamp (with ctime), re-hashed on change, "missing" for what
 * cannot be hashed (a folder), "special" for what is not read (a FIFO, a /proc file).
 */

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	createFileStates,
	MAX_HASHED_BYTES,
	MISSING_FILE,
	SPECIAL_FILE,
	untrackedContent,
} from "../../../src/host/trust/file-state.ts";

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "phm-script-hashes-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

describe("createFileStates", () => {
	it("hashes a script's content", () => {
		const script = join(dir, "guard.sh");
		writeFileSync(script, "exit 0\n");
		expect(createFileStates().state(script).hash).toBe(sha("exit 0\n"));
	});

	it("gives missing for a file that does not exist or is a folder", () => {
		const hashes = createFileStates();
		expect(hashes.state(join(dir, "nope.sh")).hash).toBe(MISSING_FILE);
		mkdirSync(join(dir, "folder"));
		expect(hashes.state(join(dir, "folder")).hash).toBe(MISSING_FILE);
	});

	it("hashes again once the file changed, and sees a file that appeared", () => {
		const hashes = createFileStates();
		const script = join(dir, "guard.sh");
		expect(hashes.state(script).hash).toBe(MISSING_FILE);
		writeFileSync(script, "one\n");
		expect(hashes.state(script).hash).toBe(sha("one\n"));
		writeFileSync(script, "two, longer\n");
		expect(hashes.state(script).hash).toBe(sha("two, longer\n"));
	});

	it("sees a rewrite that puts size, times and inode back (touch -r): the ctime moved", () => {
		const hashes = createFileStates();
		const script = join(dir, "guard.sh");
		writeFileSync(script, "aaaa");
		utimesSync(script, 1_700_000_000, 1_700_000_000);
		expect(hashes.state(script).hash).toBe(sha("aaaa"));
		writeFileSync(script, "bbbb");
		utimesSync(script, 1_700_000_000, 1_700_000_000);
		expect(hashes.state(script).hash).toBe(sha("bbbb"));
	});

	it("keeps the cached state while the stamp is unchanged, and never reads a FIFO", () => {
		const hashes = createFileStates();
		const script = join(dir, "guard.sh");
		writeFileSync(script, "aaaa");
		const first = hashes.state(script);
		expect(hashes.state(script)).toBe(first);
		const fifo = join(dir, "fifo");
		execFileSync("mkfifo", [fifo]);
		expect(hashes.state(fifo).hash).toBe(SPECIAL_FILE);
	});

	it("never reads a /proc file (size 0, endless content) behind a symlink: its content is not tracked", () => {
		const link = join(dir, "evil");
		symlinkSync("/proc/self/pagemap", link);
		expect(createFileStates().state(link).hash).toBe(SPECIAL_FILE);
		expect(untrackedContent(SPECIAL_FILE)).toBe("special");
	});

	it("gives large:<stamp> for a file over the cap, and untrackedContent says large", () => {
		const big = join(dir, "big.bin");
		writeFileSync(big, Buffer.alloc(MAX_HASHED_BYTES + 1));
		const state = createFileStates().state(big);
		expect(state.hash).toBe(`large:${state.stamp}`);
		expect(untrackedContent(state.hash)).toBe("large");
		expect(untrackedContent(sha("x"))).toBeUndefined();
	});

	it("has a stamp that changes when a script it has seen changes", () => {
		const hashes = createFileStates();
		const script = join(dir, "guard.sh");
		writeFileSync(script, "x");
		hashes.state(script);
		const before = hashes.stamp();
		expect(hashes.stamp()).toBe(before);
		writeFileSync(script, "longer now");
		expect(hashes.stamp()).not.toBe(before);
	});
});
