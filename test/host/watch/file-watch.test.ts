/**
 * The file watch on real files: a write is `change`, a new file `add`, a deletion `unlink`, a burst of writes one
 * change; files in folders that do not exist are left unwatched without an error; `set` replaces the list and a
 * file no longer listed tells nothing.
 */
import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type FileEventKind, type FileWatch, watchFiles } from "../../../src/host/watch/file-watch.ts";

const WAIT = { timeout: 20_000, interval: 50 };
let open: FileWatch | undefined;
afterEach(() => open?.close());

/** A watch over `paths` that records every event it tells. */
const recording = (paths: readonly string[]) => {
	const events: [string, FileEventKind][] = [];
	open = watchFiles((path, kind) => events.push([path, kind]), { debounceMs: 50 });
	open.set(paths);
	return { watch: open, events };
};

describe("watchFiles", () => {
	it("tells a write, a deletion and a creation of a watched file, each once", async () => {
		const dir = mkdtempSync(join(tmpdir(), "phm-watch-"));
		const file = join(dir, ".envrc");
		writeFileSync(file, "a");
		const { events, watch } = recording([file, join(dir, "missing", "x.txt")]);
		expect(watch.paths()).toEqual([file, join(dir, "missing", "x.txt")]);
		for (let i = 0; i < 5; i++) writeFileSync(file, `burst ${i}`);
		await expect.poll(() => events, WAIT).toEqual([[file, "change"]]);
		rmSync(file);
		await expect.poll(() => events.length, WAIT).toBe(2);
		writeFileSync(`${file}.tmp`, "b");
		renameSync(`${file}.tmp`, file);
		await expect.poll(() => events.length, WAIT).toBe(3);
		expect(events).toEqual([
			[file, "change"],
			[file, "unlink"],
			[file, "add"],
		]);
	});

	it("watches only the files of the last set: another file of the folder tells nothing", async () => {
		const dir = mkdtempSync(join(tmpdir(), "phm-watch-"));
		const first = join(dir, "one.txt");
		const second = join(dir, "two.txt");
		const { events, watch } = recording([first]);
		watch.set([second]);
		writeFileSync(first, "x");
		writeFileSync(second, "y");
		await expect.poll(() => events.length, WAIT).toBe(1);
		expect(events).toEqual([[second, "add"]]);
		watch.close();
		expect(watch.paths()).toEqual([]);
	});
});
