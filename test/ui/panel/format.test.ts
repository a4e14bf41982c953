/** Pure text helpers of the panel: durations, times, fitting to a width, percentiles, wrapping. */
import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import type { HookEntry } from "../../../src/engine/types.ts";
import {
	fit,
	fitRight,
	formatClock,
	formatDuration,
	hardWrap,
	hookLabel,
	hookTarget,
	oneLine,
	percentile,
} from "../../../src/ui/panel/format.ts";
import { entryWith, fixtureConfig } from "./fixtures.ts";

describe("format", () => {
	it.each([
		[0, "0ms"],
		[849.6, "850ms"],
		[1234, "1.2s"],
		[12_345, "12s"],
		[125_000, "2m05s"],
		[-1, "-"],
	])("formatDuration(%s) is %s", (ms, text) => {
		expect(formatDuration(ms)).toBe(text);
	});

	it("formats local clock times with seconds", () => {
		expect(formatClock(new Date(2026, 0, 2, 9, 5, 7).getTime())).toBe("09:05:07");
	});

	it("fits text into exactly the given columns, wide characters included", () => {
		expect(fit("abcdef", 4)).toBe("a...");
		expect(fit("ab", 4)).toBe("ab  ");
		expect(visibleWidth(fit("日本語テキスト", 7))).toBe(7);
		expect(fitRight("42", 5)).toBe("   42");
		expect(fit("x", 0)).toBe("");
	});

	it("puts multi-line text on one line", () => {
		expect(oneLine("  a\n\tb  c ")).toBe("a b c");
	});

	it("takes nearest-rank percentiles", () => {
		expect(percentile([], 0.5)).toBeUndefined();
		expect(percentile([5, 1, 3], 0.5)).toBe(3);
		expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 100], 0.95)).toBe(100);
		expect(percentile([1, 2, 3, 4], 0.5)).toBe(2);
	});

	it("hard-wraps raw output to the width and shows control characters", () => {
		expect(hardWrap("abcdefg\nhi", 3)).toEqual(["abc", "def", "g", "hi"]);
		expect(hardWrap("a\x1b[31mb", 20)).toEqual(["a\\e[31mb"]);
		expect(hardWrap("a\u202eb\u200b", 20)).toEqual(["a\\u202eb\\u200b"]);
		for (const line of hardWrap("x".repeat(50), 7)) expect(visibleWidth(line)).toBeLessThanOrEqual(7);
	});
});

describe("hookLabel", () => {
	it("names the script, then the command, its if and its timeout; hooks that differ only there differ", () => {
		const config = fixtureConfig();
		const policy = entryWith(config, "git_policy.py");
		expect(hookLabel(policy)).toBe("git_policy.py · python3 .claude/hooks/git_policy.py · if Bash(git push *)");
		const other = { ...policy, handler: { ...policy.handler, if: "Bash(git commit *)", timeout: 5 } };
		expect(hookLabel(other)).toBe(
			"git_policy.py · python3 .claude/hooks/git_policy.py · if Bash(git commit *) · timeout 5 s",
		);
	});

	it("masks a secret in the command as the stores keep it (the list's rows and the details show this)", () => {
		const policy = entryWith(fixtureConfig(), "git_policy.py");
		const command = "curl -H 'Authorization: SSWS 00QCjAl4MlV-WPXM-ABcdEFghIJklMNopQRstUVwxYZ' https://o.okta.com";
		const secret = { ...policy, handler: { ...policy.handler, command, if: undefined } } as HookEntry;
		expect(hookLabel(secret)).toBe("curl -H 'Authorization: SSWS [redacted]' https://o.okta.com");
		expect(hookTarget(secret)).not.toContain("00QCjAl4MlV");
	});
});
