/**
 * The hook tripwire in pi (issue #25): at start-up and whenever the configuration is merged again, every hook of
 * every source is checked against what a person last saw (host/trust/tripwire.ts), never on a tool call's path.
 * A new or changed hook is told once, before it first runs: one stderr line each in print and JSON mode, one
 * notice pointing at /hooks in the TUI; then it is recorded as seen, so the next run is silent. The first run
 * (no store yet) records every hook as the baseline with one notice. Project hooks are recorded silently (their
 * approval showed them); managed policy is exempt. In strict mode (`strictHooks`) being told is not enough: a new
 * or changed hook is held (skip code `unseen`) until a person approves it.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { sourceLabel } from "../../engine/config/sources.ts";
import type { UserNotice } from "../../engine/decide/tool.ts";
import { handlerTarget } from "../../engine/text/messages.ts";
import { redactSecrets } from "../../engine/text/redact.ts";
import { terminalSafe } from "../../engine/text/terminal-safe.ts";
import type { HookConfig, HookEntry } from "../../engine/types.ts";
import type { HookPrinter } from "../../host/trust/hook-print.ts";
import { createTripwire, storeGoneText, type TripItem, type TripNews, tripNews } from "../../host/trust/tripwire.ts";
import { approvalLines } from "../../ui/approval-list.ts";
import { showNotice } from "../io/notices.ts";

/** The tripwire of one session. */
export interface TripwireNotices {
	/** Checks `config`'s hooks, tells the new and changed ones on `ctx` and records them. Never throws. */
	review(config: HookConfig, ctx: ExtensionContext | undefined): void;
	/** This run's new and changed hooks, in the order they were told (with `held` as it stands now). */
	news(): readonly TripNews[];
	/**
	 * The run's hooks as the tripwire found them (the first check's items, then each hook a later check found new
	 * or changed): what the /hooks view "new or changed since you last looked" reads. Recording a hook as seen
	 * does not change its item.
	 */
	items(): readonly TripItem[];
	/** For the merge in strict mode: false for a non-managed hook no person saw as it is now. */
	isSeen(entry: HookEntry): boolean;
	/** Runs `run` (a merge) as one pass: its `isSeen` calls look at each covered file once (Tripwire.pass). */
	pass<T>(run: () => T): T;
	/** Records `entries` as seen (a person approved them); returns why saving failed, or undefined. */
	approve(entries: readonly HookEntry[]): string | undefined;
	/**
	 * Strict mode: asks a person on `ctx` (pi's confirm dialog in the TUI and over RPC) to run the held hooks of
	 * this run, each listed with every field and what changed; resolves with how many were approved (0 without a
	 * UI, where they stay held). Yes approves what the dialog showed: a hook changed while it was open (definition
	 * or covered file) approves nothing, and the dialog shows the held hooks again as they are now. Never rejects.
	 */
	askHeld(ctx: ExtensionContext): Promise<number>;
	/** A counter that changes whenever hooks were recorded, so the configuration is merged again. */
	version(): number;
	/** True when strict mode is on. */
	readonly strict: boolean;
}

/** Options of {@link createTripwireNotices}. */
export interface TripwireNoticesOptions {
	/** The seen-state store file (`seenHooksFile(agentDir)`). */
	readonly file: string;
	readonly printer: HookPrinter;
	/** The home folder, shown as `~` in file names. */
	readonly home: string;
	/** Strict mode: a new or changed hook does not run until approved. */
	readonly strict: boolean;
	/** The configuration as it is now (files read again when they changed): what the dialog's Yes is checked on. */
	readonly live?: () => HookConfig | undefined;
}

type Fresh = TripItem & { readonly state: "new" | "changed" };

const isFresh = (item: TripItem): item is Fresh => item.state === "new" || item.state === "changed";

/** `file` with the home folder as `~`. */
const shown = (file: string, home: string): string =>
	home !== "" && (file === home || file.startsWith(`${home}/`)) ? `~${file.slice(home.length)}` : file;

