/** The engine's requests, results, injected dependencies and interface. */

import type { HookVerdict } from "../decide/interpret.ts";
import type { SessionInfo } from "../payload/base.ts";
import type { FiringRecord } from "../record/firing-record.ts";
import type { HandlerRunners } from "../run/handler.ts";
import type { HookConfig, HookEntry, HookEventName } from "../types.ts";

/** A test run of one hook: the stdin to send as is, whatever its matcher, `if`, switch or approval say. */
export interface TestRunRequest {
	readonly entry: HookEntry;
	/** The exact stdin text (a sample edited in the panel, or a recorded input replayed). */
	readonly stdin: string;
	readonly session: SessionInfo;
	/** Short form of the input for the firing log. */
	readonly summary?: string;
	readonly signal?: AbortSignal;
}

/** What a test run produced: the hook's verdict and the record the log lists (marked `test`). */
export interface TestRunOutcome {
	readonly verdict: HookVerdict;
	readonly record: FiringRecord;
}

/** What to dispatch. */
export interface DispatchRequest {
	readonly event: HookEventName;
	/** Values the matcher is tested against (Claude Code's, e.g. `["Bash"]`); empty for events without one. */
	readonly matchValues: readonly string[];
	/**
	 * More values only matchers in pi's own settings files are tested against (pi's names: `bash`,
	 * `mcp__my_srv__do_thing`). Claude Code files match Claude Code names only, as in Claude Code.
	 */
	readonly piMatchValues?: readonly string[];
	/** Claude Code tool name and input, for the `if` filter on tool events. */
	readonly tool?: { readonly ccToolName: string; readonly ccInput: Readonly<Record<string, unknown>> };
	/** The stdin JSON object. */
	readonly payload: Readonly<Record<string, unknown>>;
	/**
	 * pi's id of the tool call a tool event is about (typed, as pi gave it): what the trust port's `settle` waits
	 * beside. Undefined for events that are about no one call.
	 */
	readonly toolCallId?: string;
	readonly session: SessionInfo;
	/** Extra environment variables for this event's hooks (e.g. `CLAUDE_ENV_FILE`). */
	readonly extraEnv?: Readonly<Record<string, string>>;
	/** Aborts every hook of this dispatch (pi's `ctx.signal`, Esc). */
	readonly signal?: AbortSignal;
	/** Short form of the input for the firing log. */
	readonly summary?: string;
	/** When set, only hooks with these ids are considered (e.g. SessionStart hooks approved late). */
	readonly only?: ReadonlySet<string>;
	/**
	 * True for the SessionStart of pi's start (whatever its `source`: `pi -c` is a resume), which comes before MCP
	 * servers connect: its `mcp_tool` hooks do not run (Claude Code skips them at launch).
	 */
	readonly atLaunch?: boolean;
}

/** What the no-match path needs of an event: its match values, a summary, and its stdin object when asked. */
export interface NoMatchRequest {
	readonly event: HookEventName;
	readonly matchValues: readonly string[];
	readonly piMatchValues?: readonly string[];
	/** The record's one-line summary of the call; as a function, built only when the call is recorded. */
	readonly summary: string | (() => string);
	/** Builds the stdin object; called only when someone reads the record's stdin. */
	readonly payload: () => Readonly<Record<string, unknown>>;
}

/** The result of a dispatch. */
export interface DispatchResult {
	/** Verdicts of the hooks that ran and were awaited, in finish order. */
	readonly verdicts: readonly HookVerdict[];
	/**
	 * Ids of the background hooks (`async`, `asyncRewake`) it started: they ran, but their verdicts come later
	 * (`onAsyncVerdict`). Empty when none started.
	 */
	readonly background: readonly string[];
	/** The record handed to `onRecord`; undefined when the event has no configured hooks. */
	readonly record: FiringRecord | undefined;
}

/**
 * The user's off switches as the engine reads them (pi's /hooks switches and kill switch; `ALL_ON` when there
 * are none).
 */
export interface EngineSwitches {
	/** False for a hook the user switched off. Never asked for a managed policy hook. */
	readonly isEnabled: (entry: HookEntry) => boolean;
	/** True while the kill switch has all hooks off. */
	readonly allOff: () => boolean;
	/**
	 * A signal that fires when the user switches `entry` off while it runs (its switch or the kill switch): the
	 * run is then stopped as Esc stops it (the process group gets SIGTERM, the verdict is `cancelled`). Undefined
	 * when nothing can switch it off.
	 */
	readonly switchSignal: (entry: HookEntry) => AbortSignal | undefined;
}

/** The per-run trust check of project hooks (`NO_TRUST_CHECK` where every hook counts as approved). */
export interface EngineTrust {
	/**
	 * Asked right before a matched project hook runs: false when a file its approval covers changed since it was
	 * approved. It then does not run (not-run reason `files_changed`; with `onFailure: "block"` it blocks,
	 * trust/files-changed.ts). Never asked for a user's hook or on the no-match path.
	 */
	readonly stillApproved: (entry: HookEntry) => boolean;
	/** Told the hooks the per-run check stopped in one dispatch (to ask the user again). */
	readonly onApprovalLost: (entries: readonly HookEntry[]) => void;
	/**
	 * Asked before the per-run check of a dispatch a project hook matches: a promise when something that could
	 * write a covered file still runs beside it (pi: the other tool calls of the reply), resolved once it ended, so
	 * the check (and the hook) comes after its writes; undefined when nothing does (the usual case, no promise).
	 */
	readonly settle: (request: DispatchRequest) => Promise<void> | undefined;
}

