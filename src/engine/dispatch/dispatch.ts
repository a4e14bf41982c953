/**
 * The hook engine: for one event, match the configured hooks, select those that run (`select.ts`), run them in
 * parallel (each command once), interpret each outcome, and record why the others did not run (`trace.ts`). No
 * direct I/O: the configuration, the runners, the switches, the observers and the clock are injected (`types.ts`).
 */
import { type HookVerdict, interpretOutcome } from "../decide/interpret.ts";
import { hasConfiguredHooks } from "../match/index-by-event.ts";
import { filesChangedVerdicts, UNSEEN_BLOCK_MESSAGE } from "../trust/files-changed.ts";
import type { HookEntry } from "../types.ts";
import { recordIfNoneMatches } from "./no-match.ts";
import { observe, tell } from "./observe.ts";
import { createHookRun } from "./run-hook.ts";
import { selectHooks } from "./select.ts";
import { combine } from "./signals.ts";
import { testRunHook } from "./test-run.ts";
import { matchedEntries, recordWithTrace } from "./trace.ts";
import type { DispatchRequest, EngineDeps, EngineTracer, EventTrace, HookEngine } from "./types.ts";

/** The event's trace, or undefined when the tracer throws (tracing only watches: the dispatch goes on). */
const startTrace = (tracer: EngineTracer, request: DispatchRequest): EventTrace | undefined => {
	try {
		return tracer.startEvent(request);
	} catch {
		return undefined;
	}
};

/** The trace variables of one run's environment; none when the trace throws. */
const traceEnv = (trace: EventTrace, entry: HookEntry, background: boolean): Readonly<Record<string, string>> => {
	try {
		return trace.startRun(entry, background);
	} catch {
		return {};
	}
};

/** The trust port's wait before the per-run check; a throw or rejection counts as nothing to wait for. */
const settle = (deps: EngineDeps, request: DispatchRequest): Promise<void> | undefined => {
	try {
		return deps.trust.settle(request)?.catch(() => undefined);
	} catch {
		return undefined;
	}
};

/** Creates an engine over injected dependencies. */
export const createEngine = (deps: EngineDeps): HookEngine => {
	let seq = 0;
	const nextSeq = (): number => ++seq;
	const hookRun = createHookRun(deps);
	/** Ids of `once` hooks that ran this session. */
	const spent = new Set<string>();
	const context = { deps, clock: deps.clock, nextSeq, hookRun };

	return {
		testRun: (request) => testRunHook(context, request),
		hasHooks(event) {
			return hasConfiguredHooks(deps.config(), event);
		},
		recordIfNoneMatches(request) {
			return recordIfNoneMatches(context, deps.config(), request);
		},
		async dispatch(request) {
			const config = deps.config();
			if (!hasConfiguredHooks(config, request.event)) return { verdicts: [], background: [], record: undefined };
			// A project hook may read a covered file late: what runs beside it ends first, then the per-run check.
			// The configuration stays the event's: a hook whose files changed meanwhile is stopped (and asked about)
			// by the check, not dropped by a merge without a word.
			if (matchedEntries(config, request).some((entry) => entry.source.project)) {
				const settling = settle(deps, request);
				if (settling !== undefined) await settling;
			}
			const time = deps.clock();
			const { toRun, notRun } = selectHooks(config, request, deps, spent);
			const stdin = `${JSON.stringify(request.payload)}\n`;
			const env = toRun.length === 0 ? {} : hookRun.environment(request);
			const trace = deps.tracer === undefined ? undefined : startTrace(deps.tracer, request);
			const verdicts: HookVerdict[] = [];
			const lost = notRun.filter((hook) => hook.reason === "files_changed").map((hook) => hook.entry);
			if (lost.length > 0) {
				verdicts.push(...filesChangedVerdicts(lost, request.event));
				observe(() => deps.trust.onApprovalLost(lost));
			}
			if (config.heldUnseen !== undefined) {
				const held = notRun.filter((hook) => hook.reason === "unseen").map((hook) => hook.entry);
				verdicts.push(...filesChangedVerdicts(held, request.event, UNSEEN_BLOCK_MESSAGE));
			}
			const runOne = async (
				entry: HookEntry,
				signal: AbortSignal | undefined,
				background = false,
			): Promise<HookVerdict> => {
				const outcome = await hookRun.run(entry, {
					event: request.event,
					cwd: request.session.cwd,
					stdin,
					env: trace === undefined ? env : { ...env, ...traceEnv(trace, entry, background) },
					config,
					signal,
				});
				return interpretOutcome(entry, request.event, outcome);
			};
			const runAwaited = async (entry: HookEntry): Promise<void> => {
				const signal = combine(
					combine(request.signal, deps.sessionSignal()),
					deps.switches.switchSignal(entry),
				);
				// Started first, so a command hook is spawned before the observers (footer) do their part.
				const running = runOne(entry, signal);
				observe(() => deps.observers.onRunStart(entry, request));
				try {
					verdicts.push(await running);
				} finally {
					observe(() => deps.observers.onRunEnd(entry, request));
				}
			};
			const awaited: Promise<void>[] = [];
			const background: string[] = [];
			for (const entry of toRun) {
				const handler = entry.handler;
				if (handler.type === "command" && (handler.async || handler.asyncRewake)) {
					// Background hooks never hold up the event; their result arrives later (as in Claude Code).
					// The callback may run after the session ended: a throw there must not go unhandled.
					void runOne(entry, combine(deps.sessionSignal(), deps.switches.switchSignal(entry)), true).then(
						(verdict) => {
							observe(() => deps.observers.onAsyncVerdict(verdict, request));
							if (trace !== undefined) tell(trace.endBackground, verdict);
						},
					);
					background.push(entry.id);
					continue;
				}
				awaited.push(runAwaited(entry));
			}
			await Promise.all(awaited);
			const matchQuery = request.tool?.ccToolName ?? request.matchValues[0];
			const record = recordWithTrace(
				{ seq: nextSeq(), time, event: request.event, matchQuery, summary: request.summary ?? "", verdicts },
				stdin,
				config,
				request,
				notRun,
			);
			tell(deps.observers.onRecord, record);
			if (trace !== undefined) tell(trace.end, record);
			return { verdicts, background, record };
		},
	};
};
