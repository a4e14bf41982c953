/** A test run from the /hooks panel: one hook, its stdin as given, awaited, recorded as a test. */

import { interpretOutcome } from "../decide/interpret.ts";
import { isToolEvent } from "../events/facts.ts";
import { firingRecord } from "../record/firing-record.ts";
import { tell } from "./observe.ts";
import type { HookRun } from "./run-hook.ts";
import type { EngineDeps, TestRunOutcome, TestRunRequest } from "./types.ts";

/** The `tool_name` of a test run's stdin; undefined when it is not JSON with one. */
const testedToolName = (stdin: string): string | undefined => {
	try {
		const value: unknown = JSON.parse(stdin);
		const name = (value as { tool_name?: unknown } | null)?.tool_name;
		return typeof name === "string" ? name : undefined;
	} catch {
		return undefined;
	}
};

/** What a test run needs of its engine. */
export interface TestRunContext {
	readonly hookRun: HookRun;
	/** The clock of records' times, epoch milliseconds. */
	readonly clock: () => number;
	/** The engine's next record number. */
	readonly nextSeq: () => number;
	/** The engine's dependencies (read at each call: `observers.onRecord`, `config`). */
	readonly deps: EngineDeps;
}

/**
 * Runs one hook as a dry run (see `HookEngine.testRun`): the real process, the real environment, the stdin given
 * (a newline added when missing); the record, marked `test`, goes to `observers.onRecord`. Never throws.
 */
export const testRunHook = async (context: TestRunContext, request: TestRunRequest): Promise<TestRunOutcome> => {
	const { entry, session } = request;
	const event = entry.event;
	const time = context.clock();
	const stdin = request.stdin.endsWith("\n") ? request.stdin : `${request.stdin}\n`;
	const env = context.hookRun.environment({ event, session });
	const outcome = await context.hookRun.run(entry, {
		event,
		cwd: session.cwd,
		stdin,
		env,
		config: context.deps.config(),
		signal: request.signal,
	});
	const verdict = interpretOutcome(entry, event, outcome);
	const toolName = isToolEvent(event) ? testedToolName(stdin) : undefined;
	const record = firingRecord({
		seq: context.nextSeq(),
		time,
		event,
		matchQuery: toolName,
		summary: request.summary ?? "",
		stdin,
		verdicts: [verdict],
		notRun: [],
		test: true,
	});
	tell(context.deps.observers.onRecord, record);
	return { verdict, record };
};
