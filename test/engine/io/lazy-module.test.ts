/** Packages loaded on first use: the same module object every call, and a loading error thrown to the caller. */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { lazyModule } from "../../../src/engine/io/lazy-module.ts";

describe("lazyModule", () => {
	it("loads the package on the first call and returns the same module afterwards", () => {
		const getFuse = lazyModule<{ default: unknown }>("fuse.js");
		const first = getFuse();
		expect(getFuse()).toBe(first);
		expect(first).toBe(createRequire(import.meta.url)("fuse.js"));
	});

	it("throws what loading throws, on each call, until the package can be loaded", () => {
		const missing = lazyModule("phm-no-such-package");
		expect(() => missing()).toThrow(/Cannot find module 'phm-no-such-package'/);
		expect(() => missing()).toThrow(/Cannot find module/);
	});

	it("loads the file given first when it exists (the bundle's own copy), else the package", () => {
		const fromFile = lazyModule<{ name: string }>("phm-no-such-package", "../../../package.json");
		expect(fromFile().name).toBe("pi-hook-manager");
		const fallback = lazyModule<{ default: unknown }>("fuse.js", "./phm-no-such-file.mjs");
		expect(fallback()).toBe(createRequire(import.meta.url)("fuse.js"));
	});
});
