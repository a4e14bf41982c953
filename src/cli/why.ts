/**
 * `pi-hook-manager why FIXTURE [--json]`: the why-not-run trace of the fixture's event (trace.ts), one line per
 * configured hook of that event in configuration order: `ran` with what it did, `not run` with the engine's reason
 * (matcher, `if`, switched off, the same command already ran, skipped by the configuration, waiting for approval),
 * `skipped` for the hooks that cannot run here (a prompt or agent hook without pi's model, an mcp_tool hook) with
 * their reason code; then what lint rejected where a hook of the event would have been (`rejected`, `unparsable`
 * with `file:line:column`). The hooks that match run for real, as in `test`, with their side effects. Exit 1 when
 * a settings file cannot be read or does not parse.
 */

import { UsageError } from "./args.ts";
import type { CliContext } from "./context.ts";
import type { FixtureFile } from "./fixture.ts";
import { readFixtureFile } from "./fixture-files.ts";
import { columns, safe } from "./format.ts";
import { hasUnparsable } from "./rejected.ts";
import { runFixture } from "./run-fixture.ts";
import { noRunCodes, rowCells, traceRows } from "./trace.ts";

/** The fixture file `operand` of `why`, read. Throws {@link UsageError} when it is missing or broken. */
export const whyFixture = (ctx: CliContext, operand: string): Extract<FixtureFile, { ok: true }> => {
	const read = readFixtureFile(operand, ctx.projectDir, ctx.home);
	if (!read.ok) throw new UsageError(`${operand}: ${read.message}`);
	return read;
};

/** The line `why` ends with when a hook ran: they ran for real (see docs/cli.md, "Hooks run for real"). */
export const RAN_FOR_REAL =
	"the hooks marked ran ran for real, with their side effects (a formatter hook would rewrite the file it formats)";

/** Runs `why` for the fixture file `operand`; resolves with the output and exit code (1: a settings file is bad). */
export const whyCommand = async (
	ctx: CliContext,
	operand: string,
	json = false,
): Promise<{ stdout: string; code: number }> => {
	const read = whyFixture(ctx, operand);
	const code = hasUnparsable(ctx) ? 1 : 0;
	const parts: string[] = [];
	const cases: unknown[] = [];
	let ranAny = false;
	for (const fixture of read.fixtures) {
		const run = await runFixture(ctx, fixture, true);
		const rows = traceRows(ctx, run);
		ranAny ||= run.verdicts.length > 0;
		const codes = run.verdicts.length === 0 && run.needPi.length === 0 ? noRunCodes(ctx, run, rows) : [];
		cases.push({
			name: fixture.name,
			event: fixture.event,
			...(run.matchValue === undefined ? {} : { matchValue: run.matchValue }),
			...(codes.length === 0 ? {} : { noHookRan: codes }),
			hooks: rows.map(({ entry, ...row }) => ({ ...row, ...(entry === undefined ? {} : { id: entry.id }) })),
		});
		const tool = typeof fixture.input.tool_name === "string" ? ` ${safe(fixture.input.tool_name)}` : "";
		parts.push(`${safe(fixture.name)}: ${fixture.event}${tool}`);
		if (rows.length === 0) parts.push(`  no hook is configured for ${fixture.event}`);
		else parts.push(...columns(rows.map((row) => rowCells(ctx, row))));
		if (codes.length > 0) parts.push(`  no hook ran: ${codes.join(", ")}`);
	}
	if (json) {
		const document = { version: 1, file: read.file, ranForReal: ranAny, cases };
		return { stdout: `${JSON.stringify(document, null, 2)}\n`, code };
	}
	if (ranAny) parts.push(`note: ${RAN_FOR_REAL}`);
	return { stdout: `${parts.join("\n")}\n`, code };
};
