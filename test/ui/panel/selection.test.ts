/** The panel lists' selection (kept by key) and scroll window. */
import { describe, expect, it } from "vitest";
import { ScrollWindow, Selection } from "../../../src/ui/panel/selection.ts";

describe("Selection", () => {
	it("selects the first key, and nothing in an empty list", () => {
		const selection = new Selection();
		expect(selection.key).toBeUndefined();
		selection.setKeys(["a", "b", "c"]);
		expect(selection.key).toBe("a");
		selection.setKeys([]);
		expect(selection.key).toBeUndefined();
	});

	it("keeps the selected key across new keys while it is still there, else goes to the first", () => {
		const selection = new Selection();
		selection.setKeys(["a", "b", "c"]);
		selection.select("b");
		selection.setKeys(["x", "b", "y"]);
		expect(selection.key).toBe("b");
		selection.setKeys(["x", "y"]);
		expect(selection.key).toBe("x");
	});

	it("ignores selecting a key not in the list", () => {
		const selection = new Selection();
		selection.setKeys(["a", "b"]);
		selection.select("zz");
		expect(selection.key).toBe("a");
	});

	it("wraps single steps around the ends", () => {
		const selection = new Selection();
		selection.setKeys(["a", "b", "c"]);
		selection.move(-1);
		expect(selection.key).toBe("c");
		selection.move(1);
		expect(selection.key).toBe("a");
	});

	it("stops page steps at the ends", () => {
		const selection = new Selection();
		selection.setKeys(["a", "b", "c", "d", "e"]);
		selection.move(10);
		expect(selection.key).toBe("e");
		selection.move(-2);
		expect(selection.key).toBe("c");
		selection.move(-10);
		expect(selection.key).toBe("a");
	});

	it("does nothing when moving in an empty list", () => {
		const selection = new Selection();
		selection.move(1);
		expect(selection.key).toBeUndefined();
	});
});

describe("ScrollWindow", () => {
	it("stays at the top while the focus is visible", () => {
		const window = new ScrollWindow();
		expect(window.follow(100, 5, 10)).toBe(0);
	});

	it("scrolls down just enough to show a focus below the window", () => {
		const window = new ScrollWindow();
		expect(window.follow(100, 15, 10)).toBe(6);
	});

	it("scrolls up with context lines above the focus", () => {
		const window = new ScrollWindow();
		window.follow(100, 50, 10);
		expect(window.follow(100, 20, 10)).toBe(18);
		expect(window.follow(100, 1, 10, 5)).toBe(0);
	});

	it("never scrolls past the last full window", () => {
		const window = new ScrollWindow();
		window.follow(100, 99, 10);
		expect(window.offset).toBe(90);
		expect(window.follow(12, 11, 10)).toBe(2);
	});

	it("views exactly height lines, padding with blank lines of the width", () => {
		const window = new ScrollWindow();
		expect(window.view(["a", "b"], 0, 4, 3)).toEqual(["a", "b", "   ", "   "]);
		const lines = Array.from({ length: 20 }, (_, index) => `line ${index}`);
		expect(window.view(lines, 12, 3, 6)).toEqual(["line 10", "line 11", "line 12"]);
	});

	it("scrolls by a delta within bounds and resets", () => {
		const window = new ScrollWindow();
		window.scrollBy(5, 20, 10);
		expect(window.offset).toBe(5);
		window.scrollBy(50, 20, 10);
		expect(window.offset).toBe(10);
		window.scrollBy(-50, 20, 10);
		expect(window.offset).toBe(0);
		window.scrollBy(3, 5, 10);
		expect(window.offset).toBe(0);
		window.scrollBy(4, 20, 10);
		window.reset();
		expect(window.offset).toBe(0);
	});
});
