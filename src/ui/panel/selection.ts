/**
 * Selection and scrolling shared by the panel's lists: the selected row is kept by key (so it survives
 * filtering, reloads and new log records), and the window of lines follows it.
 */
import type { PanelTheme } from "../theme.ts";

/** The selected key among a list of keys. */
export class Selection {
	private keys: readonly string[] = [];
	private selectedKey: string | undefined;

	/** Replaces the keys, keeping the selected one when it is still there (else the first). */
	setKeys(keys: readonly string[]): void {
		this.keys = keys;
		if (this.selectedKey === undefined || !keys.includes(this.selectedKey)) this.selectedKey = keys[0];
	}

	/** The selected key; undefined for an empty list. */
	get key(): string | undefined {
		return this.selectedKey;
	}

	/** Selects `key` when it is in the list. */
	select(key: string): void {
		if (this.keys.includes(key)) this.selectedKey = key;
	}

	/** Moves by `delta`: single steps wrap around at the ends, page steps stop there. */
	move(delta: number): void {
		const count = this.keys.length;
		if (count === 0) return;
		const index = Math.max(0, this.selectedKey === undefined ? 0 : this.keys.indexOf(this.selectedKey));
		const next =
			Math.abs(delta) === 1 ? (index + delta + count) % count : Math.min(count - 1, Math.max(0, index + delta));
		this.selectedKey = this.keys[next];
	}
}

/** Scroll state of a window of lines that keeps one line (the selected row) in view. */
export class ScrollWindow {
	private top = 0;

	/**
	 * Scrolls so that line `focus` of `total` is visible in a window of `height` (with `context` lines above it
	 * when scrolling up) and returns the first visible line, so a long list renders only what shows.
	 */
	follow(total: number, focus: number, height: number, context = 2): number {
		if (focus < this.top) this.top = Math.max(0, focus - context);
		if (focus >= this.top + height) this.top = focus - height + 1;
		this.top = Math.max(0, Math.min(this.top, Math.max(0, total - height)));
		return this.top;
	}

	/** Exactly `height` lines of `lines`, scrolled so `focus` shows (`context` lines above it when scrolling up). */
	view(lines: readonly string[], focus: number, height: number, width: number, context = 2): string[] {
		this.follow(lines.length, focus, height, context);
		const window = lines.slice(this.top, this.top + height);
		while (window.length < height) window.push(" ".repeat(width));
		return window;
	}

	/** Scrolls by `delta` lines within `total` lines and a window of `height` (for views without a selection). */
	scrollBy(delta: number, total: number, height: number): void {
		this.top = Math.max(0, Math.min(this.top + delta, Math.max(0, total - height)));
	}

	/** The first visible line. */
	get offset(): number {
		return this.top;
	}

	/** Back to the top. */
	reset(): void {
		this.top = 0;
	}
}

/**
 * The part the panel's lists share: rows that carry a key, the selection kept by key across updates, the
 * scroll window, and the theme. Subclasses draw the rows.
 */
export abstract class KeyedList<M extends { readonly item: { readonly key: string } }> {
	protected matches: readonly M[] = [];
	protected readonly selection = new Selection();
	protected readonly window = new ScrollWindow();
	protected readonly theme: PanelTheme;

	constructor(theme: PanelTheme) {
		this.theme = theme;
	}

	/**
	 * Replaces the rows (after a filter change, reload or new record), keeping the selected row when it is still there.
	 */
	setMatches(matches: readonly M[]): void {
		this.matches = matches;
		this.selection.setKeys(matches.map((match) => match.item.key));
	}

	/** The selected row; undefined when the list is empty. */
	selected(): M["item"] | undefined {
		return this.matches.find((match) => match.item.key === this.selection.key)?.item;
	}

	/** Selects the row with this key, if it is shown. */
	select(key: string): void {
		this.selection.select(key);
	}

	/** Moves the selection by `delta` rows (single steps wrap around). */
	move(delta: number): void {
		this.selection.move(delta);
	}

	/** Number of rows shown (after filtering). */
	count(): number {
		return this.matches.length;
	}
}
