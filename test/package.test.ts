/**
 * What pi's package gallery and its "Extension Updates" notice read from the package (pi's packages doc): a
 * `pi.image` preview shipped in the package, and a CHANGELOG.md in pi's heading format whose newest entry is the
 * package's version, shipped too (checked against `npm pack`'s real file list).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "./support/pi-env.ts";

const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as {
	version: string;
	pi: { image?: string };
};

/** The files `npm pack` would ship, relative to the package root (no scripts run). */
const packed = (): string[] => {
	const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
		cwd: PROJECT_ROOT,
		encoding: "utf8",
	});
	return (JSON.parse(out) as { files: { path: string }[] }[])[0]?.files.map((file) => file.path) ?? [];
};

describe("the package as pi's gallery and updates notice read it", () => {
	const files = packed();

	it("has a pi.image preview inside the package that npm pack ships", () => {
		const image = manifest.pi.image ?? "";
		expect(image).toMatch(/^\.\/screenshots\/.+\.png$/);
		expect(existsSync(join(PROJECT_ROOT, image))).toBe(true);
		expect(files).toContain(image.replace(/^\.\//, ""));
	});

	it("ships a CHANGELOG.md whose first version heading is the package's version", () => {
		expect(files).toContain("CHANGELOG.md");
		const text = readFileSync(join(PROJECT_ROOT, "CHANGELOG.md"), "utf8");
		const first = /^## \[(\d+\.\d+\.\d+)\]/m.exec(text);
		expect(first?.[1]).toBe(manifest.version);
	});
});
