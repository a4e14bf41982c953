/**
 * The /hooks panel's editor screen: add a hook or edit a command hook in its settings file. A refused save
 * never loses the draft; the draft can be test-run before it is saved.
 */
import { type EditFailure, type FileSnapshot, type HookChange, parseHookPath } from "../../../engine/config/edit.ts";
import { parseSettingsText } from "../../../engine/config/parse.ts";
import { sourceLabel } from "../../../engine/config/sources.ts";
import type { HookEntry } from "../../../engine/types.ts";
import { draftFromValues, entryValues, newHookValues } from "../editor-values.ts";
import type { Hint } from "../frame.ts";
import { HookEditor } from "../hook-editor.ts";
import type { PanelAction } from "../keys.ts";
import { pair } from "./approve.ts";
import { finishSave, type PanelContext, type PanelScreen, RELOAD_DELAY_MS, readOnlyMessage } from "./screen.ts";
import { showTest } from "./test.ts";

/** The editor and what it saves into: the files as read (re-read after a refused save) and the hook edited. */
export class EditorScreen implements PanelScreen {
	readonly title = "Hooks > editor";
	private readonly ctx: PanelContext;
	private readonly editor: HookEditor;
	private readonly snapshots: Map<string, FileSnapshot>;
	private readonly entry: HookEntry | undefined;
	/** The edited hook's handler as written when the editor opened (its other fields survive the save). */
	private readonly oldHandler: Readonly<Record<string, unknown>> | undefined;
	/** Set when the edited hook vanished from its file: the next save adds the draft as a new hook. */
	private addInstead = false;
	/**
	 * Files whose save was refused: the user was told and may have fixed the file since, so the next save reads it
	 * again right before saving onto it (only that hook changes) instead of refusing a second time.
	 */
	private readonly refused = new Set<string>();

	constructor(
		ctx: PanelContext,
		editor: HookEditor,
		snapshots: Map<string, FileSnapshot>,
		entry: HookEntry | undefined,
		oldHandler: Readonly<Record<string, unknown>> | undefined,
	) {
		this.ctx = ctx;
		this.editor = editor;
		this.snapshots = snapshots;
		this.entry = entry;
		this.oldHandler = oldHandler;
	}

	handleInput(data: string): void {
		const request = this.editor.handleInput(data);
		if (request === "cancel") this.ctx.toList();
		else if (request === "save") this.save();
		else if (request === "test") this.testDraft();
	}

	body(width: number, height: number): string[] {
		this.editor.focused = this.ctx.focused();
		return this.editor.render(width, height);
	}

	hints(): Hint[] {
		const k = (action: PanelAction): string => this.ctx.keys.label(action);
		if (this.editor.askingDiscard)
			return [
				[k("confirm"), "discard"],
				[k("cancel"), "keep editing"],
			];
		return [
			[`${k("nextField")}/${pair(k("up"), k("down"))}`, "field"],
			[k("test"), "test"],
			[k("save"), "save"],
			[k("cancel"), "cancel"],
		];
	}

	/** True (with the fields marked) while a field has an error. */
	private blocked(then: string): boolean {
		if (!this.editor.problems().some((problem) => problem.level === "error")) return false;
		this.editor.revealProblems();
		this.editor.setMessage(`Fix the fields marked in red, then ${then} again.`);
		return true;
	}

	private save(): void {
		const { ctx, editor, entry } = this;
		if (this.blocked("save")) return;
		const values = editor.values();
		const file =
			entry?.source.file ?? ctx.services.hooks.sources.find((source) => source.scope === values.scope)?.file;
		if (file !== undefined && this.refused.delete(file)) this.resnapshot(file);
		const snapshot = file === undefined ? undefined : this.snapshots.get(file);
		if (snapshot === undefined) {
			editor.setMessage(
				`${file ?? "the settings file"} could not be read; nothing was written. Your draft is kept: ` +
					`choose another file, or press ${ctx.keys.label("save")} to try again.`,
			);
			if (file !== undefined) this.resnapshot(file);
			return;
		}
		const draft = draftFromValues(values, this.oldHandler);
		const at = entry === undefined ? undefined : parseHookPath(entry.jsonPath);
		const change: HookChange =
			entry === undefined || at === undefined || this.addInstead
				? { kind: "add", draft }
				: { kind: "update", id: entry.id, at, draft };
		const result = ctx.services.edits.save(snapshot, change, entry);
		if (result.ok) {
			finishSave(ctx, result, `Saved ${values.event} hook to ${sourceLabel(values.scope)} (${snapshot.file}).`);
			return;
		}
		// A refused save never loses the draft: the editor stays open with the reason, ready to retry.
		this.resnapshot(snapshot.file);
		this.refused.add(snapshot.file);
		if (result.reason === "not_found") this.addInstead = true;
		editor.setMessage(`${result.message}. ${this.keepDraftHint(result.reason)}`);
		ctx.host.schedule(() => ctx.host.requestRender(), RELOAD_DELAY_MS);
	}