/** What a hook runs, on one line, secrets masked: its command, URL, prompt or MCP tool. */
const target = (entry: HookEntry): string => redactSecrets(handlerTarget(entry)).replace(/\s*\n\s*/g, " ");

/** `new hook PreToolUse: <cmd> (<file>)`, a changed one's changed files after its file. */
export const newsLine = (news: TripNews, home: string): string => {
	const files = news.fileChanges.map((file) => `${file.shown} ${file.change}`);
	const where = [shown(news.entry.source.file, home), ...files].join("; ");
	const line = `${news.state} hook ${news.entry.event}: ${target(news.entry)} (${where})`;
	return news.held ? `${line}: not run until you approve it (strictHooks)` : line;
};

/** The TUI's one notice about `news`. */
export const newsNotice = (news: readonly TripNews[], home: string): UserNotice => {
	const held = news.some((item) => item.held);
	const head =
		`${news.length} hook(s) new or changed since you last looked` +
		(held ? "; held ones do not run until you approve them (/hooks approve)" : "") +
		"; /hooks shows them:";
	return { level: "warning", text: [head, ...news.map((item) => newsLine(item, home))].join("\n") };
};

/** The dialog's lines of one held hook: every field (approval-list.ts), its changed files and definition diff. */
export const heldLines = (news: TripNews): string[] => {
	const scripts = news.fileChanges.map((file) => ({
		shown: file.shown,
		hash: "",
		named: true,
		state: file.change,
	}));
	const lines = approvalLines({ entry: news.entry, change: news.state, scripts });
	for (const line of news.definitionDiff)
		if (line.op === "-" || line.op === "+") lines.push(`    ${line.op} ${terminalSafe(line.text)}`);
	return lines;
};

/** The first run's one notice: `count` hooks recorded as what a person saw. */
export const baselineNotice = (count: number): UserNotice => ({
	level: "info",
	text:
		`recorded ${count} hook(s) as seen (the tripwire's baseline): from now on a new or changed hook is told ` +
		"before it runs; /hooks lists them",
});

