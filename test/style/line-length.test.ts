/**
 * No line of the project's code is wider than 120 columns (a tab counts 4), string literals and comments
 * included: biome's formatter keeps the width but does not split a long string or comment. The only lines
 * allowed wider is one regular-expression literal of redact.ts that cannot be split without changing it (longer
 * patterns are built from parts: the tables of secret-formats.ts, the hidden characters of terminal-safe.ts).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/pi-env.ts";

/** The widest a line may be, in columns. */
const MAX_COLUMNS = 120;
/** How many columns a tab takes (biome's indentWidth). */
const TAB_COLUMNS = 4;
/** The folders whose code is checked. */
const FOLDERS = ["src", "test", "scripts", "bench", "demo"];
/** The file endings that are checked. */
const CODE = /\.(?:ts|mjs|js)$/;

/**
 * The lines allowed wider: per file, the constants whose value is a regular-expression literal on the line
 * after `const NAME =`.
 */
const ALLOWED_REGEX_CONSTANTS: Readonly<Record<string, readonly string[]>> = {
	"src/engine/text/redact.ts": ["HEADER"],
};

/** The width of `line` in columns: one a code point, {@link TAB_COLUMNS} a tab. */
const columns = (line: string): number =>
	[...line].reduce((width, char) => width + (char === "\t" ? TAB_COLUMNS : 1), 0);

/** Whether line `index` of `lines` is the regex literal of one of `names` (`const NAME =` on the line above). */
const allowedRegex = (lines: readonly string[], index: number, names: readonly string[]): boolean => {
	const declared = /^\s*(?:export\s+)?const\s+(\w+)\s*=\s*$/.exec(lines[index - 1] ?? "");
	return (
		declared?.[1] !== undefined && names.includes(declared[1]) && /^\s*\/.+\/[dgimsuvy]*;$/.test(lines[index] ?? "")
	);
};

/** `file:line (N columns)` for every line of `text` wider than {@link MAX_COLUMNS}, but the allowed ones. */
const longLines = (file: string, text: string): string[] => {
	const lines = text.split("\n");
	const allowed = ALLOWED_REGEX_CONSTANTS[file] ?? [];
	return lines.flatMap((line, index) => {
		const width = columns(line);
		if (width <= MAX_COLUMNS || allowedRegex(lines, index, allowed)) return [];
		return [`${file}:${index + 1} (${width} columns)`];
	});
};

/** The checked files git tracks or would track (untracked, not ignored), relative to the project root. */
const checkedFiles = (): string[] =>
	execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ...FOLDERS], {
		cwd: PROJECT_ROOT,
		encoding: "utf8",
	})
		.split("\0")
		.filter((file) => CODE.test(file) && existsSync(join(PROJECT_ROOT, file)));

describe("line length", () => {
	it("no tracked source, test, script, bench or demo line is wider than 120 columns", () => {
		const files = checkedFiles();
		expect(files.length).toBeGreaterThan(100);
		expect(files.flatMap((file) => longLines(file, readFileSync(join(PROJECT_ROOT, file), "utf8")))).toEqual([]);
	});

	it("names file and line of a long string or comment, counting a tab as 4 columns", () => {
		const fits = `\t${"x".repeat(116)}`;
		const text = ["const a = 1;", fits, `\t${"x".repeat(117)}`, `// ${"c".repeat(118)}`].join("\n");
		expect(columns(fits)).toBe(120);
		expect(longLines("bench/run.ts", text)).toEqual([
			"bench/run.ts:3 (121 columns)",
			"bench/run.ts:4 (121 columns)",
		]);
	});

	it("allows only the listed regular-expression constant of redact.ts", () => {
		const regex = `\t/${"a".repeat(130)}/gi;`;
		const listed = ["const HEADER =", regex].join("\n");
		expect(longLines("src/engine/text/redact.ts", listed)).toEqual([]);
		expect(longLines("src/engine/other.ts", listed)).toEqual(["src/engine/other.ts:2 (139 columns)"]);
		expect(longLines("src/engine/text/redact.ts", ["const OTHER =", regex].join("\n"))).toHaveLength(1);
		const notRegex = ["const HEADER =", `\t"${"a".repeat(130)}";`].join("\n");
		expect(longLines("src/engine/text/redact.ts", notRegex)).toHaveLength(1);
	});
});
