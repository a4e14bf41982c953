/**
 * Words, markers and colours for hook decisions, shared by the cards and the footer: what each
 * kind is called, a hook's short name, a reason without the model-facing boilerplate, and safe display
 * text for hook output, times and durations (the one duration format of cards and panel). Pure.
 */

import { commandWords } from "../engine/match/if-rule.ts";
import type { Card, CardKind } from "../engine/plan/card.ts";
import { terminalSafe } from "../engine/text/terminal-safe.ts";
import type { UiColor } from "./theme.ts";

/** How a kind of decision is shown: a one-cell marker (no emoji), a verb, and a theme colour. */
export interface KindStyle {
	readonly marker: string;
	readonly label: string;
	readonly color: UiColor;
}

const KIND_STYLES: Readonly<Record<CardKind, KindStyle>> = {
	block: { marker: "\u2717", label: "blocked", color: "error" },
	prompt_blocked: { marker: "\u2717", label: "blocked prompt", color: "error" },
	compact_cancelled: { marker: "\u2717", label: "cancelled compaction", color: "error" },
	ask: { marker: "?", label: "asked", color: "warning" },
	rewrite: { marker: "\u2192", label: "rewrote input", color: "accent" },
	output_replaced: { marker: "\u2192", label: "replaced output", color: "accent" },
	context: { marker: "+", label: "added context", color: "success" },
	stop_continue: { marker: "\u21bb", label: "kept going", color: "warning" },
	stop_cap: { marker: "\u25a0", label: "stop cap reached", color: "warning" },
	continue_false: { marker: "\u25a0", label: "stopped the agent", color: "warning" },
	allow: { marker: "\u2713", label: "allowed", color: "success" },
	error: { marker: "!", label: "failed", color: "error" },
	timeout: { marker: "!", label: "timed out", color: "error" },
};

/** What the user's answer to an `ask` was, in words. */
const ANSWERS: Readonly<Record<NonNullable<Card["answer"]>, string>> = {
	allowed: "you allowed",
	denied: "you denied",
	no_ui: "no UI, blocked",
};

/** Marker, label and colour of a record; an `ask` label carries the answer (`asked, you denied`). */
export const kindStyle = (record: Pick<Card, "kind" | "answer">): KindStyle => {
	const style = KIND_STYLES[record.kind];
	return record.kind === "ask" && record.answer !== undefined
		? { ...style, label: `${style.label}, ${ANSWERS[record.answer]}` }
		: style;
};

/** The subject of a card: the tool for PreToolUse (`Bash`), else `Event` or `Event:Tool` (`PostToolUse:Write`). */
export const cardSubject = (record: Pick<Card, "event" | "tool">): string => {
	if (record.tool === undefined || record.tool === "") return record.event;
	return record.event === "PreToolUse" ? record.tool : `${record.event}:${record.tool}`;
};

/** Programs that run a script: the script, not the program, names the hook. */
const RUNNERS = new Set([
	"sh",
	"bash",
	"zsh",
	"dash",
	"python",
	"python3",
	"node",
	"bun",
	"deno",
	"ruby",
	"perl",
	"php",
	"tsx",
	"npx",
	"uvx",
	"env",
	"exec",
	"command",
	"time",
	"nice",
]);
/** Subcommands of runners that come before the script (`uv run x.py`, `npm exec x`). */
const SUBCOMMANDS = new Set(["run", "exec", "dlx", "x"]);

const basename = (path: string): string => path.replace(/\/+$/, "").split("/").at(-1) ?? path;

/**
 * A hook's short name for one-line display: the script a command runs (`python3 "$DIR/hooks/guard.py"`
 * gives `guard.py`), else the program (`jq -r ...` gives `jq`); at most `max` characters.
 */
