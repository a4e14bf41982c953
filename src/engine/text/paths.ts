/** Where a path lies against a folder, by their text (no file system: resolve symlinks before). */
import { isAbsolute, relative, sep } from "node:path";

/**
 * Where `path` lies against the folder `root`: `root` itself, `inside` it (at any depth), or `outside`. Both should
 * be absolute. A name that only starts with two dots (`..cache`) is inside.
 */
export const pathPlace = (root: string, path: string): "root" | "inside" | "outside" => {
	const rest = relative(root, path);
	if (rest === "") return "root";
	return rest === ".." || rest.startsWith(`..${sep}`) || isAbsolute(rest) ? "outside" : "inside";
};
