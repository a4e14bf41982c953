/**
 * vitest's global set-up: builds the bundle pi loads (scripts/build.mjs, `dist/`) before any test runs, so a test
 * that starts the real pi with this extension runs the code of `src/` as it is now, also under `npx vitest run`.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { PROJECT_ROOT } from "./pi-env.ts";

/** Runs the build (a no-op when `dist/` is up to date); throws with esbuild's message when `src/` does not build. */
export default function buildBundle(): void {
	execFileSync(process.execPath, [join(PROJECT_ROOT, "scripts", "build.mjs")], { stdio: "inherit" });
}