	/** Reads `file` again so a retry saves onto the file as it is now. */
	private resnapshot(file: string): void {
		const fresh = this.ctx.services.edits.snapshot(file);
		if (!("error" in fresh)) this.snapshots.set(file, fresh);
	}

	/** What the user can do after a refused save; the draft is always kept. */
	private keepDraftHint(reason: EditFailure): string {
		const save = this.ctx.keys.label("save");
		const cancel = this.ctx.keys.label("cancel");
		const other = this.entry === undefined ? ", or choose another file" : "";
		switch (reason) {
			case "changed_on_disk":
				return `Your draft is kept: ${save} saves it into the file as it is now${other}; ${cancel} leaves.`;
			case "not_found":
				return `Your draft is kept: ${save} adds it to the file as a new hook; ${cancel} leaves.`;
			case "invalid":
				return `Your draft is kept: fix the file, then press ${save} again${other}.`;
			default:
				return `Your draft is kept: press ${save} to try again${other}.`;
		}
	}

	/** Runs the unsaved draft now; Esc comes back to the editor with the draft as it was. */
	private testDraft(): void {
		const { ctx, editor } = this;
		if (this.blocked("test")) return;
		const values = editor.values();
		const source =
			this.entry?.source ?? ctx.services.hooks.sources.find((candidate) => candidate.scope === values.scope);
		if (source === undefined) return;
		const draft = draftFromValues(values, this.oldHandler);
		const group = { ...(draft.matcher === "" ? {} : { matcher: draft.matcher }), hooks: [draft.handler] };
		const parsed = parseSettingsText(JSON.stringify({ hooks: { [draft.event]: [group] } }), source);
		const hook = parsed.entries[0];
		if (hook === undefined) {
			editor.setMessage(parsed.issues[0]?.message ?? "This draft cannot run.");
			return;
		}
		editor.setMessage(undefined);
		showTest(ctx, { mode: "draft", hooks: [hook], stdin: ctx.services.tests.sampleInput(hook) }, () =>
			editor.setMessage("Test run stopped.", "info"),
		);
	}
}

/** Opens the editor on `entry` (undefined: a new hook), or says why it cannot be edited here. */
export const openEditor = (ctx: PanelContext, entry: HookEntry | undefined): void => {
	const { hooks, edits } = ctx.services;
	const readOnly = readOnlyMessage(ctx.services.hooks, entry);
	if (readOnly !== undefined) {
		ctx.say({ level: "error", text: readOnly });
		return;
	}
	if (entry !== undefined && entry.handler.type !== "command") {
		ctx.say({
			level: "error",
			text: `Only command hooks can be edited here; edit the ${entry.handler.type} hook in ${entry.source.file}.`,
		});
		return;
	}
	const snapshots = new Map<string, FileSnapshot>();
	for (const source of hooks.sources) {
		const snapshot = edits.snapshot(source.file);
		if ("error" in snapshot) {
			if (entry === undefined || source.file === entry.source.file) {
				ctx.say({ level: "error", text: snapshot.error });
				if (entry !== undefined) return;
			}
			continue;
		}
		snapshots.set(source.file, snapshot);
	}
	const defaultScope = hooks.trusted() ? "claude-project" : "claude-user";
	const editor = new HookEditor(ctx.theme, ctx.keys, {
		mode: entry === undefined ? "add" : "edit",
		values: entry === undefined ? newHookValues(defaultScope) : entryValues(entry),
		sources: hooks.sources,
		trusted: hooks.trusted(),
	});
	editor.focused = ctx.focused();
	const own = entry === undefined ? undefined : snapshots.get(entry.source.file);
	const oldHandler = entry === undefined || own === undefined ? undefined : edits.readHandler(own, entry);
	ctx.show(new EditorScreen(ctx, editor, snapshots, entry, oldHandler));
	ctx.say(undefined);
};
