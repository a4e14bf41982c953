/** Where a path lies against a folder: the folder itself, inside it, or outside. */
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { pathPlace, relativeInside } from "../../../src/engine/text/paths.ts";

const CASES = [
	["the folder itself", "/p/plugin", "/p/plugin", "root"],
	["the folder with a trailing slash", "/p/plugin/", "/p/plugin", "root"],
	["a file in it", "/p/plugin", "/p/plugin/hooks/hooks.json", "inside"],
	["a name starting with two dots", "/p/plugin", "/p/plugin/..cache/x.sh", "inside"],
	["its parent", "/p/plugin", "/p", "outside"],
	["a sibling with the same prefix", "/p/plugin", "/p/plugin-evil/x.sh", "outside"],
	["a path climbing out", "/p/plugin", "/p/plugin/../other/x.sh", "outside"],
] as const;

describe("pathPlace", () => {
	it.each(CASES)("%s", (_name, root, path, place) => {
		expect(pathPlace(root, path)).toBe(place);
	});
});

describe("relativeInside", () => {
	const more = [
		["/", "/etc/passwd"],
		["/p/plugin", "/p/plugin/./x.sh"],
		["/p/plugin", "/p//plugin/x.sh"],
		["/p/plugin", "/p/plugin/a/"],
		["/p/plugin", "/p/plugin/a/.."],
		["/p/./plugin", "/p/plugin/x.sh"],
		["/home/u", "/home/u/.claude/hooks/guard.sh"],
		["/home/u", "/home/user/x"],
	] as const;
	it.each([...CASES.map(([, root, path]) => [root, path] as const), ...more])(
		"%s and %s: what pathPlace and relative say together",
		(root, path) => {
			const expected = pathPlace(root, path) === "outside" ? undefined : relative(root, path);
			expect(relativeInside(root, path)).toBe(expected);
		},
	);
});
