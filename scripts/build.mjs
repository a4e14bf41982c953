/**
 * Builds the extension pi loads: `src/index.ts` and everything it imports, bundled by esbuild into `dist/`
 * (`dist/index.js`, the panel as chunks it imports on first open), and the `pi-hook-manager` command
 * (`dist/cli.mjs`, one file from `src/cli/bin.ts`; `.mjs` because of `dist/package.json`, below). package.json's
 * `pi.extensions` points at the first, its `bin` at the second; `npm install` (`prepare`), `npm test`,
 * `npm run demo`, `npm run bench` and every vitest run (its global set-up) build it first, so it never lags behind
 * `src/`.
 *
 * Why a bundle: pi loads an extension through jiti, which costs about 0.13 ms per module plus a module wrapper
 * for each; one file and a few chunks instead of ~94 modules take pi's start-up from +50 ms to about +12 ms.
 * Packages (execa, fuse.js, ...) and pi's own (`@earendil-works/*`) stay outside the bundle: ours load on first use
 * as before, pi's must be the instances pi runs. execa is also bundled on its own (`dist/execa.mjs`), see below.
 *
 * `dist/package.json` says `"type": "commonjs"`: jiti then transpiles the bundle's ES-module syntax (once, into its
 * file cache) instead of handing it to Node's own `import`, so its imports of pi's packages go through jiti's
 * aliases to the pi that loaded it (Node would load a second pi from node_modules, about 400 ms).
 *
 * Files are written only when their content changed, so a build while another test run loads `dist/` does not
 * touch files it is reading; chunks no longer produced are removed. Usable as a module (`buildBundle()`).
 */
import { chmodSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The project root (the directory holding package.json). */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Where the bundle goes. */
export const DIST = join(ROOT, "dist");

/** The `pi-hook-manager` command, with a `#!/usr/bin/env node` line (package.json `bin`). */
export const CLI = join(DIST, "cli.mjs");

/** A static `import ... from "@earendil-works/..."` (or a bare `import "..."`) in a bundle; `import(...)` is fine. */
export const STATIC_PI_IMPORT = /\b(?:from\s*|import\s*)["']@earendil-works\//;

/** `dist/package.json`: see the header. */
const DIST_PACKAGE = `${JSON.stringify({ type: "commonjs" })}\n`;

/** Writes `text` to `file` unless it already holds it (through a temp file and a rename). */
const writeIfChanged = (file, text) => {
	try {
		if (readFileSync(file, "utf8") === text) return false;
	} catch {
		// Not there yet.
	}
	mkdirSync(dirname(file), { recursive: true });
	const temp = `${file}.${process.pid}.tmp`;
	writeFileSync(temp, text);
	renameSync(temp, file);
	return true;
};

/**
 * Bundles src/index.ts into dist/. Resolves to the number of files written (0 when dist/ was up to date); rejects
 * with esbuild's error when the source does not build.
 */
export const buildBundle = async () => {
	let build;
	try {
		({ build } = await import("esbuild"));
	} catch (error) {
		throw new Error(
			`esbuild (a dev dependency since the bundle was introduced) is not installed: run npm install ` +
				`(${error.message})`,
		);
	}
	const result = await build({
		entryPoints: [join(ROOT, "src", "index.ts")],
		outdir: DIST,
		bundle: true,
		splitting: true,
		format: "esm",
		platform: "node",
		target: "node22",
		packages: "external",
		write: false,
		logLevel: "warning",
		legalComments: "none",
	});
	// execa as one file next to the bundle: the runner loads it with Node's own loader in a third of the time its
	// ~100 files take (src/engine/run/process.ts falls back to the package when it is not there, as under src/).
	const execa = await build({
		stdin: { contents: 'export { execa } from "execa";', resolveDir: ROOT, sourcefile: "execa-entry.mjs" },
		outfile: join(DIST, "execa.mjs"),
		// Its CommonJS parts (cross-spawn) call `require`, which an ES module has not: give them Node's.
		banner: {
			js: [
				'import { createRequire as piHookManagerRequire } from "node:module";',
				"const require = piHookManagerRequire(import.meta.url);",
			].join("\n"),
		},
		bundle: true,
		format: "esm",
		platform: "node",
		target: "node22",
		write: false,
		logLevel: "warning",
		legalComments: "none",
	});
	// The `pi-hook-manager` command (package.json `bin`): one file, run by the user's own Node, never by pi, so it
	// must not import pi's packages statically (a project may have this package without pi): it loads pi's SDK with
	// `import()` only when a prompt or agent hook would run (src/cli/pi-models.ts).
	const cli = await build({
		entryPoints: [join(ROOT, "src", "cli", "bin.ts")],
		outfile: CLI,
		banner: { js: "#!/usr/bin/env node" },
		bundle: true,
		format: "esm",
		platform: "node",
		target: "node22",
		packages: "external",
		write: false,
		logLevel: "warning",
		legalComments: "none",
	});
	for (const file of cli.outputFiles)
		if (STATIC_PI_IMPORT.test(file.text))
			throw new Error(
				"the CLI bundle imports a pi package (@earendil-works/...) statically: it must run without pi",
			);
	const wanted = new Map(
		[...result.outputFiles, ...execa.outputFiles, ...cli.outputFiles].map((file) => [file.path, file.text]),
	);
	wanted.set(join(DIST, "package.json"), DIST_PACKAGE);
	let written = 0;
	for (const [file, text] of wanted) if (writeIfChanged(file, text)) written++;
	chmodSync(CLI, 0o755);
	for (const name of readdirSync(DIST)) {
		const file = join(DIST, name);
		if (!wanted.has(file)) rmSync(file, { recursive: true, force: true });
	}
	return written;
};

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const written = await buildBundle();
	if (written > 0) console.log(`built ${relative(process.cwd(), DIST) || "."}/ (${written} files written)`);
}
