/** `npm run test:slow` (scripts/slow-tests.ts): the slowest files of vitest's JSON report, slowest first. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatSlowest, main, REPORT_FILE, slowestFiles, type VitestReport } from "../../../scripts/slow-tests.ts";

const ROOT = "/repo";
const file = (name: string, ms: number, tests: Record<string, number>) => ({
	name: `${ROOT}/${name}`,
	startTime: 1_000,
	endTime: 1_000 + ms,
	assertionResults: Object.entries(tests).map(([fullName, duration]) => ({ fullName, duration })),
});
const REPORT: VitestReport = {
	testResults: [
		file("test/a.test.ts", 1_200, { "a one": 400, "a two": 700 }),
		file("test/e2e/b.test.ts", 63_250, { "b slow": 12_600 }),
		file("test/c.test.ts", 30, {}),
		file("test/d.test.ts", 5_000, { "d one": 4_900 }),
	],
};

let roots: string[] = [];
afterEach(() => {
	for (const root of roots) rmSync(root, { recursive: true, force: true });
	roots = [];
});

describe("slowestFiles", () => {
	it("lists the files slowest first, at most `count`, each with its test count and slowest test", () => {
		expect(slowestFiles(REPORT, ROOT, 3)).toEqual([
			{ file: "test/e2e/b.test.ts", ms: 63_250, tests: 1, slowest: { name: "b slow", ms: 12_600 } },
			{ file: "test/d.test.ts", ms: 5_000, tests: 1, slowest: { name: "d one", ms: 4_900 } },
			{ file: "test/a.test.ts", ms: 1_200, tests: 2, slowest: { name: "a two", ms: 700 } },
		]);
	});

	it("prints one line per file and its slowest test under it; a file without tests has no second line", () => {
		expect(formatSlowest(slowestFiles(REPORT, ROOT, 10))).toBe(
			[
				"  63.3 s  test/e2e/b.test.ts (1 test)",
				"          slowest 12.6 s: b slow",
				"   5.0 s  test/d.test.ts (1 test)",
				"          slowest 4.9 s: d one",
				"   1.2 s  test/a.test.ts (2 tests)",
				"          slowest 0.7 s: a two",
				"   0.0 s  test/c.test.ts (0 tests)",
			].join("\n"),
		);
	});
});

describe("main", () => {
	const rootWith = (report?: unknown): string => {
		const root = mkdtempSync(join(tmpdir(), "phm-slow-"));
		roots.push(root);
		if (report !== undefined) {
			mkdirSync(dirname(join(root, REPORT_FILE)), { recursive: true });
			writeFileSync(join(root, REPORT_FILE), JSON.stringify(report));
		}
		return root;
	};

	it("exits 2 without a report, 0 with one", () => {
		expect(main([], rootWith())).toBe(2);
		expect(main(["--count", "1"], rootWith({ testResults: [] }))).toBe(0);
	});
});
