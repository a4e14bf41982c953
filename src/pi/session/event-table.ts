/**
 * The one event table: one row per pi event pi-hook-manager listens to, naming the event, how its handler fails
 * (`failSafe`: a throw becomes the row's safe default and one notice; `itself`: the handler guards itself, as
 * PreToolUse fails closed) and the handler over the session's parts. src/index.ts registers the rows in one loop;
 * every handler first makes its context the session's current one (`enter`).
 */
import type {
	BeforeAgentStartEventResult,
	BoundaryResult,
	ContextEventResult,
	ExtensionAPI,
	ExtensionContext,
	ExtensionEvent,
	ExtensionHandler,
	InputEventResult,
	MessageEndEventResult,
	SessionBeforeCompactResult,
	ToolCallEventResult,
	ToolResultEventResult,
	UserBashEventResult,
} from "@earendil-works/pi-coding-agent";
import type { CardLog } from "../cards/card-log.ts";
import { subagentStatusLine } from "../events/subagent-hooks.ts";
import { showNotice } from "../io/notices.ts";
import type { HookManager } from "../manager/hook-manager.ts";
import { SHUTDOWN_FLUSH_MS, type Telemetry } from "../telemetry/telemetry.ts";
import { failSafe } from "./fail-safe.ts";
import { STOPPED_MESSAGE_TYPE } from "./routes.ts";
import type { HookRuntime } from "./runtime-types.ts";

/** The name of a pi event. */
export type PiEventName = ExtensionEvent["type"];

/** pi's event `K`. */
export type PiEventOf<K extends PiEventName> = Extract<ExtensionEvent, { readonly type: K }>;

/** What pi takes back from the handlers of the events that answer (pi's `on` overloads); the others answer none. */
interface PiResults {
	readonly input: InputEventResult;
	readonly before_agent_start: BeforeAgentStartEventResult;
	readonly tool_call: ToolCallEventResult;
	readonly tool_result: ToolResultEventResult;
	readonly turn_end: BoundaryResult;
	readonly agent_before_settle: BoundaryResult;
	readonly session_before_compact: SessionBeforeCompactResult;
	readonly message_end: MessageEndEventResult;
	readonly user_bash: UserBashEventResult;
	readonly context: ContextEventResult;
}

/** What the handler of pi's event `K` may answer. */
export type PiResultOf<K extends PiEventName> = K extends keyof PiResults ? PiResults[K] | undefined : undefined;

/** A handler of pi's event `K`, as pi's `on` takes it. */
export type PiHandler<K extends PiEventName> = ExtensionHandler<PiEventOf<K>, PiResultOf<K>>;

/** One row of the table: the event, how its handler fails, the handler. */
export interface EventRowOf<K extends PiEventName> {
	readonly event: K;
	/** `failSafe`: a throw becomes the row's safe default plus one notice; `itself`: the handler guards itself. */
	readonly guard: "failSafe" | "itself";
	readonly handler: PiHandler<K>;
}

/** A row of the table, for any event. */
export type EventRow = { readonly [K in PiEventName]: EventRowOf<K> }[PiEventName];

/** The session's parts the rows reach. */
export interface EventParts {
	readonly cards: CardLog;
	readonly manager: HookManager;
	readonly runtime: HookRuntime;
	readonly telemetry: Telemetry | undefined;
	readonly pi: Pick<ExtensionAPI, "getAllTools">;
	/** Makes `ctx` the session's current context and returns it. */
	readonly enter: (ctx: ExtensionContext) => ExtensionContext;
}

/** A row whose handler fails open: a throw or rejection becomes `fallback` and one error notice naming `event`. */
const open = <K extends PiEventName>(event: K, fallback: PiResultOf<K>, handler: PiHandler<K>): EventRowOf<K> => ({
	event,
	guard: "failSafe",
	handler: failSafe(event, fallback, handler),
});

/** A row whose handler guards itself (PreToolUse fails closed; a bookkeeping handler never throws). */
const itself = <K extends PiEventName>(event: K, handler: PiHandler<K>): EventRowOf<K> => ({
	event,
	guard: "itself",
	handler,
});

