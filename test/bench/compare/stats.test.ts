import { describe, expect, it } from "vitest";
import { leadingMs } from "../../../bench/compare/outside.ts";
import { spreadOf, verdictOf } from "../../../bench/compare/stats.ts";

describe("comparing two builds' figures", () => {
	it("calls after worse only beyond 10% and beyond the larger spread", () => {
		const row = (before: number[], after: number[]) => verdictOf({ what: "x", before, after });
		expect(row([10, 10, 10], [11.5, 11.5, 11.5])).toBe("worse");
		// 15% slower, but one side's rounds spread over more than the difference: noise.
		expect(row([10, 10, 10], [8, 11.5, 20])).toBe("same");
		// Beyond the spread, but within 10%.
		expect(row([10, 10, 10], [10.9, 10.9, 10.9])).toBe("same");
		expect(row([12, 12, 12], [10, 10, 10])).toBe("better");
		expect(row([], [1])).toBe("-");
	});

	it("spreads per-round values by their interquartile range", () => {
		expect(spreadOf([1, 2, 3, 4])).toBe(2);
		expect(spreadOf([5, 5, 5])).toBe(0);
	});

	it("reads the leading duration of a measured cell in milliseconds", () => {
		expect(leadingMs("6.82 ms (median of 7 keystrokes)")).toBe(6.82);
		expect(leadingMs("844.7 µs median of 25")).toBeCloseTo(0.8447);
		expect(leadingMs("1.50 s")).toBe(1500);
		expect(leadingMs("+12.43 ms from the extension's load")).toBe(12.43);
		expect(leadingMs("not measured: boom")).toBeUndefined();
	});
});
