import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createJsonFileStore } from "../../../src/host/stores/json-store.ts";

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "phm-store-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const format = {
	name: "test",
	empty: () => ({}) as Record<string, number>,
	decode: (json: unknown) =>
		json !== null && typeof json === "object" && "items" in json
			? (json.items as Record<string, number>)
			: undefined,
	encode: (items: Record<string, number>) => ({ version: 1, items }),
};

describe("the JSON state file store", () => {
	it("writes with mode 0600 in a new 0700 directory, and reads back", () => {
		const file = join(dir, "sub", "state.json");
		const store = createJsonFileStore(file, format);
		expect(store.read()).toEqual({ data: {}, problem: undefined });
		expect(store.write({ a: 1 })).toBeUndefined();
		expect(statSync(file).mode & 0o777).toBe(0o600);
		expect(statSync(join(dir, "sub")).mode & 0o777).toBe(0o700);
		expect(store.read()).toEqual({ data: { a: 1 }, problem: undefined });
	});

	it("makes an existing world-readable state file 0600 on the next write", () => {
		const file = join(dir, "state.json");
		writeFileSync(file, JSON.stringify({ items: {} }), { mode: 0o644 });
		createJsonFileStore(file, format).write({ b: 2 });
		expect(statSync(file).mode & 0o777).toBe(0o600);
	});

	it.each([
		["invalid JSON", "{not json", "is not valid JSON"],
		["another format", '{"something": "else"}', "is not a pi-hook-manager test file"],
	])("treats %s as empty, says why, and keeps the old file aside on the next write", (_name, text, why) => {
		const file = join(dir, "state.json");
		writeFileSync(file, text);
		const store = createJsonFileStore(file, format);
		const read = store.read();
		expect(read.data).toEqual({});
		expect(read.problem).toContain(why);
		expect(store.write({ c: 3 })).toBeUndefined();
		expect(readFileSync(`${file}.corrupt`, "utf8")).toBe(text);
		expect(store.read()).toEqual({ data: { c: 3 }, problem: undefined });
	});
});
