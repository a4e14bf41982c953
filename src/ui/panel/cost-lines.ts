/**
 * The /hooks cost view's lines: one table of hooks and one of hook events from a {@link CostReport}, each row
 * with fires per day, median and 95th-percentile time, the share of the agent's run time and its marks (near
 * its timeout, over the budget), the costliest first. Pure: the report and the theme in, lines of `width` out.
 */
import { type CostReport, type CostRow, NEAR_TIMEOUT } from "../../engine/record/cost.ts";
import type { PanelTheme } from "../theme.ts";
import { fit, fitRight, formatDuration, hookLabel } from "./format.ts";

/** The figures' columns, right-aligned: fires per day, p50, p95, share of the run. */
const COLUMNS = [
	["fires/day", 10],
	["p50", 8],
	["p95", 8],
	["of run", 7],
] as const;

/** Width of the marks column (`timeout! budget!`). */
const MARKS = 17;

/** `12`, `3.5`, `0.25`: a rate with the digits it needs. */
const rate = (perDay: number): string =>
	perDay >= 10 ? String(Math.round(perDay)) : perDay >= 1 ? perDay.toFixed(1) : perDay.toFixed(2);

/** `4%`, `<1%`, `-` (no run recorded). */
const share = (value: number | undefined): string => {
	if (value === undefined) return "-";
	if (value > 0 && value < 0.01) return "<1%";
	return `${Math.round(value * 100)}%`;
};

/** The marks of a row: `timeout!` near its timeout, `budget!` over the budget (the view's second line says so). */
const marks = (row: CostRow): string[] => [
	...(row.nearTimeout ? ["timeout!"] : []),
	...(row.overBudget ? ["budget!"] : []),
];

const figures = (row: CostRow): string =>
	[rate(row.firesPerDay), formatDuration(row.p50Ms), formatDuration(row.p95Ms), share(row.runShare)]
		.map((text, index) => fitRight(text, COLUMNS[index]?.[1] ?? 8))
		.join("");

const figuresWidth = COLUMNS.reduce((sum, [, width]) => sum + width, 0);

/** One table: a header and a row per hook or hook event. */
const table = (theme: PanelTheme, title: string, rows: readonly CostRow[], width: number): string[] => {
	const nameWidth = Math.max(10, width - figuresWidth - MARKS - 2);
	const header =
		fit(title, nameWidth) +
		COLUMNS.map(([label, columnWidth]) => fitRight(label, columnWidth)).join("") +
		"  " +
		fit("", MARKS);
	const lines = [theme.bold(fit(header, width))];
	if (rows.length === 0) lines.push(theme.fg("dim", fit("  nothing ran yet", width)));
	for (const row of rows) {
		// The hook's script name first (it is what the user knows it by), then its event.
		const name = row.entry === undefined ? row.event : `${hookLabel(row.entry)} · ${row.event}`;
		const said = marks(row);
		const line = fit(`${fit(name, nameWidth)}${figures(row)}  ${fit(said.join(" "), MARKS)}`, width);
		lines.push(said.length === 0 ? line : theme.fg(row.nearTimeout ? "error" : "warning", line));
	}
	return lines;
};

/**
 * The cost view's lines for `report` at `width` columns, with the budget (ms) it was measured against. Rows
 * near their timeout are drawn as errors, rows over the budget as warnings.
 */
export const costLines = (theme: PanelTheme, report: CostReport, budgetMs: number, width: number): string[] => {
	const days = report.days < 1.5 ? "the last day" : `${Math.round(report.days)} days`;
	const runs =
		report.runs === 0
			? "no agent run recorded yet (share of run: -)"
			: `${report.runs} agent run(s), ${formatDuration(report.runMs)} in all`;
	return [
		fit(`Across sessions, over ${days}: ${runs}.`, width),
		fit(
			`Budget ${formatDuration(budgetMs)} per run: budget! = 95th percentile over it, timeout! = ` +
				`within ${Math.round((1 - NEAR_TIMEOUT) * 100)}% of its timeout.`,
			width,
		),
		"",
		...table(theme, "hook", report.hooks, width),
		"",
		...table(theme, "hook event", report.events, width),
	];
};