/** Creates the session's tripwire. */
export const createTripwireNotices = (options: TripwireNoticesOptions): TripwireNotices => {
	const wire = createTripwire(options.file, options.printer);
	const { home, strict } = options;
	const news: TripNews[] = [];
	const told = new Set<string>();
	const found: TripItem[] = [];
	const foundKeys = new Set<string>();
	const keep = (items: readonly TripItem[]): void => {
		for (const item of items) {
			const key = `${item.print.key}\u0000${item.print.hash}`;
			if (foundKeys.has(key)) continue;
			foundKeys.add(key);
			found.push(item);
		}
	};
	/** The hooks of the last review: approving some is checked among all (identical hooks get `#2` keys). */
	let reviewed: readonly HookEntry[] = [];
	const tell = (ctx: ExtensionContext | undefined, notice: UserNotice): void => {
		if (ctx !== undefined) showNotice(ctx, notice);
	};
	const problem = (ctx: ExtensionContext | undefined, text: string | undefined): void => {
		if (text === undefined || told.has(text)) return;
		told.add(text);
		tell(ctx, { level: "warning", text: `hook tripwire: ${text}` });
	};
	const approve = (entries: readonly HookEntry[]): string | undefined => {
		const ids = new Set(entries.map((entry) => entry.id));
		return wire.markSeen(wire.check(reviewed).items.filter((item) => ids.has(item.entry.id)));
	};
	/** The hooks of the configuration as it is now (read again when `live` is given), held ones included. */
	const current = (): readonly HookEntry[] => {
		const config = options.live?.();
		if (config === undefined) return reviewed;
		const held = config.skipped.filter((skipped) => skipped.reason === "unseen").map((s) => s.entry);
		return [...config.entries, ...held];
	};
	/** Strict mode's held hooks as they are now: new or changed, not a project's, with no seen hash. */
	const heldNow = (): Fresh[] =>
		wire
			.check(current())
			.items.filter(isFresh)
			.filter((item) => !item.entry.source.project && wire.isUnseen(item.entry));
	/** Set while the strict-mode dialog is open: a reload meanwhile does not open a second one. */
	let asking = false;
	const self: TripwireNotices = {
		strict,
		review(config, ctx) {
			try {
				const held = config.skipped.filter((skipped) => skipped.reason === "unseen").map((s) => s.entry);
				reviewed = [...config.entries, ...held];
				const check = wire.check(reviewed);
				keep(found.length === 0 ? check.items : check.items.filter(isFresh));
				problem(ctx, check.problem);
				if (check.gone !== undefined) problem(ctx, storeGoneText(check.gone, shown(options.file, home)));
				const fresh = check.items.filter(isFresh);
				if (check.baseline) {
					problem(ctx, wire.markSeen(check.items));
					if (fresh.length > 0) tell(ctx, baselineNotice(fresh.length));
					return;
				}
				// A project hook that runs was approved: the dialog showed it.
				const quiet = fresh.filter((item) => item.entry.source.project);
				const loud = fresh.filter((item) => !item.entry.source.project);
				const now = loud
					.filter((item) => !told.has(`${item.print.key}\u0000${item.print.hash}`))
					.map((item) => {
						told.add(`${item.print.key}\u0000${item.print.hash}`);
						return tripNews(item, strict);
					});
				news.push(...now);
				if (now.length > 0) {
					if (ctx?.hasUI) tell(ctx, newsNotice(now, home));
					else for (const item of now) tell(ctx, { level: "warning", text: newsLine(item, home) });
					// Not awaited: pi answers dialogs only once the event that opened one returned (RPC mode).
					if (strict && ctx?.hasUI === true && !asking) {
						asking = true;
						void self.askHeld(ctx).finally(() => {
							asking = false;
						});
					}
				}
				const seen = strict ? quiet : [...quiet, ...loud];
				if (seen.length > 0) problem(ctx, wire.markSeen(seen));
			} catch {
				// The tripwire must never break the event that merged the configuration.
			}
		},
		items: () => found,
		news: () => news.map((item) => (item.held && !wire.isUnseen(item.entry) ? { ...item, held: false } : item)),
		isSeen: (entry) => !wire.isUnseen(entry),
		pass: (run) => wire.pass(run),
		approve,
		async askHeld(ctx) {
			if (!ctx.hasUI || !news.some((item) => item.held && wire.isUnseen(item.entry))) return 0;
			try {
				for (;;) {
					const shownItems = heldNow();
					if (shownItems.length === 0) return 0;
					const held = shownItems.map((item) => tripNews(item, true));
					const lines = held.flatMap(heldLines).map((line) => `  ${line}`);
					const where = [...new Set(held.map((item) => sourceLabel(item.entry.source)))].join(", ");
					const yes = await ctx.ui.confirm(
						`Run ${held.length} new or changed hook(s)?`,
						`strictHooks is on: these hooks (${where}) are new or changed since you last looked, and do ` +
							`not run until you approve them:\n${lines.join("\n")}`,
					);
					if (!yes) {
						tell(ctx, {
							level: "warning",
							text: `${held.length} hook(s) stay held (strictHooks); /hooks approve asks again`,
						});
						return 0;
					}
					// Yes approves what the dialog showed (issue #40): a hook whose definition or covered file
					// changed while it was open approves nothing, and the dialog shows the hooks as they are now.
					const now = heldNow();
					const moved = shownItems.filter(
						(item) =>
							!now.some(
								(other) =>
									other.entry.id === item.entry.id &&
									other.print.key === item.print.key &&
									other.print.hash === item.print.hash,
							),
					);
					if (moved.length > 0) {
						tell(ctx, {
							level: "warning",
							text:
								`nothing approved: ${moved.length} hook(s) changed while the dialog showed them ` +
								`(${moved.map((item) => item.entry.event).join(", ")}); ` +
								(now.length > 0 ? "they are shown again as they are now" : "none is held any more"),
						});
						continue;
					}
					problem(ctx, wire.markSeen(shownItems));
					tell(ctx, { level: "info", text: `approved ${held.length} hook(s); they run from now on` });
					return held.length;
				}
			} catch {
				return 0;
			}
		},
		version: () => wire.version(),
	};
	return self;
};
