/**
 * The tripwire's seen-state store on real files: a saved hook reads back as seen, another hash is changed, an
 * unknown key is new; the file carries a version and mode 0600; a version-less file is migrated, a newer or
 * broken one is reported and never silently reset.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	createSeenHooksStore,
	SEEN_HOOKS_VERSION,
	seenHooksFile,
	seenState,
} from "../../../src/host/stores/seen-hooks.ts";

let root: string;
let file: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "phm-seen-"));
	file = seenHooksFile(join(root, "agent"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const hook = {
	hash: "a".repeat(64),
	file: "/home/u/.claude/settings.json",
	command: "echo hi",
	at: "2026-01-01T00:00:00Z",
};

describe("seen-hooks store", () => {
	it("saves a hook and reads it back as seen, changed or new", () => {
		expect(createSeenHooksStore(file).write({ k1: hook })).toBeUndefined();
		const { data, problem } = createSeenHooksStore(file).read();
		expect(problem).toBeUndefined();
		expect(seenState(data, "k1", hook.hash)).toBe("seen");
		expect(seenState(data, "k1", "b".repeat(64))).toBe("changed");
		expect(seenState(data, "k2", hook.hash)).toBe("new");
		expect(JSON.parse(readFileSync(file, "utf8")).version).toBe(SEEN_HOOKS_VERSION);
		expect(statSync(file).mode & 0o777).toBe(0o600);
	});

	it("migrates a version-less file", () => {
		mkdirSync(dirname(file), { recursive: true });
		writeFileSync(file, JSON.stringify({ hooks: { k1: hook } }));
		const { data, problem } = createSeenHooksStore(file).read();
		expect(problem).toBeUndefined();
		expect(seenState(data, "k1", hook.hash)).toBe("seen");
	});

	it("reports a newer or broken file and keeps it aside instead of resetting it", () => {
		mkdirSync(dirname(file), { recursive: true });
		writeFileSync(file, JSON.stringify({ version: 99, hooks: { k1: hook } }));
		expect(createSeenHooksStore(file).read().problem).toMatch(/not a pi-hook-manager seen hooks file/);
		expect(createSeenHooksStore(file).write({})).toBeUndefined();
		expect(JSON.parse(readFileSync(`${file}.corrupt`, "utf8")).version).toBe(99);
	});
});
