/** Where a path lies against a folder: the folder itself, inside it, or outside. */
import { describe, expect, it } from "vitest";
import { pathPlace } from "../../../src/engine/text/paths.ts";

describe("pathPlace", () => {
	it.each([
		["the folder itself", "/p/plugin", "/p/plugin", "root"],
		["the folder with a trailing slash", "/p/plugin/", "/p/plugin", "root"],
		["a file in it", "/p/plugin", "/p/plugin/hooks/hooks.json", "inside"],
		["a name starting with two dots", "/p/plugin", "/p/plugin/..cache/x.sh", "inside"],
		["its parent", "/p/plugin", "/p", "outside"],
		["a sibling with the same prefix", "/p/plugin", "/p/plugin-evil/x.sh", "outside"],
		["a path climbing out", "/p/plugin", "/p/plugin/../other/x.sh", "outside"],
	])("%s", (_name, root, path, place) => {
		expect(pathPlace(root, path)).toBe(place);
	});
});
