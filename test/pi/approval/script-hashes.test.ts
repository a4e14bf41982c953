/**
 * SHA-256 of project hooks' scripts on real files: cached by stamp, re-hashed on change, "missing" for what cannot be
 * hashed.
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createScriptHashes, MISSING_SCRIPT } from "../../../src/pi/approval/script-hashes.ts";

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "phm-script-hashes-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

describe("createScriptHashes", () => {
	it("hashes a script's content", () => {
		const script = join(dir, "guard.sh");
		writeFileSync(script, "exit 0\n");
		expect(createScriptHashes().hash(script)).toBe(sha("exit 0\n"));
	});

	it("gives missing for a file that does not exist or is a folder", () => {
		const hashes = createScriptHashes();
		expect(hashes.hash(join(dir, "nope.sh"))).toBe(MISSING_SCRIPT);
		mkdirSync(join(dir, "folder"));
		expect(hashes.hash(join(dir, "folder"))).toBe(MISSING_SCRIPT);
	});

	it("hashes again once the file changed, and sees a file that appeared", () => {
		const hashes = createScriptHashes();
		const script = join(dir, "guard.sh");
		expect(hashes.hash(script)).toBe(MISSING_SCRIPT);
		writeFileSync(script, "one\n");
		expect(hashes.hash(script)).toBe(sha("one\n"));
		writeFileSync(script, "two, longer\n");
		expect(hashes.hash(script)).toBe(sha("two, longer\n"));
	});

	it("keeps the cached hash while the stamp is unchanged", () => {
		const hashes = createScriptHashes();
		const script = join(dir, "guard.sh");
		writeFileSync(script, "aaaa");
		utimesSync(script, 1_700_000_000, 1_700_000_000);
		expect(hashes.hash(script)).toBe(sha("aaaa"));
		// Same size, same times, same inode: the stamp is unchanged, so the file is not read again.
		writeFileSync(script, "bbbb");
		utimesSync(script, 1_700_000_000, 1_700_000_000);
		expect(hashes.hash(script)).toBe(sha("aaaa"));
	});

	it("has a stamp that changes when a script it has seen changes", () => {
		const hashes = createScriptHashes();
		const script = join(dir, "guard.sh");
		writeFileSync(script, "x");
		hashes.hash(script);
		const before = hashes.stamp();
		expect(hashes.stamp()).toBe(before);
		writeFileSync(script, "longer now");
		expect(hashes.stamp()).not.toBe(before);
	});
});
