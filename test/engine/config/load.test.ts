/**
 * Reading one settings file and its change stamp on real files: every failure (missing, broken symlink,
 * directory, FIFO, too large, unreadable) is a value, never a throw.
 */
import { execFileSync } from "node:child_process";
import {
	chmodSync,
	mkdirSync,
	mkdtempSync,
	renameSync,
	rmSync,
	symlinkSync,
	truncateSync,
	utimesSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fileStamp, MAX_SETTINGS_BYTES, readSettingsFile } from "../../../src/engine/config/load.ts";

let root: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "phm-load-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const at = (name: string): string => join(root, name);

describe("readSettingsFile", () => {
	it("reads a regular file as UTF-8", () => {
		writeFileSync(at("settings.json"), '{"hooks": {"Stop": []}, "name": "h\u00e9"}');
		expect(readSettingsFile(at("settings.json"))).toEqual({
			kind: "ok",
			text: '{"hooks": {"Stop": []}, "name": "h\u00e9"}',
		});
	});

	it("a missing file, a path through a file and a broken symlink are missing", () => {
		writeFileSync(at("plain"), "x");
		symlinkSync(at("nowhere.json"), at("dangling.json"));
		expect(readSettingsFile(at("absent.json"))).toEqual({ kind: "missing" });
		expect(readSettingsFile(join(at("plain"), "settings.json"))).toEqual({ kind: "missing" });
		expect(readSettingsFile(at("dangling.json"))).toEqual({ kind: "missing" });
	});

	it("a directory is an error, not read", () => {
		mkdirSync(at("settings.json"));
		expect(readSettingsFile(at("settings.json"))).toEqual({
			kind: "error",
			message: "is a directory, not a settings file",
		});
	});

	it("a FIFO or a device is an error and is not opened (reading would block or never end)", () => {
		execFileSync("mkfifo", [at("fifo.json")]);
		expect(readSettingsFile(at("fifo.json"))).toMatchObject({
			kind: "error",
			message: expect.stringContaining("FIFO"),
		});
		expect(readSettingsFile("/dev/zero")).toMatchObject({
			kind: "error",
			message: expect.stringContaining("device"),
		});
	});

	it("a file over the size limit is an error naming its size; one at the limit is read", () => {
		writeFileSync(at("big.json"), "");
		truncateSync(at("big.json"), MAX_SETTINGS_BYTES + 1);
		expect(readSettingsFile(at("big.json"))).toEqual({
			kind: "error",
			message: `is ${MAX_SETTINGS_BYTES + 1} bytes; settings files over ${MAX_SETTINGS_BYTES} bytes are not read`,
		});
		truncateSync(at("big.json"), MAX_SETTINGS_BYTES);
		expect(readSettingsFile(at("big.json")).kind).toBe("ok");
	});

	it("a symlink loop is an error saying it cannot be read", () => {
		symlinkSync(at("b.json"), at("a.json"));
		symlinkSync(at("a.json"), at("b.json"));
		expect(readSettingsFile(at("a.json"))).toMatchObject({
			kind: "error",
			message: expect.stringMatching(/^cannot be read: .*ELOOP/),
		});
	});

	it.skipIf(process.getuid?.() === 0)("a file without read permission is an error saying it cannot be read", () => {
		writeFileSync(at("secret.json"), "{}");
		chmodSync(at("secret.json"), 0o000);
		expect(readSettingsFile(at("secret.json"))).toMatchObject({
			kind: "error",
			message: expect.stringMatching(/^cannot be read: .*EACCES/),
		});
	});
});

describe("fileStamp", () => {
	it("is missing for a missing file and a path through a file", () => {
		writeFileSync(at("plain"), "x");
		expect(fileStamp(at("absent.json"))).toBe("missing");
		expect(fileStamp(join(at("plain"), "settings.json"))).toBe("missing");
	});

	it("changes when the size, the modification time or the file itself changes, and only then", () => {
		const file = at("settings.json");
		writeFileSync(file, "{}");
		utimesSync(file, 1_000, 1_000);
		const first = fileStamp(file);
		expect(fileStamp(file)).toBe(first);
		writeFileSync(file, "{ }");
		utimesSync(file, 1_000, 1_000);
		const resized = fileStamp(file);
		expect(resized).not.toBe(first);
		utimesSync(file, 2_000, 2_000);
		const touched = fileStamp(file);
		expect(touched).not.toBe(resized);
		// Same size and time, another inode: a file replaced by rename.
		writeFileSync(at("next.json"), "{ }");
		utimesSync(at("next.json"), 2_000, 2_000);
		renameSync(at("next.json"), file);
		expect(fileStamp(file)).not.toBe(touched);
	});

	it("tells a directory from a file of the same name", () => {
		mkdirSync(at("settings.json"));
		expect(fileStamp(at("settings.json"))).toMatch(/:d$/);
	});

	it("is error:<code> when the file cannot be stat'ed (a symlink loop)", () => {
		symlinkSync(at("b.json"), at("a.json"));
		symlinkSync(at("a.json"), at("b.json"));
		expect(fileStamp(at("a.json"))).toBe("error:ELOOP");
	});

	it.skipIf(process.getuid?.() === 0)("is error:<code> when the file cannot be stat'ed", () => {
		mkdirSync(at("locked"));
		writeFileSync(join(at("locked"), "settings.json"), "{}");
		chmodSync(at("locked"), 0o000);
		try {
			expect(fileStamp(join(at("locked"), "settings.json"))).toBe("error:EACCES");
		} finally {
			chmodSync(at("locked"), 0o700);
		}
	});
});