export const hookShortName = (command: string, max = 32): string => {
	// Non-command handlers are recorded as `http hook`, `prompt hook`, `mcp_tool my-srv/do-thing`: already short names.
	if (/^[a-z_]+ hook$/.test(command)) return command;
	if (/^mcp_tool \S+$/.test(command)) return command.length <= max ? command : `${command.slice(0, max - 3)}...`;
	const words = commandWords(command.trim()).filter((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word));
	let index = 0;
	while (index < words.length) {
		const word = basename(words[index] ?? "");
		const isRunner =
			RUNNERS.has(word) || (/^(uv|npm|pnpm|yarn)$/.test(word) && SUBCOMMANDS.has(words[index + 1] ?? ""));
		if (!isRunner) break;
		index += RUNNERS.has(word) ? 1 : 2;
		while ((words[index] ?? "").startsWith("-")) index++;
	}
	const chosen = words[index] ?? words[0] ?? command.trim();
	const name = basename(chosen) || chosen;
	return name.length <= max ? name : `${name.slice(0, max - 3)}...`;
};

/** Short names of a record's hooks: `guard.py`, `guard.py +2`, or `""` when no hook is named. */
export const hooksShortName = (record: Pick<Card, "hooks">, max = 32): string => {
	const [first, ...rest] = record.hooks;
	if (first === undefined) return "";
	return rest.length === 0
		? hookShortName(first.command, max)
		: `${hookShortName(first.command, max)} +${rest.length}`;
};

/** Colour and style sequences (SGR, `ESC [ ... m`) a hook printed: dropped, they carry no words. */
const SGR = /\u001b\[[0-9;:]*m/g;

/**
 * Text from hooks, safe to draw: the colours a hook printed removed, tabs as spaces, line breaks kept as `\n`,
 * and every other unsafe character, other escape sequences included (title, clipboard, clear screen), shown as
 * an escape by {@link terminalSafe}, so the reader sees that the hook tried to send them.
 */
export const displayText = (text: string): string =>
	terminalSafe(text.replace(SGR, "").replace(/\r\n?/g, "\n").replace(/\t/g, "  "), { keepNewlines: true });

/**
 * The reason as one line for the compact card of a record without `said` (written by an older version): the
 * `<system-reminder>` wrapper and the model-facing `Event:Tool hook error: [command]: ` prefixes removed,
 * line breaks joined with ` / `. New records carry the hooks' words in `said`; see {@link saidSummary}.
 */
export const reasonSummary = (reason: string): string =>
	displayText(reason)
		.split("\n")
		.map((line) => line.trim())
		.filter((line) => line !== "" && line !== "<system-reminder>" && line !== "</system-reminder>")
		.map((line) =>
			line
				.replace(/^\S+ hook blocking error from command: "(?:[^"\\]|\\.)*": (?:\[[^\]]*\]: )?/, "")
				.replace(/^\S+ hook (?:error|additional context): (?:\[[^\]]*\]: )?/, "")
				.replace(/^\S+ hook denied this tool call: /, "denied: "),
		)
		.join(" / ");

/** The hooks' own words (a record's `said`) as one line for the compact card, joined with ` / `. */
export const saidSummary = (said: readonly string[]): string =>
	said
		.flatMap((words) => displayText(words).split("\n"))
		.map((line) => line.trim())
		.filter((line) => line !== "")
		.join(" / ");

/** `2026-11-30 09:45:07 UTC`: UTC, so a record reads the same on every machine. */
export const formatTime = (epochMs: number): string =>
	`${new Date(epochMs).toISOString().slice(0, 19).replace("T", " ")} UTC`;

/** `850ms`, `1.2s`, `2m05s`: a duration in milliseconds, short; the one duration format of cards and panel. */
export const formatDuration = (ms: number): string => {
	if (!Number.isFinite(ms) || ms < 0) return "-";
	if (ms < 1000) return `${Math.round(ms)}ms`;
	if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)}s`;
	const minutes = Math.floor(ms / 60_000);
	const seconds = Math.floor((ms % 60_000) / 1000);
	return `${minutes}m${String(seconds).padStart(2, "0")}s`;
};
