/** restoreDeleted: the text from before a delete comes back byte for byte, or the hook is added to a changed file. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseHookPath, saveHookChange } from "../../../src/engine/config/edit.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { restoreDeleted } from "../../../src/engine/config/undo-delete.ts";
import type { HookEntry } from "../../../src/engine/types.ts";

let dir: string | undefined;
afterEach(() => {
	if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
	dir = undefined;
});

const BEFORE =
	'{\r\n  "hooks": {\r\n    "Stop": [ { "hooks": [ {"type":"command","command":"a"}, ' +
	'{"type":"command","command":"b"} ] } ]\r\n  },\r\n  "x": 1\r\n}\r\n';

/** Writes BEFORE, deletes hook `b` as the panel does; returns the file, the entry and the text the delete wrote. */
const deleteB = (): { file: string; entry: HookEntry; after: string } => {
	dir = mkdtempSync(join(tmpdir(), "undo-delete-"));
	const file = join(dir, "settings.json");
	writeFileSync(file, BEFORE);
	const parsed = parseSettingsText(BEFORE, { scope: "claude-user", file, project: false });
	const entry = parsed.entries.find((candidate) => candidate.definition.command === "b");
	const at = entry === undefined ? undefined : parseHookPath(entry.jsonPath);
	if (entry === undefined || at === undefined) throw new Error("no hook b");
	const result = saveHookChange({ file, text: BEFORE }, { kind: "delete", id: entry.id, at });
	if (!result.ok) throw new Error(result.message);
	return { file, entry, after: result.text };
};

describe("restoreDeleted", () => {
	it("writes the text from before the delete back, byte for byte, when the file is as the delete left it", () => {
		const { file, entry, after } = deleteB();
		expect(readFileSync(file, "utf8")).not.toContain('"b"');
		expect(restoreDeleted({ file, before: BEFORE, after, entry })).toMatchObject({ ok: true, id: entry.id });
		expect(readFileSync(file, "utf8")).toBe(BEFORE);
	});

	it("adds the hook back to its event in a file that changed since, and says so in a note", () => {
		const { file, entry, after } = deleteB();
		writeFileSync(file, after.replace('"x": 1', '"x": 2'));
		const result = restoreDeleted({ file, before: BEFORE, after, entry });
		expect(result).toMatchObject({ ok: true, note: expect.stringContaining("changed since the delete") });
		const data = JSON.parse(readFileSync(file, "utf8"));
		expect(data.x).toBe(2);
		expect(JSON.stringify(data.hooks)).toContain('"command":"b"');
	});

	it("refuses, writing nothing, when the file is no longer valid JSON", () => {
		const { file, entry, after } = deleteB();
		writeFileSync(file, "{ broken");
		expect(restoreDeleted({ file, before: BEFORE, after, entry })).toMatchObject({ ok: false, reason: "invalid" });
		expect(readFileSync(file, "utf8")).toBe("{ broken");
	});
});
