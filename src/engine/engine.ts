/**
 * The hook engine: for one event, match the configured hooks, run the matching ones in parallel (each
 * command once), interpret each outcome, and record why the others did not run. No direct I/O: the
 * configuration, the process runner and the clock are injected.
 */
import { isPolicySource } from "./config/sources.ts";
import { dedupeHandlers } from "./dedupe.ts";
import { eventUsesMatcher, isToolEvent } from "./events.ts";
import { UnmatchedRow } from "./firing-excerpt.ts";
import { runHookHandler } from "./handler-run.ts";
import type { IfContext } from "./if-rule.ts";
import { type HookVerdict, interpretOutcome } from "./interpret.ts";
import { entriesFor, hasConfiguredHooks, matchingEntries } from "./match-index.ts";
import { eventEffort, hookEnvironment, type SessionInfo } from "./payload.ts";
import type {
	AgentRunner,
	HookConfig,
	HookEntry,
	HookEventName,
	HttpRunner,
	McpToolRunner,
	ProcessOutcome,
	ProcessRunner,
	PromptRunner,
	SkipReason,
} from "./types.ts";

/**
 * Why a configured hook did not run for an event: its matcher or `if` did not match, it is switched off, the same
 * handler already ran, everything is off, `once` and it ran already, `mcp_at_launch` (an `mcp_tool` hook on the
 * SessionStart of pi's start, which comes before MCP servers connect: Claude Code skips those), or a
 * {@link SkipReason} of the configuration.
 */
export type NotRunReason =
	| "matcher"
	| "if"
	| "disabled"
	| "duplicate"
	| "all_off"
	| "once"
	| "mcp_at_launch"
	| SkipReason;

/** A configured hook of the event that did not run, and why ("why didn't my hook fire?"). */
export interface NotRunHook {
	readonly entry: HookEntry;
	readonly reason: NotRunReason;
}

/** One event's firing: what ran, what did not, and the stdin that was sent. */
export interface FiringRecord {
	/** Increasing number per engine. */
	readonly seq: number;
	/** Epoch milliseconds when the event fired. */
	readonly time: number;
	readonly event: HookEventName;
	/** The value matchers were tested against (Claude Code tool name for tool events). */
	readonly matchQuery: string | undefined;
	/** A short form of the event's input (e.g. the bash command), for one-line display. */
	readonly summary: string;
	/**
	 * The stdin JSON sent to every hook; of an event no hook matched (an `UnmatchedRow`), the log's masked excerpt
	 * of what a hook would have got.
	 */
	readonly stdin: string;
	/** Hooks that ran, in finish order (async hooks excluded). */
	readonly verdicts: readonly HookVerdict[];
	/**
	 * Hooks of the event that did not run, and why, in configuration order, then its skipped hooks. Built on
	 * first read (the no-match path only matches): a copy of the record must keep the getter, not spread it.
	 */
	readonly notRun: readonly NotRunHook[];
	/** True for a test run from the /hooks panel: it decided nothing in the session. */
	readonly test?: true;
	/**
	 * What the record holds before anyone reads its lazy fields, for estimates that must not build them: the
	 * characters of stdin (for a stdin built on first read, what its closure holds; the tool input itself is pi's)
	 * and the `notRun` objects (those the selection turned down; the matcher's are built when read).
	 */
	readonly sizeHint?: { readonly stdinChars: number; readonly notRunHeld: number };
}

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
	/** The record handed to `onRecord`; undefined when the event has no configured hooks. */
	readonly record: FiringRecord | undefined;
}

