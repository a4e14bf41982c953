/**
 * The hook editor's values: validated before saving (known event, matcher regex compiles, `if` is a rule,
 * command not empty, timeout a positive number) with one message per field, and turned into the handler
 * JSON that is written (keeping every field of the old handler the editor does not show). Pure.
 */
import type { HookDraft } from "../../engine/config/edit.ts";
import { eventUsesMatcher, isFiredInPi, isHookEventName, isToolEvent } from "../../engine/events/facts.ts";
import { onFailureApplies } from "../../engine/events/on-failure.ts";
import { compileIfRule, piToolNameInRule, piToolNameProblem } from "../../engine/match/if-rule.ts";
import { compileMatcher } from "../../engine/match/matcher.ts";
import type { HookEntry, HookSource, SourceScope } from "../../engine/types.ts";

/** What the editor edits; every value as typed. */
export interface EditorValues {
	readonly event: string;
	readonly matcher: string;
	readonly if: string;
	readonly command: string;
	/** Seconds as typed; `""` = the event's default. */
	readonly timeout: string;
	readonly statusMessage: string;
	/** `block`: a failure of the hook blocks like exit 2 (Claude Code's `onFailure`); `continue` = fail open. */
	readonly onFailure: "continue" | "block";
	/** The settings file the hook lives in. */
	readonly scope: SourceScope;
}

/** A field of the editor. */
export type EditorField = keyof EditorValues;

/** A problem with one field: an `error` blocks saving, a `warning` only informs. */
export interface FieldProblem {
	readonly field: EditorField;
	readonly level: "error" | "warning";
	readonly message: string;
}

/** Values for a new hook: a PreToolUse hook on Bash in the Claude project file. */
export const newHookValues = (scope: SourceScope = "claude-project"): EditorValues => ({
	event: "PreToolUse",
	matcher: "Bash",
	if: "",
	command: "",
	timeout: "",
	statusMessage: "",
	onFailure: "continue",
	scope,
});

/** The values of an existing command hook. */
export const entryValues = (entry: HookEntry): EditorValues => {
	const handler = entry.handler;
	return {
		event: entry.event,
		matcher: entry.matcher.source ?? "",
		if: handler.if ?? "",
		command: handler.type === "command" ? handler.command : "",
		timeout: handler.timeout === undefined ? "" : String(handler.timeout),
		statusMessage: handler.statusMessage ?? "",
		onFailure: handler.onFailure === "block" ? "block" : "continue",
		scope: entry.source.scope,
	};
};

/** Checks the values; `sources` tells which files are project files, `trusted` whether they run. */
export const validateValues = (
	values: EditorValues,
	context: { readonly trusted: boolean; readonly sources: readonly HookSource[] },
): FieldProblem[] => {
	const problems: FieldProblem[] = [];
	const error = (field: EditorField, message: string): void => void problems.push({ field, level: "error", message });
	const warn = (field: EditorField, message: string): void =>
		void problems.push({ field, level: "warning", message });
	const event = values.event;
	if (!isHookEventName(event)) error("event", `unknown event "${event}"; choose one from the list`);
	else if (!isFiredInPi(event)) warn("event", `pi never fires ${event}: this hook does not run in pi`);
	const matcher = compileMatcher(values.matcher === "" ? undefined : values.matcher);
	if (!matcher.ok) error("matcher", matcher.message);
	else if (isHookEventName(event) && !eventUsesMatcher(event) && values.matcher !== "" && values.matcher !== "*") {
		warn("matcher", `${event} ignores matchers: the hook fires on every ${event}`);
	}
	if (values.if.trim() !== "") {
		const piFile = values.scope === "pi-global" || values.scope === "pi-project";
		const rule = compileIfRule(values.if, { piToolNames: piFile });
		const piName = piToolNameInRule(values.if, { piToolNames: piFile });
		if (!rule.ok) error("if", rule.message);
		else if (piName !== undefined) warn("if", piToolNameProblem(piName));
		else if (isHookEventName(event) && !isToolEvent(event))
			error("if", `"if" works only on tool events; on ${event} a hook with "if" never runs`);
	}
	if (values.command.trim() === "") error("command", "the command must not be empty");
	if (values.timeout.trim() !== "") {
		const seconds = Number(values.timeout);
		if (!Number.isFinite(seconds) || seconds <= 0)
			error("timeout", `the timeout must be a positive number of seconds, got "${values.timeout}"`);
	}
	if (values.onFailure === "block" && isHookEventName(event) && !onFailureApplies(event))
		warn("onFailure", `${event} ignores onFailure (as in Claude Code): a failing hook never blocks it`);
	const source = context.sources.find((candidate) => candidate.scope === values.scope);
	if (source === undefined) error("scope", "choose one of the five settings files");
	else if (source.project && !context.trusted)
		warn("scope", "this project is not trusted: hooks in its files run only after you trust it");
	return problems;
};

/**
 * The handler JSON to write: the old handler's fields in their order (so `args`, `async` and unknown keys
 * survive an edit) with the edited fields set, and the emptied optional ones removed.
 */
export const handlerFromValues = (
	values: EditorValues,
	old: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> => {
	const handler: Record<string, unknown> = { ...(old ?? { type: "command" }) };
	handler.type = "command";
	handler.command = values.command;
	const optional: [string, unknown][] = [
		["if", values.if.trim() === "" ? undefined : values.if],
		["timeout", values.timeout.trim() === "" ? undefined : Number(values.timeout)],
		["statusMessage", values.statusMessage === "" ? undefined : values.statusMessage],
		// `continue` is the default: written only when the old handler spelled it out.
		["onFailure", values.onFailure === "block" || old?.onFailure === "continue" ? values.onFailure : undefined],
	];
	for (const [key, value] of optional) {
		if (value === undefined) delete handler[key];
		else handler[key] = value;
	}
	return handler;
};

/** The draft to save; call only when {@link validateValues} found no error. */
export const draftFromValues = (
	values: EditorValues,
	old: Readonly<Record<string, unknown>> | undefined,
): HookDraft => {
	if (!isHookEventName(values.event)) throw new Error(`draftFromValues: unknown event ${values.event}`);
	return { event: values.event, matcher: values.matcher, handler: handlerFromValues(values, old) };
};

/**
 * The handler fields the editor shows (besides event and matcher). Saving a project hook approves it only when
 * its definition has no other field: a user who changed the timeout has not seen `args` or `async`.
 */
export const EDITOR_HANDLER_FIELDS: readonly string[] = [
	"type",
	"command",
	"if",
	"timeout",
	"statusMessage",
	"onFailure",
];

/** The fields of `handler` the editor does not show, in order (empty when it shows them all). */
export const fieldsNotShown = (handler: Readonly<Record<string, unknown>>): string[] =>
	Object.keys(handler).filter((key) => !EDITOR_HANDLER_FIELDS.includes(key));