/**
 * Who is told what the engine did (`NO_OBSERVERS` for nobody). Observers only display and log: one that
 * throws does not change the dispatch.
 */
export interface EngineObservers {
	/** Receives one record per dispatched event that has configured hooks (and per test run). */
	readonly onRecord: (record: FiringRecord) => void;
	/** Receives the verdict of an `async` hook when it finishes. */
	readonly onAsyncVerdict: (verdict: HookVerdict, request: DispatchRequest) => void;
	/**
	 * Called when an awaited hook (not an `async` one) has started (a command hook is spawned by then), e.g. for a
	 * "hook running" footer.
	 */
	readonly onRunStart: (entry: HookEntry, request: DispatchRequest) => void;
	/** Called once for every `onRunStart` when that hook has finished, however it ended. */
	readonly onRunEnd: (entry: HookEntry, request: DispatchRequest) => void;
}

/**
 * Tracing of dispatches: pi's OpenTelemetry export when `PI_HOOK_MANAGER_TELEMETRY=1` (src/pi/telemetry/), absent
 * otherwise (a dispatch then pays one check; the no-match path none). Like an observer, one that throws does not
 * change the dispatch.
 */
export interface EngineTracer {
	/** A dispatch starts: the trace of this event (its span begins now). */
	readonly startEvent: (request: DispatchRequest) => EventTrace;
}

/** The trace of one dispatched event, from {@link EngineTracer.startEvent}. */
export interface EventTrace {
	/**
	 * A hook of the event starts running (`background` for an `async` one): the variables its environment gets so
	 * its own spans join the trace (W3C Trace Context: `TRACEPARENT`, maybe `TRACESTATE`).
	 */
	readonly startRun: (entry: HookEntry, background: boolean) => Readonly<Record<string, string>>;
	/** Every awaited hook is done: the event's record (its verdicts are the runs). */
	readonly end: (record: FiringRecord) => void;
	/** A background (`async`) hook of the event finished, maybe long after {@link end}: its verdict. */
	readonly endBackground: (verdict: HookVerdict) => void;
}

/** How much output a hook keeps and how it is killed (`DEFAULT_LIMITS`: 1 MiB, 2000 ms). */
export interface EngineLimits {
	/** Bytes kept of each hook's stdout and stderr. */
	readonly maxOutputBytes: number;
	/** Milliseconds between SIGTERM and SIGKILL. */
	readonly killGraceMs: number;
}

/**
 * Injected dependencies of the engine, all required but the tracer: a port nobody provides gets its default value
 * (`dispatch/defaults.ts`: `UNAVAILABLE_RUNNERS`, `ALL_ON`, `NO_TRUST_CHECK`, `NO_OBSERVERS`, `DEFAULT_LIMITS`).
 */
export interface EngineDeps {
	/** The current merged configuration (cheap to call per event). */
	readonly config: () => HookConfig;
	/** The runner of each handler type; one that is not available here fails its hooks with a clear message. */
	readonly runners: HandlerRunners;
	/**
	 * pi's environment, inherited by hooks. Read when the first hook of a session runs: the hook environment is
	 * built once per session (and project folder), not per event.
	 */
	readonly baseEnv: Readonly<Record<string, string | undefined>>;
	/**
	 * The session's signal: when it fires (session shutdown) every running hook is killed, awaited or background,
	 * so no hook outlives the session. Undefined when there is no session to end.
	 */
	readonly sessionSignal: () => AbortSignal | undefined;
	readonly switches: EngineSwitches;
	readonly trust: EngineTrust;
	readonly observers: EngineObservers;
	/** Traces each dispatched event and its hook runs; undefined = no tracing (the default). */
	readonly tracer?: EngineTracer | undefined;
	/** The clock of records' times, epoch milliseconds (`Date.now` in pi). */
	readonly clock: () => number;
	readonly limits: EngineLimits;
}

/** The engine. */
export interface HookEngine {
	/** Runs the event's matching hooks in parallel and returns their verdicts; never throws. */
	dispatch(request: DispatchRequest): Promise<DispatchResult>;
	/** True when any hook (running or not) is configured for the event; cheap, for fast paths. */
	hasHooks(event: HookEventName): boolean;
	/**
	 * The no-match path: when no hook of the event accepts its match values, records the event (stdin and the
	 * why-not-run trace built when someone reads them) and returns true, so the caller builds nothing; false when a
	 * hook matches (dispatch then). True as well, recording nothing, when the event has no configured hook. Costs a
	 * lookup once the configuration's matchers have seen these values.
	 */
	recordIfNoneMatches(request: NoMatchRequest): boolean;
	/**
	 * Runs one hook now, as a dry run: the real process with the real environment and the given stdin, awaited
	 * even when the hook is `async`. The record (marked `test`) goes to `onRecord`; nothing else is told, so the
	 * session's decisions, cards and counters do not change. Never throws.
	 */
	testRun(request: TestRunRequest): Promise<TestRunOutcome>;
}
