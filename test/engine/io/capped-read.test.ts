/**
 * The capped reader on real files: a regular file is read or hashed up to the cap; a /proc file (size 0, endless
 * content), a device, a FIFO nobody writes to and a folder are never read, behind a symlink or not.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashCapped, isPseudoPath, readCapped } from "../../../src/engine/io/capped-read.ts";

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "phm-capped-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const link = (target: string): string => {
	const path = join(dir, `link-${Math.random().toString(36).slice(2)}`);
	symlinkSync(target, path);
	return path;
};

describe("readCapped", () => {
	it("reads a regular file of up to the cap, with its mode", () => {
		const file = join(dir, "a.sh");
		writeFileSync(file, "x".repeat(100), { mode: 0o750 });
		const found = readCapped(file, 100);
		expect(found.kind).toBe("ok");
		if (found.kind !== "ok") return;
		expect(found.bytes.toString()).toBe("x".repeat(100));
		expect(found.mode & 0o777).toBe(0o750);
	});

	it("reads a file of many chunks whole", () => {
		const file = join(dir, "big.txt");
		const text = "0123456789".repeat(50_000);
		writeFileSync(file, text);
		const found = readCapped(file, 1024 * 1024);
		expect(found.kind === "ok" && found.bytes.toString()).toBe(text);
	});

	it("says large for one byte over the cap, with the size stat said", () => {
		const file = join(dir, "a.sh");
		writeFileSync(file, "x".repeat(101));
		expect(readCapped(file, 100)).toMatchObject({ kind: "large", size: 101 });
	});

	it("never reads a /proc file, directly or behind a symlink (pagemap says size 0 and runs to GBs)", () => {
		expect(readCapped("/proc/self/pagemap", 1024).kind).toBe("pseudo");
		expect(readCapped(link("/proc/self/pagemap"), 1024).kind).toBe("pseudo");
		expect(readCapped(link("/proc/self/status"), 1024).kind).toBe("pseudo");
		expect(isPseudoPath(link("/proc/self/pagemap"))).toBe(true);
		expect(isPseudoPath(join(dir, "nope"))).toBe(false);
	});

	it("never opens a device or a FIFO nobody writes to", () => {
		expect(readCapped(link("/dev/zero"), 1024).kind).toBe("special");
		expect(readCapped(link("/dev/urandom"), 1024).kind).toBe("special");
		const fifo = join(dir, "fifo");
		execFileSync("mkfifo", [fifo]);
		expect(readCapped(fifo, 1024).kind).toBe("special");
	});

	it("tells a folder, a missing file and a broken symlink apart", () => {
		mkdirSync(join(dir, "folder"));
		expect(readCapped(join(dir, "folder"), 1024).kind).toBe("directory");
		expect(readCapped(join(dir, "nope"), 1024).kind).toBe("missing");
		expect(readCapped(link(join(dir, "gone")), 1024).kind).toBe("missing");
	});
});

describe("hashCapped", () => {
	it("streams a file into the hash", () => {
		const file = join(dir, "a.sh");
		const text = "abc".repeat(100_000);
		writeFileSync(file, text);
		expect(hashCapped(file, 1024 * 1024, createHash("sha256"))).toEqual({
			kind: "ok",
			hash: createHash("sha256").update(text).digest("hex"),
		});
	});

	it("says large past the cap and pseudo for a /proc file", () => {
		const file = join(dir, "a.sh");
		writeFileSync(file, "x".repeat(11));
		expect(hashCapped(file, 10, createHash("sha256")).kind).toBe("large");
		expect(hashCapped(link("/proc/self/pagemap"), 10, createHash("sha256")).kind).toBe("pseudo");
	});
});
