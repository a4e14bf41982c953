/**
 * Packages the extension needs only sometimes (the shell parser for `if` rules, the glob matcher, the JSON error
 * locator), loaded with Node's `require` the first time they are used, so pi's start-up does not pay for them.
 * ES-module packages load this way too: Node >= 22.12 (pi needs 22.19) requires ES modules synchronously.
 */
import { createRequire } from "node:module";

const requireHere = createRequire(import.meta.url);

/** A getter for the package `specifier`: the first call loads it (and may throw what that throws), later return it. */
export const lazyModule = <T>(specifier: string): (() => T) => {
	let loaded: T | undefined;
	return () => {
		loaded ??= requireHere(specifier) as T;
		return loaded;
	};
};
