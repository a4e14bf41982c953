import { defineConfig } from "vitest/config";
import { REPORT_FILE } from "./scripts/slow-tests.ts";

/**
 * Tests run real child processes and the real pi binary: generous timeouts, no timed assertions. Each run also
 * writes vitest's JSON report, which `npm run test:slow` reads (scripts/slow-tests.ts).
 */
export default defineConfig({
	test: {
		include: ["test/**/*.test.ts"],
		globalSetup: ["test/support/build-bundle.ts"],
		testTimeout: 60_000,
		hookTimeout: 60_000,
		pool: "forks",
		reporters: ["default", "json"],
		outputFile: { json: REPORT_FILE },
	},
});
