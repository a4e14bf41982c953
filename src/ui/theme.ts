/**
 * The colours UI components draw with, injected as functions so components stay pure and testable:
 * `fromPiTheme` adapts pi's `Theme` (only where pi hands one over), `plainTheme` draws no styles, and
 * `testTheme` draws each token in its own fixed 256-colour index so tests can assert on cell colours.
 */
import type { Theme, ThemeBg, ThemeColor } from "@earendil-works/pi-coding-agent";

/** Foreground tokens the UI uses: a subset of pi's theme tokens, with pi's meanings. */
export type UiColor = Extract<
	ThemeColor,
	| "accent"
	| "border"
	| "borderAccent"
	| "borderMuted"
	| "success"
	| "error"
	| "warning"
	| "muted"
	| "dim"
	| "text"
	| "toolTitle"
	| "toolOutput"
>;

/** Background tokens the UI uses: a subset of pi's theme tokens. */
export type UiBg = Extract<
	ThemeBg,
	"selectedBg" | "customMessageBg" | "toolPendingBg" | "toolSuccessBg" | "toolErrorBg"
>;

/** Styling functions; each returns `text` wrapped in the style (never changes its visible width). */
export interface PanelTheme {
	fg(color: UiColor, text: string): string;
	bg(color: UiBg, text: string): string;
	bold(text: string): string;
	italic(text: string): string;
	underline(text: string): string;
	inverse(text: string): string;
}

/** The part of pi's `Theme` the adapter uses. */
export type PiThemeLike = Pick<Theme, "fg" | "bg" | "bold" | "italic" | "underline" | "inverse">;

/**
 * Adapts pi's theme (the one handed to renderers and `ctx.ui.custom`); reads it on every call, so theme switches apply.
 */
export const fromPiTheme = (theme: PiThemeLike): PanelTheme => ({
	fg: (color, text) => theme.fg(color, text),
	bg: (color, text) => theme.bg(color, text),
	bold: (text) => theme.bold(text),
	italic: (text) => theme.italic(text),
	underline: (text) => theme.underline(text),
	inverse: (text) => theme.inverse(text),
});

const identity = (text: string): string => text;

/** No styles at all: for text-only assertions and places without colour. */
export const plainTheme: PanelTheme = {
	fg: (_color, text) => text,
	bg: (_color, text) => text,
	bold: identity,
	italic: identity,
	underline: identity,
	inverse: identity,
};

/**
 * The 256-colour index {@link testTheme} gives each foreground token (distinct, so a cell's colour names its token).
 */
export const TEST_THEME_COLORS: Readonly<Record<UiColor, number>> = {
	accent: 5,
	border: 4,
	borderAccent: 13,
	borderMuted: 240,
	success: 2,
	error: 1,
	warning: 3,
	muted: 244,
	dim: 242,
	text: 15,
	toolTitle: 14,
	toolOutput: 250,
};

/** The 256-colour index {@link testTheme} gives each background token. */
export const TEST_THEME_BGS: Readonly<Record<UiBg, number>> = {
	selectedBg: 17,
	customMessageBg: 53,
	toolPendingBg: 236,
	toolSuccessBg: 22,
	toolErrorBg: 52,
};

/** Real SGR styles with fixed colours per token: read back on a virtual terminal as `p<index>`. */
export const testTheme: PanelTheme = {
	fg: (color, text) => `\x1b[38;5;${TEST_THEME_COLORS[color]}m${text}\x1b[39m`,
	bg: (color, text) => `\x1b[48;5;${TEST_THEME_BGS[color]}m${text}\x1b[49m`,
	bold: (text) => `\x1b[1m${text}\x1b[22m`,
	italic: (text) => `\x1b[3m${text}\x1b[23m`,
	underline: (text) => `\x1b[4m${text}\x1b[24m`,
	inverse: (text) => `\x1b[7m${text}\x1b[27m`,
};
