/** JSON's "object": a non-null object that is not an array. */
import { describe, expect, it } from "vitest";
import { isObject } from "../../src/engine/is-object.ts";

describe("isObject", () => {
	it("is true for plain objects, parsed or made without a prototype", () => {
		expect(isObject({})).toBe(true);
		expect(isObject(JSON.parse('{"a": 1}'))).toBe(true);
		expect(isObject(Object.create(null))).toBe(true);
	});

	it("is false for null, arrays and every other JSON value", () => {
		for (const value of [null, undefined, [], [1], "{}", 0, true]) expect(isObject(value)).toBe(false);
	});
});
