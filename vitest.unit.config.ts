import { defineConfig } from "vitest/config";
import full from "./vitest.config.ts";

/**
 * `npm run test:unit`, the fast inner loop: the engine and ui unit tests only (real child processes for the
 * runner, pi-tui on a headless terminal), no pi process, no e2e, no tmux. None of them loads `dist/`, so the
 * bundle is not built first. Test files share their workers (no isolation: each file's own module state is not
 * reset between files), which more than halves the time; `npm test` keeps every file isolated.
 */
export default defineConfig({
	test: {
		...full.test,
		include: ["test/engine/**/*.test.ts", "test/ui/**/*.test.ts"],
		globalSetup: [],
		isolate: false,
	},
});
