/**
 * Keep or undo (issue #40): with a UI, a hook file the agent changed during a tool call is put back at once (nothing
 * of the change runs while the person reads it), its diff is shown in the scrolling approval dialog, and Yes writes
 * the agent's version again as the person's own (stamped as pi-hook-manager's write), No leaves it undone. Over RPC,
 * where pi has no custom components, pi's confirm dialog carries the same text.
 */
import { lstatSync, readFileSync, unlinkSync } from "node:fs";
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { writeFileAtomic } from "../../engine/io/atomic-write.ts";
import { terminalSafe } from "../../engine/text/terminal-safe.ts";
import { lineDiff } from "../../engine/trust/line-diff.ts";
import { type LedgerChange, MAX_LEDGER_BYTES } from "../../host/trust/file-ledger.ts";
import { askInTui } from "./approval-prompt.ts";

/** A change held back until the person answers: what the agent left (its bytes, when they could be kept). */
export interface HeldChange {
	readonly change: LedgerChange;
	/** The file's bytes as the agent left it; undefined when it is gone, or not a regular file within the cap. */
	readonly after: Buffer | undefined;
}

/** Changed lines shown per file. */
const SHOWN_LINES = 40;

/** The agent's bytes of `path` now: a regular file within the ledger's cap outside /proc, /sys, /dev. */
export const heldBytes = (path: string): Buffer | undefined => {
	try {
		if (/^\/(proc|sys|dev)(\/|$)/.test(path)) return undefined;
		const stat = lstatSync(path, { throwIfNoEntry: false });
		if (stat === undefined || !stat.isFile() || stat.size > MAX_LEDGER_BYTES) return undefined;
		const bytes = readFileSync(path);
		return bytes.length > MAX_LEDGER_BYTES ? undefined : bytes;
	} catch {
		return undefined;
	}
};

/** The dialog's lines: each file (as `shown` names it) with what happened, then its changed lines. */
export const heldLines = (held: readonly HeldChange[], shown: (path: string) => string): string[] =>
	held.flatMap((one) => fileLines(one, shown)).map((line) => terminalSafe(line));

/** One file's lines of the dialog. */
const fileLines = ({ change, after }: HeldChange, shown: (path: string) => string): string[] => {
	{
		const head = `${shown(change.path)} (${change.kind} by the agent)`;
		if (change.kind === "deleted") return [head];
		if (after === undefined) return [head, "  (above 1 MiB or not a regular file: its content is not shown)"];
		const before = change.beforeText ?? "";
		const now = change.afterText;
		if (now === undefined) return [head, "  (binary content: not shown)"];
		const lines = lineDiff(before, now, SHOWN_LINES).map((line) =>
			line.op === "skipped"
				? `  … ${line.count} more changed line(s)`
				: line.op === "unknown"
					? `  (${line.reason})`
					: `  ${line.op} ${line.text}`,
		);
		return [head, ...lines];
	}
};

/** Asks the person whether to keep `held` (already undone on disk); resolves true for keep. Never throws. */
export const askKeepOrUndo = async (
	ctx: ExtensionContext,
	held: readonly HeldChange[],
	shown: (path: string) => string,
): Promise<boolean> => {
	const title = `Keep the agent's change to ${held.length} hook file(s)?`;
	const intro = [
		"A tool call changed files that decide which hooks run. The change is undone for now: none of it runs",
		"until you keep it. y keeps it as your own edit; n or Esc leaves it undone.",
	];
	const lines = heldLines(held, shown);
	try {
		const answer = await askInTui(ctx, title, intro, lines, "keep the agent's change");
		if (answer !== undefined) return answer;
		return await ctx.ui.confirm(title, `${intro.join(" ")}\n\n${lines.join("\n")}`);
	} catch {
		return false;
	}
};

/** Puts the agent's version of `held` back (the person kept it); returns why it failed. Never throws. */
export const keepHeld = (held: HeldChange): string | undefined => {
	try {
		if (held.change.kind === "deleted") unlinkSync(held.change.path);
		else if (held.after !== undefined) writeFileAtomic(held.change.path, held.after);
		else return "no copy of the agent's version was kept";
		return undefined;
	} catch (error) {
		return (error as Error).message;
	}
};
