import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig } from "vitest/config";
import full from "./vitest.config.ts";

/** The folders of the unit tests: the engine, the ui, and the unit tests of src/host, src/pi and src/cli. */
const UNIT_FOLDERS = ["test/engine", "test/ui", "test/host", "test/pi", "test/cli"];

/**
 * What marks a test file as end to end: it starts the real pi binary (print, RPC, tmux) or the built command
 * (`dist/cli.mjs`), so it needs the bundle; such files stay in `npm test` only.
 */
const END_TO_END =
	/\b(?:PI_BIN|EXTENSION_PATH|runPiPrint|startPiRpc|useE2e|createTmuxServer|createCliSandbox|CLI_BIN)\b|tui-suite|manifest\.bin/;

/**
 * Test files that need a fresh module state each: pi's one-run approval opt-in is read once per process and removed
 * from its environment (src/pi/trust/approve-opt-in.ts).
 */
const OWN_PROCESS = ["test/pi/trust/approv*.test.ts", "test/pi/trust/opt-in-cover.test.ts"];

/** The test files of the unit folders that start neither pi nor the built command (paths relative to the root). */
const endToEndFiles = (): string[] =>
	UNIT_FOLDERS.flatMap((folder) =>
		readdirSync(folder, { recursive: true, encoding: "utf8" })
			.filter((file) => file.endsWith(".test.ts"))
			.map((file) => join(folder, file))
			.filter((file) => END_TO_END.test(readFileSync(file, "utf8"))),
	);

/**
 * `npm run test:unit`, the fast inner loop: the unit tests of the engine, the ui, src/host, src/pi and src/cli (real
 * child processes for the runner, pi-tui on a headless terminal, pi's SDK in-process), no pi process, no e2e, no tmux.
 * None of them loads `dist/`, so the bundle is not built first. Test files share their workers (no isolation: each
 * file's own module state is not reset between files), which more than halves the time, but for {@link OWN_PROCESS};
 * `npm test` keeps every file isolated.
 */
const endToEnd = endToEndFiles();
/** The whole suite's settings (timeouts, pool) without its file list and the bundle's build. */
const { include: _all, globalSetup: _build, ...shared } = full.test ?? {};
export default defineConfig({
	test: {
		...shared,
		projects: [
			{
				extends: true,
				test: {
					name: "shared",
					include: UNIT_FOLDERS.map((folder) => `${folder}/**/*.test.ts`),
					exclude: [...endToEnd, ...OWN_PROCESS],
					isolate: false,
				},
			},
			{ extends: true, test: { name: "isolated", include: OWN_PROCESS, exclude: endToEnd } },
		],
	},
});