/** Injected dependencies of the engine. */
export interface EngineDeps {
	/** The current merged configuration (cheap to call per event). */
	readonly config: () => HookConfig;
	readonly runner: ProcessRunner;
	/** Runs `http` hooks; without it they fail with a clear message. */
	readonly httpRunner?: HttpRunner;
	/** Runs `prompt` hooks (needs pi's model); without it they fail with a clear message. */
	readonly promptRunner?: PromptRunner;
	/** Runs `agent` hooks (a read-only sub-agent on pi's model); without it they fail with a clear message. */
	readonly agentRunner?: AgentRunner;
	/** Calls MCP tools for `mcp_tool` hooks (pi's connected servers); without it they fail with a clear message. */
	readonly mcpToolRunner?: McpToolRunner;
	/**
	 * The session's signal: when it fires (session shutdown) every running hook is killed, awaited or
	 * background, so no hook outlives the session.
	 */
	readonly backgroundSignal?: () => AbortSignal | undefined;
	/**
	 * pi's environment, inherited by hooks. Read when the first hook of a session runs: the hook environment is
	 * built once per session (and project folder), not per event.
	 */
	readonly baseEnv: Readonly<Record<string, string | undefined>>;
	/** False for a hook the user switched off; default: all enabled. */
	readonly isEnabled?: (entry: HookEntry) => boolean;
	/** True while the kill switch has all hooks off. */
	readonly allOff?: () => boolean;
	/**
	 * A signal that fires when the user switches `entry` off while it runs (its switch or the kill switch): the
	 * run is then stopped as Esc stops it (the process group gets SIGTERM, the verdict is `cancelled`).
	 */
	readonly switchSignal?: (entry: HookEntry) => AbortSignal | undefined;
	/** Receives one record per dispatched event that has configured hooks. */
	readonly onRecord?: (record: FiringRecord) => void;
	/** Receives the verdict of an `async` hook when it finishes. */
	readonly onAsyncVerdict?: (verdict: HookVerdict, request: DispatchRequest) => void;
	/**
	 * Called when an awaited hook (not an `async` one) has started (a command hook is spawned by then), e.g. for a
	 * "hook running" footer.
	 */
	readonly onRunStart?: (entry: HookEntry, request: DispatchRequest) => void;
	/** Called once for every `onRunStart` when that hook has finished, however it ended. */
	readonly onRunEnd?: (entry: HookEntry, request: DispatchRequest) => void;
	/** Epoch milliseconds. */
	readonly now?: () => number;
	/** Bytes kept of each hook's stdout and stderr. Default 1 MiB. */
	readonly maxOutputBytes?: number;
	/** Milliseconds between SIGTERM and SIGKILL. Default 2000. */
	readonly killGraceMs?: number;
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
	testRun(request: TestRunRequest): Promise<{ readonly verdict: HookVerdict; readonly record: FiringRecord }>;
}

/** `once: true` counts in skill frontmatter only (Claude Code ignores it in settings and agent files). */
const runsOnce = (entry: HookEntry): boolean => entry.source.scope === "skill" && entry.handler.once === true;

/** Signals {@link combine} made, by their two parts (a fired signal stays fired, so a made one stays right). */
const combined = new WeakMap<AbortSignal, WeakMap<AbortSignal, AbortSignal>>();

/**
 * One signal that fires when either fires; undefined when neither is given. The same two signals give the same
 * signal (each run of a hook would otherwise make one, and `AbortSignal.any` is not cheap).
 */
