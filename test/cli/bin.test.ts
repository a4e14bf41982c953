/**
 * The package's `bin`: package.json names the built command, `files` ships it, and the file runs as an
 * executable through its `#!/usr/bin/env node` line (with a Node >= 22.19 first on PATH, as npm puts it there), and
 * it loads pi's SDK only on demand (test/e2e/cli-model.test.ts runs it without pi).
 */
import { execFile } from "node:child_process";
import { accessSync, constants, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { STATIC_PI_IMPORT } from "../../scripts/build.mjs";
import { PROJECT_ROOT } from "../support/pi-env.ts";

const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as {
	version: string;
	bin: Record<string, string>;
	files: string[];
};

describe("the pi-hook-manager bin", () => {
	it("is dist/cli.mjs, shipped by files, executable, with a node shebang", () => {
		expect(manifest.bin).toEqual({ "pi-hook-manager": "dist/cli.mjs" });
		expect(manifest.files).toContain("dist");
		const bin = join(PROJECT_ROOT, manifest.bin["pi-hook-manager"] ?? "");
		accessSync(bin, constants.X_OK);
		expect(readFileSync(bin, "utf8").split("\n")[0]).toBe("#!/usr/bin/env node");
	});

	it("runs as a program and prints the package's version", async () => {
		const bin = join(PROJECT_ROOT, "dist", "cli.mjs");
		const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}` };
		const stdout = await new Promise<string>((resolve, reject) =>
			execFile(bin, ["--version"], { env }, (error, out) => (error === null ? resolve(out) : reject(error))),
		);
		expect(stdout).toBe(`${manifest.version}\n`);
	});

	it("imports pi's SDK only with import(), never statically (it runs where pi is not installed)", () => {
		const text = readFileSync(join(PROJECT_ROOT, "dist", "cli.mjs"), "utf8");
		expect(text).not.toMatch(STATIC_PI_IMPORT);
		expect(text).toContain('import("@earendil-works/pi-coding-agent")');
		expect('import { x } from "@earendil-works/pi-ai";').toMatch(STATIC_PI_IMPORT);
		expect('import "@earendil-works/pi-tui";').toMatch(STATIC_PI_IMPORT);
	});
});
