/**
 * The file ledger on real files in a temp dir: a change by any writer is found (a `cp`, `tar -x`, a delete, a new
 * file), a touch with the same bytes is not, and restore puts back the exact previous bytes and mode.
 */

import { execFileSync } from "node:child_process";
import {
	chmodSync,
	existsSync,
	lstatSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	readlinkSync,
	rmSync,
	statSync,
	symlinkSync,
	utimesSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ABSENT, createFileLedger, MAX_LEDGER_BYTES } from "../../../src/host/trust/file-ledger.ts";

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "phm-ledger-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("createFileLedger", () => {
	it("finds a change made by cp behind a wrapper and puts back the exact bytes and mode", () => {
		const settings = join(dir, "settings.json");
		const before = Buffer.from('{"hooks":{}}\n\u00e9\r\n');
		writeFileSync(settings, before);
		chmodSync(settings, 0o640);
		writeFileSync(join(dir, "evil.json"), '{"hooks":{"PreToolUse":[]}}\n');
		const ledger = createFileLedger();
		ledger.stamp([settings]);
		expect(ledger.changes()).toEqual([]);
		execFileSync("timeout", ["5", "cp", join(dir, "evil.json"), settings]);
		const [change] = ledger.changes();
		expect(change).toMatchObject({ path: settings, kind: "changed", restorable: true });
		expect(change?.afterText).toContain("PreToolUse");
		expect(ledger.restore(settings)).toBeUndefined();
		expect(readFileSync(settings).equals(before)).toBe(true);
		expect(statSync(settings).mode & 0o777).toBe(0o640);
		expect(ledger.changes()).toEqual([]);
	});

	it("finds a file an archive created and removes it on restore", () => {
		const src = join(dir, "src");
		mkdirSync(join(src, ".claude"), { recursive: true });
		writeFileSync(join(src, ".claude", "settings.json"), "{}\n");
		const archive = join(dir, "a.tar");
		execFileSync("tar", ["-cf", archive, "-C", src, ".claude"]);
		const project = join(dir, "project");
		mkdirSync(project);
		const target = join(project, ".claude", "settings.json");
		const ledger = createFileLedger();
		ledger.stamp([target]);
		execFileSync("tar", ["-xf", archive, "-C", project]);
		expect(ledger.changes()).toMatchObject([{ path: target, kind: "created", before: ABSENT, restorable: true }]);
		expect(ledger.restore(target)).toBeUndefined();
		expect(existsSync(target)).toBe(false);
	});

	it("watches a file found already there as absent with stampAbsent: created, removed on restore", () => {
		const skill = join(dir, "SKILL.md");
		writeFileSync(skill, "---\nhooks: {}\n---\n");
		const gone = join(dir, "gone.md");
		const ledger = createFileLedger();
		ledger.stampAbsent([skill, gone]);
		expect(ledger.changes()).toMatchObject([{ path: skill, kind: "created", before: ABSENT, restorable: true }]);
		expect(ledger.restore(skill)).toBeUndefined();
		expect(existsSync(skill)).toBe(false);
		expect(ledger.changes()).toEqual([]);
	});

	it("finds a deleted file and puts it back", () => {
		const seen = join(dir, "seen-hooks.json");
		writeFileSync(seen, '{"version":1}\n');
		const ledger = createFileLedger();
		ledger.stamp([seen]);
		rmSync(seen);
		expect(ledger.changes()).toMatchObject([{ kind: "deleted", after: ABSENT }]);
		expect(ledger.restore(seen)).toBeUndefined();
		expect(readFileSync(seen, "utf8")).toBe('{"version":1}\n');
	});

	it("does not count a touch that keeps the bytes", () => {
		const file = join(dir, "hook.sh");
		writeFileSync(file, "exit 0\n");
		const ledger = createFileLedger();
		ledger.stamp([file]);
		utimesSync(file, new Date(1000), new Date(2000));
		writeFileSync(file, "exit 0\n");
		expect(ledger.changes()).toEqual([]);
	});

	it("restores through a symlink to its target and keeps the link", () => {
		const real = join(dir, "dotfiles-settings.json");
		writeFileSync(real, "{}\n");
		const link = join(dir, "settings.json");
		symlinkSync(real, link);
		const ledger = createFileLedger();
		ledger.stamp([link]);
		writeFileSync(link, '{"x":1}\n');
		expect(ledger.changes()).toHaveLength(1);
		expect(ledger.restore(link)).toBeUndefined();
		expect(readFileSync(real, "utf8")).toBe("{}\n");
		expect(statSync(link).isFile()).toBe(true);
	});

	it("undoes a regular file swapped for a symlink by replacing the link, never writing through it", () => {
		const settings = join(dir, "settings.json");
		writeFileSync(settings, "{}\n");
		const victim = join(dir, "victim.txt");
		writeFileSync(victim, "the user's own file\n");
		const ledger = createFileLedger();
		ledger.stamp([settings]);
		rmSync(settings);
		symlinkSync(victim, settings);
		expect(ledger.changes()).toHaveLength(1);
		expect(ledger.restore(settings)).toBeUndefined();
		expect(lstatSync(settings).isSymbolicLink()).toBe(false);
		expect(readFileSync(settings, "utf8")).toBe("{}\n");
		expect(readFileSync(victim, "utf8")).toBe("the user's own file\n");
		expect(ledger.changes()).toEqual([]);
	});

	it("finds a symlink pointed elsewhere and puts the link itself back", () => {
		const real = join(dir, "dotfiles-settings.json");
		writeFileSync(real, "{}\n");
		const other = join(dir, "other.json");
		writeFileSync(other, '{"hooks":{}}\n');
		const link = join(dir, "settings.json");
		symlinkSync(real, link);
		const ledger = createFileLedger();
		ledger.stamp([link]);
		rmSync(link);
		symlinkSync(other, link);
		expect(ledger.changes()).toHaveLength(1);
		expect(ledger.restore(link)).toBeUndefined();
		expect(readlinkSync(link)).toBe(real);
		expect(readFileSync(other, "utf8")).toBe('{"hooks":{}}\n');
		expect(ledger.changes()).toEqual([]);
	});

	it("finds a change in a file above the cap but says it cannot be undone", () => {
		const big = join(dir, "big.sh");
		writeFileSync(big, Buffer.alloc(MAX_LEDGER_BYTES + 1, 97));
		const ledger = createFileLedger();
		ledger.stamp([big]);
		writeFileSync(big, Buffer.alloc(MAX_LEDGER_BYTES + 2, 98));
		expect(ledger.changes()).toMatchObject([{ kind: "changed", restorable: false }]);
		expect(ledger.restore(big)).toMatch(/larger than/);
	});

	it("never reads a /proc file (size 0, endless content): it counts as absent", () => {
		const ledger = createFileLedger();
		ledger.stamp(["/proc/self/status"]);
		expect(ledger.changes()).toEqual([]);
	});

	it("takes a new baseline on stamp and forgets a path", () => {
		const file = join(dir, "approvals.json");
		writeFileSync(file, "a");
		const ledger = createFileLedger();
		ledger.stamp([file]);
		writeFileSync(file, "bb");
		ledger.stamp([file]);
		expect(ledger.changes()).toEqual([]);
		writeFileSync(file, "ccc");
		ledger.forget(file);
		expect(ledger.changes()).toEqual([]);
		expect(ledger.paths()).toEqual([]);
	});
});
