/** The one atomic file write, on real files in a temp directory: content, modes, symlinks, no temp files left. */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeFileAtomic } from "../../../src/engine/io/atomic-write.ts";

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "phm-atomic-"));
});
afterEach(() => {
	chmodSync(dir, 0o700);
	rmSync(dir, { recursive: true, force: true });
});

const mode = (file: string): number => statSync(file).mode & 0o777;

describe("writeFileAtomic", () => {
	it("writes a new file, creating its folders, with mode 0o644 by default", () => {
		const file = join(dir, "a", "b", "settings.json");
		writeFileAtomic(file, '{"hooks":{}}');
		expect(readFileSync(file, "utf-8")).toBe('{"hooks":{}}');
		expect(mode(file)).toBe(0o644 & ~process.umask());
		expect(readdirSync(join(dir, "a", "b"))).toEqual(["settings.json"]);
	});

	it("replaces a file and keeps its mode", () => {
		const file = join(dir, "settings.json");
		writeFileAtomic(file, "old");
		chmodSync(file, 0o640);
		writeFileAtomic(file, "new");
		expect(readFileSync(file, "utf-8")).toBe("new");
		expect(mode(file)).toBe(0o640);
	});

	it("uses the given mode, and 0o700 for folders it creates", () => {
		const file = join(dir, "state", "approvals.json");
		writeFileAtomic(file, "{}", { mode: 0o600 });
		expect(mode(file)).toBe(0o600);
		expect(mode(join(dir, "state"))).toBe(0o700 & ~process.umask());
	});

	it("writes through a symlink to its target and keeps the link", () => {
		const target = join(dir, "dotfiles", "settings.json");
		mkdirSync(join(dir, "dotfiles"));
		writeFileAtomic(target, "first");
		const link = join(dir, "settings.json");
		symlinkSync(target, link);
		writeFileAtomic(link, "second");
		expect(readFileSync(target, "utf-8")).toBe("second");
		expect(readFileSync(link, "utf-8")).toBe("second");
		expect(statSync(link, { throwIfNoEntry: true }).isFile()).toBe(true);
		expect(readdirSync(dir).sort()).toEqual(["dotfiles", "settings.json"]);
	});

	it("throws the file system's error, keeps what was there and leaves no temp file", () => {
		const folder = join(dir, "settings.json");
		mkdirSync(folder);
		writeFileAtomic(join(folder, "inner.json"), "kept");
		expect(() => writeFileAtomic(folder, "lost")).toThrow(/EISDIR|ENOTEMPTY|EEXIST/);
		expect(readdirSync(dir)).toEqual(["settings.json"]);
		expect(readFileSync(join(folder, "inner.json"), "utf-8")).toBe("kept");
	});
});
