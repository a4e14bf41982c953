/**
 * The hook editor form: event (chosen from the list of events), matcher, `if`, command, timeout, status text
 * and the settings file, with each field's problem shown under it. It only collects and checks values; the
 * panel saves them.
 */
import { Input } from "@earendil-works/pi-tui";
import { sourceLabel } from "../../engine/config/sources.ts";
import { defaultTimeoutSeconds, isFiredInPi, isHookEventName } from "../../engine/events/facts.ts";
import { HOOK_EVENTS, type HookEventName, type HookSource } from "../../engine/types.ts";
import type { PanelTheme } from "../theme.ts";
import { type EditorField, type EditorValues, type FieldProblem, validateValues } from "./editor-values.ts";
import { fit, wordWrap } from "./format.ts";
import type { PanelKeys } from "./keys.ts";
import { ScrollWindow } from "./selection.ts";

/** How the editor was opened. */
export interface EditorSetup {
	readonly mode: "add" | "edit";
	readonly values: EditorValues;
	readonly sources: readonly HookSource[];
	/** `ctx.isProjectTrusted()`: project files only run in a trusted project. */
	readonly trusted: boolean;
}

/** What a key press asks the panel to do. */
export type EditorRequest = "save" | "cancel" | "test" | undefined;

const FIELDS: readonly EditorField[] = [
	"event",
	"matcher",
	"if",
	"command",
	"timeout",
	"statusMessage",
	"scope",
	"onFailure",
];
const TEXT_FIELDS = ["matcher", "if", "command", "timeout", "statusMessage"] as const;
type TextField = (typeof TEXT_FIELDS)[number];

const LABELS: Readonly<Record<EditorField, string>> = {
	event: "Event",
	matcher: "Matcher",
	if: "If",
	command: "Command",
	timeout: "Timeout (s)",
	statusMessage: "Status text",
	onFailure: "On failure",
	scope: "File",
};

const LABEL_WIDTH = 14;

const isTextField = (field: EditorField): field is TextField => (TEXT_FIELDS as readonly string[]).includes(field);

/** The events the editor offers: those pi fires, plus the edited hook's own event when pi does not fire it. */
const offeredEvents = (current: string): readonly HookEventName[] =>
	HOOK_EVENTS.filter((event) => isFiredInPi(event) || event === current);
const isPrintable = (data: string): boolean => /^[\x20-\x7e]$/.test(data);

/** The editor form. */
export class HookEditor {
	/** Set by the panel when the TUI focuses it; the focused field shows the terminal cursor. */
	focused = false;
	private readonly theme: PanelTheme;
	private readonly keys: PanelKeys;
	private readonly setup: EditorSetup;
	private readonly inputs: Record<TextField, Input>;
	private event: string;
	private scopeIndex: number;
	private onFailure: "continue" | "block";
	private active = 0;
	private jump = "";
	private showAll = false;
	private readonly touched = new Set<EditorField>();
	private message: { readonly text: string; readonly level: "error" | "warning" | "info" } | undefined;
	private readonly window = new ScrollWindow();
	private readonly events: readonly HookEventName[];
	private readonly initial: string;
	private confirmingDiscard = false;

	/** True while the editor asks whether to discard the edited draft (its keys then mean discard / keep). */
	get askingDiscard(): boolean {
		return this.confirmingDiscard;
	}

	constructor(theme: PanelTheme, keys: PanelKeys, setup: EditorSetup) {
		this.theme = theme;
		this.keys = keys;
		this.setup = setup;
		this.event = setup.values.event;
		this.onFailure = setup.values.onFailure;
		this.events = offeredEvents(setup.values.event);
		this.scopeIndex = Math.max(
			0,
			setup.sources.findIndex((source) => source.scope === setup.values.scope),
		);
		const input = (value: string): Input => {
			const field = new Input({ prompt: "" });
			field.setValue(value);
			field.handleInput("\x05");
			return field;
		};
		this.inputs = {
			matcher: input(setup.values.matcher),
			if: input(setup.values.if),
			command: input(setup.values.command),
			timeout: input(setup.values.timeout),
			statusMessage: input(setup.values.statusMessage),
		};
		// A new hook starts on the command; an edit starts where the hook's definition starts.
		this.active = setup.mode === "add" ? FIELDS.indexOf("command") : 0;
		this.initial = JSON.stringify(this.values());
	}