const combine = (a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal | undefined => {
	if (a === undefined) return b;
	if (b === undefined) return a;
	let byB = combined.get(a);
	if (byB === undefined) {
		byB = new WeakMap();
		combined.set(a, byB);
	}
	let either = byB.get(b);
	if (either === undefined) {
		either = AbortSignal.any([a, b]);
		byB.set(b, either);
	}
	return either;
};

/** Calls an observer callback; an observer that throws must not break the dispatch. */
const observe = (callback: () => void): void => {
	try {
		callback();
	} catch {
		// Observers only display things; the hooks' decisions do not depend on them.
	}
};

/** The entries of the request's event whose matcher accepts it (every entry on events without matchers). */
const matchedEntries = (config: HookConfig, request: TraceRequest): readonly HookEntry[] =>
	eventUsesMatcher(request.event)
		? matchingEntries(config, request.event, request.matchValues, request.piMatchValues)
		: entriesFor(config, request.event);

/** What the "why didn't it fire" trace needs of a request (not its payload). */
type TraceRequest = Pick<DispatchRequest, "event" | "matchValues" | "piMatchValues" | "only">;

/**
 * The "why didn't it fire" trace of one dispatch: every entry of the event in configuration order (those the
 * matcher refused, and those the selection turned down, with its reason), then the skipped hooks of the event.
 */
const whyNotRun = (config: HookConfig, request: TraceRequest, turnedDown: readonly NotRunHook[]): NotRunHook[] => {
	const matched = new Set(matchedEntries(config, request));
	const reasons = new Map(turnedDown.map((hook) => [hook.entry, hook] as const));
	const notRun: NotRunHook[] = [];
	for (const entry of entriesFor(config, request.event)) {
		if (request.only !== undefined && !request.only.has(entry.id)) continue;
		if (!matched.has(entry)) notRun.push({ entry, reason: "matcher" });
		else {
			const hook = reasons.get(entry);
			if (hook !== undefined) notRun.push(hook);
		}
	}
	for (const skipped of config.skipped) {
		if (skipped.entry.event === request.event) notRun.push({ entry: skipped.entry, reason: skipped.reason });
	}
	return notRun;
};

const NO_HOOKS: readonly NotRunHook[] = [];

/** What a record's closure holds of a stdin built on first read, in characters (for the log's byte estimate). */
const LAZY_STDIN_CHARS = 512;

/**
 * A firing record whose `notRun` is built on first read, and its stdin too when given as a function. Made here,
 * outside the dispatch, so the getters hold only the configuration, the request's match fields, the turned-down
 * hooks and the stdin source, never raw outputs. The getters do not use `this`: a copy may reuse them as they are.
 */
const recordWithTrace = (
	fields: Omit<FiringRecord, "notRun" | "stdin" | "sizeHint">,
	stdin: string | (() => string),
	config: HookConfig,
	request: TraceRequest,
	turnedDown: readonly NotRunHook[],
): FiringRecord => {
	const asked: TraceRequest = {
		event: request.event,
		matchValues: request.matchValues,
		piMatchValues: request.piMatchValues,
		only: request.only,
	};
	let trace: readonly NotRunHook[] | undefined;
	let text = typeof stdin === "string" ? stdin : undefined;
	return {
		...fields,
		get stdin() {
			text ??= (stdin as () => string)();
			return text;
		},
		get notRun() {
			trace ??= whyNotRun(config, asked, turnedDown);
			return trace;
		},
		sizeHint: {
			stdinChars: typeof stdin === "string" ? stdin.length : LAZY_STDIN_CHARS,
			notRunHeld: turnedDown.length,
		},
	};
};

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

/** Creates an engine over injected dependencies. */
export const createEngine = (deps: EngineDeps): HookEngine => {
	const now = deps.now ?? Date.now;
	const options = { maxOutputBytes: deps.maxOutputBytes ?? 1024 * 1024, killGraceMs: deps.killGraceMs ?? 2000 };
	let seq = 0;
	let sessionEnv: { readonly key: string; readonly env: Readonly<Record<string, string>> } | undefined;
	/** The hooks' environment, built once per session; an event's `extraEnv` makes a copy for that event. */
	const environment = (request: DispatchRequest): Readonly<Record<string, string>> => {
		if (request.extraEnv !== undefined)
			return hookEnvironment(deps.baseEnv, request.session, request.extraEnv, request.event);
		const { sessionId, projectDir, cwd } = request.session;
		// CLAUDE_EFFORT differs by event (tool events and Stop) and follows pi's thinking level.
		const key = `${sessionId}\0${projectDir}\0${cwd}\0${eventEffort(request.session, request.event) ?? ""}`;
		if (sessionEnv?.key !== key)
			sessionEnv = { key, env: hookEnvironment(deps.baseEnv, request.session, {}, request.event) };
		return sessionEnv.env;
	};
	/** Ids of `once` hooks that ran this session. */
	const spent = new Set<string>();

	const runners = {
		runner: deps.runner,
		httpRunner: deps.httpRunner,
		promptRunner: deps.promptRunner,
		agentRunner: deps.agentRunner,
		mcpToolRunner: deps.mcpToolRunner,
	};
	const runHandler = (
		entry: HookEntry,
		request: DispatchRequest,
		stdin: string,
		env: Readonly<Record<string, string>>,
		config: HookConfig,
		signal: AbortSignal | undefined,
	): Promise<ProcessOutcome> =>
		runHookHandler(
			entry,
			{ event: request.event, cwd: request.session.cwd, stdin, env, config, signal },
			runners,
			options,
		);

	const select = (config: HookConfig, request: DispatchRequest) => {
		const toRun: HookEntry[] = [];
		const notRun: NotRunHook[] = [];
		const candidates: HookEntry[] = [];
		const { cwd, projectDir, home } = request.session;
		const ifContext: IfContext = { cwd, projectDir, home };
		const killSwitch = deps.allOff?.() ?? false;
		// Claude Code: only managed policy's disableAllHooks switches managed hooks off.
		const isOff = (entry: HookEntry): boolean =>
			isPolicySource(entry.source)
				? config.disableAllHooks && config.disableAllHooksManaged === true
				: config.disableAllHooks || killSwitch;
		// Only the entries whose matcher accepts the event are looked at; the others are named lazily (whyNotRun).
		for (const entry of matchedEntries(config, request)) {
			if (request.only !== undefined && !request.only.has(entry.id)) continue;
			if (entry.handler.type === "mcp_tool" && request.event === "SessionStart" && request.atLaunch === true) {
				notRun.push({ entry, reason: "mcp_at_launch" });
				continue;
			}
			if (entry.ifRule !== undefined) {
				// Claude Code: on non-tool events a hook with `if` never runs.
				const tool = request.tool;
				if (
					!isToolEvent(request.event) ||
					tool === undefined ||
					!entry.ifRule.test(tool.ccToolName, tool.ccInput, ifContext)
				) {
					notRun.push({ entry, reason: "if" });
					continue;
				}
			}
			if (isOff(entry)) {
				notRun.push({ entry, reason: "all_off" });
				continue;
			}
			if (deps.isEnabled !== undefined && !isPolicySource(entry.source) && !deps.isEnabled(entry)) {
				notRun.push({ entry, reason: "disabled" });
				continue;
			}
			if (runsOnce(entry) && spent.has(entry.id)) {
				notRun.push({ entry, reason: "once" });
				continue;
			}
			candidates.push(entry);
		}
		// Claude Code runs one copy of a handler; a user's copy always wins over a project's (dedupe.ts).
		const { run, duplicates } = dedupeHandlers(candidates);
		for (const entry of run) {
			if (runsOnce(entry)) spent.add(entry.id);
			toRun.push(entry);
		}
		for (const entry of duplicates) notRun.push({ entry, reason: "duplicate" });
		return { toRun, notRun };
	};

	return {
		async testRun(request) {
			const { entry, session } = request;
			const event = entry.event;
			const time = now();
			const stdin = request.stdin.endsWith("\n") ? request.stdin : `${request.stdin}\n`;
			const env = environment({ event, matchValues: [], payload: {}, session });
			const outcome = await runHookHandler(
				entry,
				{ event, cwd: session.cwd, stdin, env, config: deps.config(), signal: request.signal },
				runners,
				options,
			);
			const verdict = interpretOutcome(entry, event, outcome);
			const toolName = isToolEvent(event) ? testedToolName(stdin) : undefined;
			const record: FiringRecord = {
				seq: ++seq,
				time,
				event,
				matchQuery: toolName,
				summary: request.summary ?? "",
				stdin,
				verdicts: [verdict],
				notRun: [],
				test: true,
			};
			observe(() => deps.onRecord?.(record));
			return { verdict, record };
		},
		hasHooks(event) {
			return hasConfiguredHooks(deps.config(), event);
		},
		recordIfNoneMatches(request) {
			const config = deps.config();
			if (!hasConfiguredHooks(config, request.event)) return true;
			if (matchedEntries(config, request).length > 0) return false;
			const payload = request.payload;
			const asked: TraceRequest = {
				event: request.event,
				matchValues: request.matchValues,
				piMatchValues: request.piMatchValues,
			};
			const record = new UnmatchedRow(
				{
					seq: ++seq,
					time: now(),
					event: request.event,
					matchQuery: request.matchValues[0],
					summary: typeof request.summary === "string" ? request.summary : request.summary(),
				},
				() => `${JSON.stringify(payload())}\n`,
				() => whyNotRun(config, asked, NO_HOOKS),
			);
			deps.onRecord?.(record);
			return true;
		},
		async dispatch(request) {
			const config = deps.config();
			if (!hasConfiguredHooks(config, request.event)) return { verdicts: [], record: undefined };
			const time = now();
			const { toRun, notRun } = select(config, request);
			const stdin = `${JSON.stringify(request.payload)}\n`;
			const env = toRun.length === 0 ? {} : environment(request);
			const verdicts: HookVerdict[] = [];
			const runOne = async (entry: HookEntry, signal: AbortSignal | undefined): Promise<HookVerdict> => {
				const outcome = await runHandler(entry, request, stdin, env, config, signal);
				return interpretOutcome(entry, request.event, outcome);
			};
			const runAwaited = async (entry: HookEntry): Promise<void> => {
				const signal = combine(combine(request.signal, deps.backgroundSignal?.()), deps.switchSignal?.(entry));
				// Started first, so a command hook is spawned before the observers (footer) do their part.
				const running = runOne(entry, signal);
				observe(() => deps.onRunStart?.(entry, request));
				try {
					verdicts.push(await running);
				} finally {
					observe(() => deps.onRunEnd?.(entry, request));
				}
			};
			const awaited: Promise<void>[] = [];
			for (const entry of toRun) {
				const handler = entry.handler;
				if (handler.type === "command" && (handler.async || handler.asyncRewake)) {
					// Background hooks never hold up the event; their result arrives later (as in Claude Code).
					// The callback may run after the session ended: a throw there must not go unhandled.
					void runOne(entry, combine(deps.backgroundSignal?.(), deps.switchSignal?.(entry))).then((verdict) =>
						observe(() => deps.onAsyncVerdict?.(verdict, request)),
					);
					continue;
				}
				awaited.push(runAwaited(entry));
			}
			await Promise.all(awaited);
			const matchQuery = request.tool?.ccToolName ?? request.matchValues[0];
			const record = recordWithTrace(
				{ seq: ++seq, time, event: request.event, matchQuery, summary: request.summary ?? "", verdicts },
				stdin,
				config,
				request,
				notRun,
			);
			deps.onRecord?.(record);
			return { verdicts, record };
		},
	};
};
