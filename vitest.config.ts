import { defineConfig } from "vitest/config";

/** Tests run real child processes and the real pi binary: generous timeouts, no timed assertions. */
export default defineConfig({
	test: {
		include: ["test/**/*.test.ts"],
		globalSetup: ["test/support/build-bundle.ts"],
		testTimeout: 60_000,
		hookTimeout: 60_000,
		pool: "forks",
	},
});
