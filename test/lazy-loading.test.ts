/**
 * Start-up loads only what the first event needs: walks the static import graph of src/index.ts (type-only
 * imports and `import()` left out, as they load nothing at start-up) and checks that the packages and modules
 * that are loaded on first use are not in it; then the same of the bundle pi loads (dist/, built by
 * scripts/build.mjs in vitest's global set-up), whose files name the source modules they hold.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The telemetry modules loaded with the SDK when the opt-in is set: the span mapping and the SDK wiring. */
const TELEMETRY_ON_USE = [
	"src/pi/telemetry/otel-export.ts",
	"src/pi/telemetry/event-spans.ts",
	"src/pi/telemetry/attributes.ts",
];

/** The OpenTelemetry packages hook telemetry uses, loaded only with `PI_HOOK_MANAGER_TELEMETRY=1`. */
const OTEL_PACKAGES = [
	"@opentelemetry/api",
	"@opentelemetry/sdk-trace",
	"@opentelemetry/resources",
	"@opentelemetry/exporter-trace-otlp-http",
	"@opentelemetry/exporter-trace-otlp-proto",
	"@opentelemetry/semantic-conventions",
];

/** The modules (relative paths) and packages src/index.ts loads when pi loads it. */
const startupGraph = (): { files: Set<string>; packages: Set<string> } => {
	const files = new Set<string>();
	const packages = new Set<string>();
	const visit = (file: string): void => {
		const relativePath = file.slice(ROOT.length + 1);
		if (files.has(relativePath)) return;
		files.add(relativePath);
		const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2023, false);
		for (const statement of source.statements) {
			let specifier: string | undefined;
			if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
				const named = statement.importClause?.namedBindings;
				const onlyTypes =
					statement.importClause?.name === undefined &&
					named !== undefined &&
					ts.isNamedImports(named) &&
					named.elements.length > 0 &&
					named.elements.every((element) => element.isTypeOnly);
				if (!onlyTypes) specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
			} else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
				specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
			}
			if (specifier === undefined || specifier.startsWith("node:")) continue;
			if (specifier.startsWith(".")) visit(resolve(dirname(file), specifier));
			else packages.add(specifier);
		}
	};
	visit(join(ROOT, "src", "index.ts"));
	return { files, packages };
};

/** The bundle's files pi loads at start-up (dist/index.js and the chunks it imports), their imports and sources. */
const bundleStartup = (): { files: Set<string>; imports: Set<string>; sources: Set<string> } => {
	const files = new Set<string>();
	const imports = new Set<string>();
	const sources = new Set<string>();
	const visit = (file: string): void => {
		if (files.has(file)) return;
		files.add(file);
		const text = readFileSync(join(ROOT, "dist", file), "utf8");
		for (const match of text.matchAll(/^(?:import|export)\s[^"';]*?["']([^"']+)["'];?$/gm)) {
			const specifier = match[1] as string;
			if (specifier.startsWith("./")) visit(specifier.slice(2));
			else imports.add(specifier);
		}
		for (const match of text.matchAll(/^\/\/ (src\/\S+\.ts)$/gm)) sources.add(match[1] as string);
	};
	visit("index.js");
	return { files, imports, sources };
};

describe("start-up loading", () => {
	it("does not load execa, fuse.js, jsonc-parser, unbash, picomatch or yaml when pi loads the extension", () => {
		const { packages } = startupGraph();
		for (const lazy of ["execa", "fuse.js", "jsonc-parser", "unbash", "picomatch", "yaml"])
			expect(packages).not.toContain(lazy);
		expect([...packages].sort()).toEqual(["@earendil-works/pi-coding-agent", "@earendil-works/pi-tui"]);
	});

	it("does not load the OpenTelemetry SDK or exporters, only the opt-in check and the tracer", () => {
		const { files, packages } = startupGraph();
		for (const lazy of OTEL_PACKAGES) expect(packages).not.toContain(lazy);
		expect(files).toContain("src/pi/telemetry/telemetry.ts");
		for (const lazy of TELEMETRY_ON_USE) expect(files).not.toContain(lazy);
		const { imports, sources } = bundleStartup();
		expect(sources).toContain("src/pi/telemetry/telemetry.ts");
		for (const lazy of TELEMETRY_ON_USE) expect(sources).not.toContain(lazy);
		for (const lazy of OTEL_PACKAGES) expect(imports).not.toContain(lazy);
		// The chunk that holds the SDK wiring requires the packages only when telemetry is on (lazy-module.ts).
		const chunk = readdirSync(join(ROOT, "dist")).find((name) => name.startsWith("otel-export-"));
		expect(chunk).toBeDefined();
		const text = readFileSync(join(ROOT, "dist", chunk ?? ""), "utf8");
		for (const lazy of OTEL_PACKAGES) {
			expect(text).toMatch(new RegExp(`lazyModule\\(\\s*"${lazy}"`));
			expect(text).not.toMatch(new RegExp(`^(?:import|export)\\s[^\n]*["']${lazy}["']`, "m"));
		}
	});

	it("does not load the /hooks panel, its editor or the settings editor until the panel opens", () => {
		const { files } = startupGraph();
		expect(files).toContain("src/index.ts");
		for (const lazy of [
			"src/ui/panel/hooks-panel.ts",
			"src/ui/panel/hook-editor.ts",
			"src/ui/panel/filter.ts",
			"src/engine/config/edit.ts",
			"src/engine/config/json-text.ts",
			"src/pi/manager/panel-services.ts",
			"src/host/preflight/probe.ts",
			"src/engine/lint/preflight.ts",
			"src/engine/lint/preflight-syntax.ts",
		])
			expect(files).not.toContain(lazy);
	});

	it("pi loads the bundle of src/index.ts, whose start-up files hold none of the modules loaded on first use", () => {
		const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
			pi: { extensions: string[] };
		};
		expect(manifest.pi.extensions).toEqual(["./dist/index.js"]);
		const { imports, sources } = bundleStartup();
		expect(sources).toContain("src/index.ts");
		expect(sources).toContain("src/pi/session/session.ts");
		for (const lazy of [
			"src/ui/panel/hooks-panel.ts",
			"src/ui/panel/hook-editor.ts",
			"src/pi/manager/panel-services.ts",
			"src/host/preflight/probe.ts",
			"src/engine/lint/preflight.ts",
		])
			expect(sources).not.toContain(lazy);
		const packages = [...imports].filter((specifier) => !specifier.startsWith("node:")).sort();
		expect(packages).toEqual(["@earendil-works/pi-coding-agent", "@earendil-works/pi-tui"]);
	});

	it("the bundle brings execa as one file next to it, which runs a process", async () => {
		const { execa } = createRequire(import.meta.url)(join(ROOT, "dist", "execa.mjs")) as typeof import("execa");
		const result = await execa("/bin/sh", ["-c", "echo bundled; exit 3"], { reject: false });
		expect(result.exitCode).toBe(3);
		expect(result.stdout).toBe("bundled");
	});
});
