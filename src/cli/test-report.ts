/**
 * The CI forms of `test`'s results (and lint's annotations): one JSON document (`--json`), JUnit XML (`--junit
 * FILE`, which GitHub, GitLab and Jenkins read), and GitHub Actions workflow commands (`--format github`:
 * `::error file=…,line=…,col=…::…`, shown as annotations on the file). Pure.
 */
import { isAbsolute, relative } from "node:path";
import type { CaseReport } from "./case-report.ts";
import type { CliContext } from "./context.ts";
import { safe } from "./format.ts";

/** The totals of a run. */
export interface TestCounts {
	readonly passed: number;
	readonly failed: number;
	readonly skipped: number;
}

/** `file` relative to the current folder when inside it (annotations name files from the repository root). */
const annotationPath = (file: string): string => {
	const rel = relative(process.cwd(), file);
	return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel : file;
};

/** A workflow command's message escaped (`%`, CR, LF), as GitHub reads it. */
const escapeData = (text: string): string => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");

/** A workflow command's property escaped (also `:` and `,`). */
const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");

/** One GitHub annotation: `::error file=F,line=L,col=C,title=T::message`. */
export const githubAnnotation = (
	severity: "error" | "warning",
	at: { readonly file: string; readonly line: number; readonly column: number },
	title: string,
	message: string,
): string =>
	`::${severity} file=${escapeProperty(safe(annotationPath(at.file)))},line=${at.line},col=${at.column},` +
	`title=${escapeProperty(title)}::${escapeData(message)}\n`;

/** The annotations of the failed cases and unusable fixture files, at the case in its file. */
export const githubAnnotations = (reports: readonly CaseReport[]): string =>
	reports
		.filter((report) => report.status === "fail" || report.status === "error")
		.map((report) =>
			githubAnnotation(
				"error",
				report,
				report.status === "error" ? "pi-hook-manager: fixture error" : `pi-hook-manager: ${safe(report.name)}`,
				[...report.differences, ...report.ran.map((hook) => `ran ${hook.command}: ${hook.end}`)].join("\n"),
			),
		)
		.join("");

/** The `--json` document of a run. */
export const testJson = (
	ctx: CliContext,
	reports: readonly CaseReport[],
	counts: TestCounts,
	ranForReal: boolean,
): string => {
	const cases = reports.map((report) => ({
		name: report.name,
		file: report.file,
		...(report.index === undefined ? {} : { index: report.index }),
		line: report.line,
		column: report.column,
		status: report.status,
		...(report.decision === undefined ? {} : { decision: report.decision }),
		differences: report.differences,
		...(report.noHookRan === undefined ? {} : { noHookRan: report.noHookRan }),
		ran: report.ran,
		notes: report.notes,
	}));
	const document = { version: 1, projectDir: ctx.projectDir, ...counts, ranForReal, cases };
	return `${JSON.stringify(document, null, 2)}\n`;
};

/** Text escaped for XML (attributes and text); characters XML 1.0 cannot hold as `\uXXXX`. */
const xml = (text: string): string =>
	text
		.replace(
			/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g,
			(c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
		)
		.replace(/&/g, "&amp;")
		.replace(/</g, "&lt;")
		.replace(/>/g, "&gt;")
		.replace(/"/g, "&quot;");

/** The JUnit XML of a run: one `<testsuite>` per fixture file, one `<testcase>` per case. */
export const junitXml = (_ctx: CliContext, reports: readonly CaseReport[]): string => {
	const byFile = new Map<string, CaseReport[]>();
	for (const report of reports) byFile.set(report.file, [...(byFile.get(report.file) ?? []), report]);
	const count = (list: readonly CaseReport[], ...statuses: string[]): number =>
		list.filter((report) => statuses.includes(report.status)).length;
	const suites = [...byFile].map(([file, list]) => {
		const path = xml(annotationPath(file));
		const cases = list.map((report) => {
			const open =
				`    <testcase name="${xml(report.name)}" classname="${path}" file="${path}" ` +
				`line="${report.line}"`;
			const detail = xml(
				[...report.differences, ...report.ran.map((h) => `ran ${h.command}: ${h.end}`)].join("\n"),
			);
			const first = xml(report.differences[0] ?? "");
			switch (report.status) {
				case "fail": {
					const type = report.noHookRan === undefined ? "mismatch" : "no_hook_ran";
					const failure = `<failure message="${first}" type="${type}">${detail}</failure>`;
					return `${open}>\n      ${failure}\n    </testcase>`;
				}
				case "error":
					return (
						`${open}>\n      <error message="${first}" type="fixture_error">${detail}</error>\n` +
						"    </testcase>"
					);
				case "skip":
					return `${open}>\n      <skipped message="${xml(report.notes[0] ?? "")}"/>\n    </testcase>`;
				default:
					return `${open}/>`;
			}
		});
		return (
			`  <testsuite name="${path}" tests="${list.length}" failures="${count(list, "fail")}" ` +
			`errors="${count(list, "error")}" skipped="${count(list, "skip")}">\n${cases.join("\n")}\n  </testsuite>`
		);
	});
	const all = reports;
	return (
		'<?xml version="1.0" encoding="UTF-8"?>\n' +
		`<testsuites name="pi-hook-manager" tests="${all.length}" failures="${count(all, "fail")}" ` +
		`errors="${count(all, "error")}" skipped="${count(all, "skip")}">\n${suites.join("\n")}\n</testsuites>\n`
	);
};
