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

/** An empty, `.` or `..` segment, or a trailing slash: the path is not in normal form. */
const NOT_NORMAL = /\/\.{0,2}(?:\/|$)/;

/** True for an absolute path in normal form (what `resolve` returns), where a folder's paths start with its own. */
const isNormal = (path: string): boolean => sep === "/" && path.startsWith("/") && !NOT_NORMAL.test(path);

/**
 * `path` relative to the folder `root` when it is `root` itself ("") or inside it, else undefined: what
 * `pathPlace` and `relative` say together, by a prefix test when both are absolute paths in normal form (a hook's
 * covered files are shown this way at every start-up, hundreds of them).
 */
export const relativeInside = (root: string, path: string): string | undefined => {
	if (root !== "/" && isNormal(root) && isNormal(path)) {
		if (path === root) return "";
		return path.startsWith(`${root}/`) ? path.slice(root.length + 1) : undefined;
	}
	return pathPlace(root, path) === "outside" ? undefined : relative(root, path);
};
