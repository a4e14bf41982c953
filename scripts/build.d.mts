// Type declarations for build.mjs, which stays plain JS so `npm install` (prepare) runs it with `node`.

/** Where the bundle goes. */
export declare const DIST: string;

/** The `pi-hook-manager` command in dist/. */
export declare const CLI: string;

/** A static import of a pi package in a bundle (the CLI's must have none; `import()` is fine). */
export declare const STATIC_PI_IMPORT: RegExp;

/** Bundles src/ into dist/; resolves to the number of files written. */
export declare const buildBundle: () => Promise<number>;