	/** True when a value differs from the one the editor opened with (Esc then asks before discarding). */
	isDirty(): boolean {
		return JSON.stringify(this.values()) !== this.initial;
	}

	/** The values as typed now. */
	values(): EditorValues {
		const source = this.setup.sources[this.scopeIndex];
		return {
			event: this.event,
			matcher: this.inputs.matcher.getValue(),
			if: this.inputs.if.getValue(),
			command: this.inputs.command.getValue(),
			timeout: this.inputs.timeout.getValue(),
			statusMessage: this.inputs.statusMessage.getValue(),
			onFailure: this.onFailure,
			scope: source?.scope ?? this.setup.values.scope,
		};
	}

	/** The problems of the current values. */
	problems(): FieldProblem[] {
		return validateValues(this.values(), { trusted: this.setup.trusted, sources: this.setup.sources });
	}

	/** Shows every problem (after a save attempt) and focuses the first field with an error. */
	revealProblems(): void {
		this.showAll = true;
		const first = this.problems().find((problem) => problem.level === "error");
		if (first !== undefined) this.active = FIELDS.indexOf(first.field);
	}

	/** A line under the form, e.g. why a save was refused. */
	setMessage(text: string | undefined, level: "error" | "warning" | "info" = "error"): void {
		this.message = text === undefined ? undefined : { text, level };
	}

	/** The field that has the cursor. */
	activeField(): EditorField {
		return FIELDS[this.active] ?? "event";
	}

	/** Handles one key; returns what the panel should do. */
	handleInput(data: string): EditorRequest {
		const field = this.activeField();
		if (this.confirmingDiscard) {
			// The question is modal: only its two answers act, so a stray key never types into the draft (and the
			// next Enter saves it) while the question silently goes away.
			if (this.keys.matches(data, "confirm")) return "cancel";
			if (this.keys.matches(data, "cancel")) {
				this.confirmingDiscard = false;
				this.message = undefined;
			}
			return undefined;
		}
		if (this.keys.matches(data, "cancel")) {
			if (!this.isDirty()) return "cancel";
			// Never lose typing to a stray Esc: ask first.
			this.confirmingDiscard = true;
			this.setMessage(
				`Discard your changes? ${this.keys.label("confirm")} discards them, ` +
					`${this.keys.label("cancel")} keeps editing.`,
				"warning",
			);
			return undefined;
		}
		if (this.keys.matches(data, "test")) return "test";
		if (this.keys.matches(data, "save")) return "save";
		if (this.keys.matches(data, "previousField") || this.keys.matches(data, "up")) return this.moveField(-1);
		if (this.keys.matches(data, "nextField") || this.keys.matches(data, "down")) return this.moveField(1);
		if (field === "event") return this.eventKey(data);
		if (field === "onFailure") {
			if (this.keys.matches(data, "left") || this.keys.matches(data, "right")) {
				this.onFailure = this.onFailure === "block" ? "continue" : "block";
				this.touched.add("onFailure");
			}
			return undefined;
		}
		if (field === "scope") {
			if (this.setup.mode === "add" && (this.keys.matches(data, "left") || this.keys.matches(data, "right"))) {
				const count = this.setup.sources.length;
				this.scopeIndex = (this.scopeIndex + (this.keys.matches(data, "left") ? -1 : 1) + count) % count;
				this.touched.add("scope");
			}
			return undefined;
		}
		if (isTextField(field)) {
			this.inputs[field].handleInput(data);
			this.touched.add(field);
		}
		return undefined;
	}

	private moveField(delta: number): EditorRequest {
		this.touched.add(this.activeField());
		this.active = (this.active + delta + FIELDS.length) % FIELDS.length;
		this.jump = "";
		return undefined;
	}

	/** Event field: left/right step through the events; typing jumps to the first event that matches. */
	private eventKey(data: string): EditorRequest {
		const events = this.events;
		const index = Math.max(0, (events as readonly string[]).indexOf(this.event));
		if (this.keys.matches(data, "left") || this.keys.matches(data, "right")) {
			const step = this.keys.matches(data, "left") ? -1 : 1;
			this.event = events[(index + step + events.length) % events.length] ?? this.event;
			this.jump = "";
		} else if (data === "\x7f" || data === "\b") {
			this.jump = this.jump.slice(0, -1);
		} else if (isPrintable(data)) {
			const query = (this.jump + data).toLowerCase();
			const found =
				events.find((event) => event.toLowerCase().startsWith(query)) ??
				events.find((event) => event.toLowerCase().includes(query));
			if (found !== undefined) {
				this.jump += data;
				this.event = found;
			}
		}
		this.touched.add("event");
		return undefined;
	}