/** The table: one row per pi event the session listens to, in the order pi gets them registered. */
export const eventTable = (parts: EventParts): readonly EventRow[] => {
	const { cards, manager, runtime, telemetry, pi, enter } = parts;
	return [
		open("session_start", undefined, async (event, ctx) => {
			enter(ctx);
			// In this order: the history first (the counts are there when SessionStart hooks run), then the hooks,
			// then the switches of hooks deleted since the last session are forgotten.
			cards.restore(ctx);
			try {
				await runtime.start(event, ctx);
			} finally {
				manager.sessionStart(ctx);
				telemetry?.warm();
			}
			const subagents = subagentStatusLine(
				runtime.hasHooks,
				pi.getAllTools().map((tool) => tool.name),
			);
			if (subagents !== undefined) showNotice(ctx, { level: "info", text: subagents });
		}),
		open("session_tree", undefined, (_event, ctx) => cards.restore(enter(ctx))),
		open("session_shutdown", undefined, async (event, ctx) => {
			try {
				await runtime.shutdown(event, enter(ctx));
			} finally {
				// No footer timer outlives the session, even for a hook that is still running.
				cards.dispose();
				// The last spans (SessionEnd's too) go out now, waited for briefly: a dead collector never holds pi.
				await telemetry?.flush(SHUTDOWN_FLUSH_MS);
			}
		}),
		open("input", { action: "continue" }, (event, ctx) => runtime.input(event, enter(ctx))),
		open("before_agent_start", undefined, (_event, ctx) => runtime.beforeAgentStart(enter(ctx))),
		open("agent_start", undefined, (_event, ctx) => {
			manager.runStarted();
			runtime.agentStart(enter(ctx));
		}),
		itself("tool_call", (event, ctx) => runtime.toolCall(event, enter(ctx))),
		itself("tool_result", (event, ctx) => runtime.toolResult(event, enter(ctx))),
		// Which calls run beside a hook (the held per-run check): a Set each, never throws, no promise.
		itself("tool_execution_start", (event) => runtime.toolExecutionStart(event)),
		itself("tool_execution_end", (event) => runtime.toolExecutionEnd(event)),
		open("turn_end", undefined, (event, ctx) => runtime.turnEnd(event, enter(ctx))),
		open("agent_before_settle", undefined, (event, ctx) => runtime.beforeSettle(event, enter(ctx))),
		open("agent_settled", undefined, async (event, ctx) => {
			const settled = runtime.settled(enter(ctx), event.aborted === true);
			manager.runSettled(ctx);
			await settled;
		}),
		open("session_before_compact", undefined, (event, ctx) => runtime.beforeCompact(event, enter(ctx))),
		open("session_compact", undefined, (event, ctx) => runtime.compact(event, enter(ctx))),
		open("ui_prompt_start", undefined, (event, ctx) => runtime.uiPromptStart(event, enter(ctx))),
		open("ui_prompt_end", undefined, (_event, ctx) => runtime.uiPromptEnd(enter(ctx))),
		open("model_select", undefined, (event, ctx) => runtime.modelSelect(event, enter(ctx))),
		open("message_update", undefined, (event, ctx) => runtime.messageUpdate(event, enter(ctx))),
		open("message_end", undefined, async (event, ctx) => {
			await runtime.messageEnd(event, enter(ctx));
			return undefined;
		}),
		// The note that a hook's `continue: false` stopped the agent is for the user, never the model.
		itself("context", (event) => {
			const messages = event.messages.filter(
				(message) => !(message.role === "custom" && message.customType === STOPPED_MESSAGE_TYPE),
			);
			return messages.length === event.messages.length ? undefined : { messages };
		}),
		// A throw in user_bash would block the user's command: fail open instead.
		open("user_bash", undefined, (event, ctx) => runtime.userBash(event, enter(ctx))),
	];
};

/**
 * pi's `on` as the table's loop calls it. pi types `on` as one overload per event; each row pairs its event with a
 * handler of that event's types, so every call the loop makes is one of those overloads.
 */
export const piOn = (pi: Pick<ExtensionAPI, "on">): ((event: PiEventName, handler: EventRow["handler"]) => void) =>
	pi.on.bind(pi) as unknown as (event: PiEventName, handler: EventRow["handler"]) => void;
