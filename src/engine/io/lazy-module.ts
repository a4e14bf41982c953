/**
 * Packages the extension needs only sometimes (the shell parser for `if` rules, the glob matcher, the JSON error
 * locator), loaded with Node's `require` the first time they are used, so pi's start-up does not pay for them.
 * ES-module packages load this way too: Node >= 22.12 (pi needs 22.19) requires ES modules synchronously.
 */
import { createRequire } from "node:module";

const requireHere = createRequire(import.meta.url);

/** True for the error `require` throws when `specifier` itself cannot be found (not one of its imports). */
const isNotFound = (error: unknown, specifier: string): boolean =>
	(error as { code?: unknown }).code === "MODULE_NOT_FOUND" &&
	String((error as Error).message).includes(`'${specifier}'`);

/**
 * A getter for the package `specifier`: the first call loads it (and may throw what that throws), later return it.
 * With `first`, a path relative to this module (in the bundle: `dist/`), that file is loaded instead when it
 * exists.
 */
export const lazyModule = <T>(specifier: string, first?: string): (() => T) => {
	let loaded: T | undefined;
	const load = (): T => {
		if (first !== undefined) {
			try {
				return requireHere(first) as T;
			} catch (error) {
				if (!isNotFound(error, first)) throw error;
			}
		}
		return requireHere(specifier) as T;
	};
	return () => {
		loaded ??= load();
		return loaded;
	};
};
