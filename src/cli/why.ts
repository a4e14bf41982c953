/**
 * `pi-hook-manager why FIXTURE`: the why-not-run trace of the fixture's event, one line per configured hook of
 * that event in configuration order: `ran` with what it would do, `not run` with the engine's reason (matcher,
 * `if`, switched off, the same command already ran, skipped by the configuration, waiting for approval), and the
 * hooks that cannot run here (a prompt or agent hook without pi's model, an mcp_tool hook) with their reason code.
 * The hooks that match run for real, as in `test` (a dry run), prompt and agent hooks on pi's model.
 */

import { wouldEffects, wouldLine } from "../engine/dry-run/would.ts";
import { wouldNotRun, wouldNotRunText } from "../engine/dry-run/would-run.ts";
import { notRunSentence } from "../engine/record/not-run-text.ts";
import type { HookEntry } from "../engine/types.ts";
import { UsageError } from "./args.ts";
import type { CliContext } from "./context.ts";
import type { FixtureFile } from "./fixture.ts";
import { readFixtureFile } from "./fixture-files.ts";
import { columns, hookTarget, matcherText, oneLine, safe, shownPath } from "./format.ts";
import { createLocator } from "./locate.ts";
import { type FixtureRun, filesChangedText, piSkipText, runFixture } from "./run-fixture.ts";

/** One hook's line of the trace: its verdict word and why. */
interface TraceRow {
	readonly entry: HookEntry;
	readonly verdict: "ran" | "not run" | "skipped";
	readonly why: string;
}

/** The rows of one run's trace, in configuration order. */
export const traceRows = (ctx: CliContext, run: FixtureRun): TraceRow[] => {
	const rows = new Map<HookEntry, TraceRow>();
	const query = typeof run.fixture.input.tool_name === "string" ? run.fixture.input.tool_name : undefined;
	for (const verdict of run.verdicts) {
		const would = wouldEffects(verdict, query).map(wouldLine).join("; ");
		rows.set(verdict.entry, { entry: verdict.entry, verdict: "ran", why: oneLine(would) });
	}
	for (const hook of run.notRun) {
		const skipped = ctx.config.skipped.some((s) => s.entry === hook.entry);
		rows.set(hook.entry, {
			entry: hook.entry,
			verdict: skipped ? "skipped" : "not run",
			why:
				hook.reason === "unapproved"
					? "a project hook not approved in pi: it runs only with --approve-project-hooks"
					: hook.reason === "files_changed"
						? filesChangedText(ctx, hook.entry)
						: notRunSentence(hook, query),
		});
	}
	for (const { entry, skip } of run.needPi)
		rows.set(entry, { entry, verdict: "skipped", why: `it matches, but ${skip.reason}: ${piSkipText(skip)}` });
	for (const entry of run.idleNeedPi) {
		const reason = wouldNotRun(entry, run.stdin, {
			allOff: ctx.config.disableAllHooks,
			enabled: ctx.isEnabled(entry),
			cwd: ctx.session.cwd,
			projectDir: ctx.projectDir,
			home: ctx.home,
		});
		rows.set(entry, {
			entry,
			verdict: "not run",
			why: reason === undefined ? "its matcher does not match this input" : wouldNotRunText(entry, reason),
		});
	}
	const order = [...ctx.config.entries, ...ctx.config.skipped.map((skipped) => skipped.entry)];
	return order.flatMap((entry) => {
		const row = rows.get(entry);
		return row === undefined ? [] : [row];
	});
};

/** The fixture file `operand` of `why`, read. Throws {@link UsageError} when it is missing or broken. */
export const whyFixture = (ctx: CliContext, operand: string): Extract<FixtureFile, { ok: true }> => {
	const read = readFixtureFile(operand, ctx.projectDir, ctx.home);
	if (!read.ok) throw new UsageError(`${operand}: ${read.message}`);
	return read;
};

/** Runs `why` for the fixture file `operand`; resolves with the output and exit code. */
export const whyCommand = async (ctx: CliContext, operand: string): Promise<{ stdout: string; code: number }> => {
	const read = whyFixture(ctx, operand);
	const from = process.cwd();
	const locator = createLocator();
	const parts: string[] = [];
	for (const fixture of read.fixtures) {
		const run = await runFixture(ctx, fixture, true);
		const rows = traceRows(ctx, run);
		const tool = typeof fixture.input.tool_name === "string" ? ` ${safe(fixture.input.tool_name)}` : "";
		parts.push(`${safe(fixture.name)}: ${fixture.event}${tool}`);
		if (rows.length === 0) {
			parts.push(`  no hook is configured for ${fixture.event}`);
			continue;
		}
		parts.push(
			...columns(
				rows.map((row) => {
					const position = locator.position(row.entry.source.file, row.entry.jsonPath);
					const file = shownPath(row.entry.source.file, from, ctx.home);
					const place = `${file}:${position.line}:${position.column}`;
					return [`  ${row.verdict}`, matcherText(row.entry), hookTarget(row.entry), place, safe(row.why)];
				}),
			),
		);
	}
	return { stdout: `${parts.join("\n")}\n`, code: 0 };
};