	/** Exactly `height` lines of exactly `width` columns. */
	render(width: number, height: number): string[] {
		const t = this.theme;
		const problems = this.problems();
		const lines: string[] = [];
		const title = this.setup.mode === "add" ? "Add a hook" : "Edit hook";
		lines.push(t.bold(fit(title, width)));
		// Why a save was refused (or the discard question) sits under the title, where it is always seen.
		if (this.message !== undefined) {
			for (const line of wordWrap(this.message.text, width))
				lines.push(t.fg(this.message.level === "info" ? "success" : this.message.level, fit(line, width)));
		}
		let focusLine = 0;
		const valueWidth = Math.max(4, width - LABEL_WIDTH);
		FIELDS.forEach((field, index) => {
			const active = index === this.active;
			if (active) focusLine = lines.length;
			const label = `${active ? "> " : "  "}${LABELS[field]}`;
			const labelText = active
				? t.bold(t.fg("accent", fit(label, LABEL_WIDTH)))
				: t.fg("muted", fit(label, LABEL_WIDTH));
			lines.push(labelText + this.fieldValue(field, active, valueWidth));
			const shown = problems.filter(
				(problem) =>
					problem.field === field && (this.showAll || this.touched.has(field) || problem.level === "warning"),
			);
			for (const problem of shown) {
				for (const line of wordWrap(problem.message, valueWidth)) {
					lines.push(
						" ".repeat(LABEL_WIDTH) +
							t.fg(problem.level === "error" ? "error" : "warning", fit(line, valueWidth)),
					);
				}
			}
			if (active) {
				for (const line of wordWrap(this.hint(field), valueWidth))
					lines.push(" ".repeat(LABEL_WIDTH) + t.fg("dim", fit(line, valueWidth)));
			}
		});
		return this.window.view(lines, focusLine, height, width, 1);
	}

	private fieldValue(field: EditorField, active: boolean, width: number): string {
		const t = this.theme;
		if (field === "event") {
			const text = active ? `< ${this.event} >` : this.event;
			return t.fg(isHookEventName(this.event) ? "text" : "error", fit(text, width));
		}
		if (field === "onFailure") {
			const text = this.onFailure === "block" ? "block (a failing hook blocks)" : "continue (fail open)";
			return t.fg("text", fit(active ? `< ${text} >` : text, width));
		}
		if (field === "scope") {
			const source = this.setup.sources[this.scopeIndex];
			const text = source === undefined ? "" : `${sourceLabel(source.scope)}  ${source.file}`;
			const choosable = active && this.setup.mode === "add";
			return t.fg("text", fit(choosable ? `< ${text} >` : text, width));
		}
		const input = this.inputs[field];
		if (active) {
			input.focused = this.focused;
			return input.render(width)[0] ?? " ".repeat(width);
		}
		const value = input.getValue();
		return value === ""
			? t.fg("dim", fit(field === "timeout" ? "default" : "-", width))
			: t.fg("text", fit(value, width));
	}

	private hint(field: EditorField): string {
		const left = this.keys.label("left");
		const right = this.keys.label("right");
		switch (field) {
			case "event":
				return `${left}${right} choose, or type to jump${this.jump === "" ? "" : `: ${this.jump}`}`;
			case "matcher":
				return "tool name (Bash), a list (Edit|Write) or a regex; empty or * = every tool";
			case "if":
				return "optional rule such as Bash(git push *) or Edit(src/**)";
			case "command":
				return "shell command; it gets the event JSON on stdin";
			case "timeout":
				return `seconds; empty = ${isHookEventName(this.event) ? defaultTimeoutSeconds(this.event) : 600} s`;
			case "statusMessage":
				return "optional text shown while the hook runs";
			case "onFailure":
				return `${left}${right} choose; block = a crash, timeout or bad JSON blocks like exit 2`;
			case "scope":
				return this.setup.mode === "add"
					? `${left}${right} choose the settings file`
					: "to move a hook to another file, add it there and delete it here";
		}
	}
}
