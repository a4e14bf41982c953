/**
 * `pi-hook-manager lint [--json] [--format github]`: the configuration's problems, hook lint findings and the
 * preflight of each command hook (see `src/engine/plan/config-lint.ts`), one `file:line:column: severity:
 * message` line each on stdout, the form editors read (`--format github`: GitHub Actions `::error` and
 * `::warning` annotations); a count on stderr. Exit code 1 when any finding is an error.
 */
import { readHead } from "../engine/io/capped-read.ts";
import { type ConfigLintFinding, lintConfig } from "../engine/plan/config-lint.ts";
import type { HookEntry } from "../engine/types.ts";
import { createPreflightChecker } from "../host/preflight/probe.ts";
import type { CliContext } from "./context.ts";
import { safe, shownPath } from "./format.ts";
import { createLocator } from "./locate.ts";
import { githubAnnotation } from "./test-report.ts";

/** Bytes of a script read for the lint; a longer script is judged by its first part. */
const MAX_SCRIPT_BYTES = 1024 * 1024;

/**
 * A script's text (its first {@link MAX_SCRIPT_BYTES}), or undefined when it is not a readable regular file on disk
 * (a FIFO, a device or a /proc file is never read: it could block or never end).
 */
export const readScript = (path: string): string | undefined => {
	const found = readHead(path, MAX_SCRIPT_BYTES);
	return found.kind === "ok" ? found.bytes.toString("utf8") : undefined;
};

/** A finding with where it is. */
export interface LocatedFinding extends ConfigLintFinding {
	readonly line: number;
	readonly column: number;
}

/**
 * The findings of the context's configuration, located; with `preflight` (default) also what keeps each hook from
 * running here: programs looked up on this process's `PATH` (hooks inherit it), scripts in the project.
 */
export const lintFindings = (ctx: CliContext, preflight = true): LocatedFinding[] => {
	const locator = createLocator();
	const checker = preflight
		? createPreflightChecker({ path: process.env.PATH, home: ctx.home }, { projectDir: ctx.projectDir })
		: undefined;
	const check = checker === undefined ? undefined : (entry: HookEntry) => checker.check(entry);
	return lintConfig(ctx.config, ctx.projectDir, readScript, check).map((finding) => {
		const position = finding.position ?? locator.position(finding.file, finding.jsonPath);
		return { ...finding, line: position.line, column: position.column };
	});
};

/** The output of `lint` (with the preflight unless `preflight` is false) and its exit code. */
export const lintOutput = (
	ctx: CliContext,
	format: "text" | "json" | "github",
	preflight = true,
): { stdout: string; stderr: string; code: number } => {
	const findings = lintFindings(ctx, preflight);
	const errors = findings.filter((finding) => finding.severity === "error").length;
	const code = errors > 0 ? 1 : 0;
	if (format === "json")
		return { stdout: `${JSON.stringify({ version: 1, findings }, null, 2)}\n`, stderr: "", code };
	const summary = `${errors} error(s), ${findings.length - errors} warning(s)\n`;
	if (format === "github") {
		const annotations = findings.map((finding) =>
			githubAnnotation(
				finding.severity,
				finding,
				`pi-hook-manager lint: ${finding.code}`,
				`${finding.message}${finding.jsonPath === "" ? "" : ` (${finding.jsonPath})`}`,
			),
		);
		return { stdout: annotations.join(""), stderr: summary, code };
	}
	const from = process.cwd();
	const lines = findings.map(
		(finding) =>
			`${shownPath(finding.file, from, ctx.home)}:${finding.line}:${finding.column}: ${finding.severity}: ` +
			`${safe(finding.message)}${finding.jsonPath === "" ? "" : ` (${finding.jsonPath})`}`,
	);
	return { stdout: lines.length === 0 ? "" : `${lines.join("\n")}\n`, stderr: summary, code };
};
