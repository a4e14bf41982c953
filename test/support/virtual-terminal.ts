/**
 * pi-tui's `Terminal` on a headless xterm, for UI tests and screenshots without a tty: pi-tui's real TUI
 * classes (`TuiMainScreen`, `TuiAltScreen`) render into it, `send` types keys, `screen()` reads what a
 * person would see once every write has been parsed.
 */
import type { Terminal } from "@earendil-works/pi-tui";
import { createXterm, readScreen, type Screen, writeAndWait, type XtermTerminal } from "./screen.ts";

/** A pi-tui `Terminal` backed by @xterm/headless. */
export class VirtualTerminal implements Terminal {
	/** The emulator; read it through {@link screen} unless a test needs xterm itself. */
	readonly xterm: XtermTerminal;
	private inputHandler: ((data: string) => void) | undefined;
	private resizeHandler: (() => void) | undefined;
	private pending: Promise<void> = Promise.resolve();

	/** A terminal of `columns` x `rows` cells; `scrollback` lines are kept above the viewport (default 0). */
	constructor(columns = 80, rows = 24, options: { readonly scrollback?: number } = {}) {
		this.xterm = createXterm(columns, rows, options);
	}

	start(onInput: (data: string) => void, onResize: () => void): void {
		this.inputHandler = onInput;
		this.resizeHandler = onResize;
	}

	stop(): void {
		this.inputHandler = undefined;
		this.resizeHandler = undefined;
	}

	async drainInput(): Promise<void> {}

	write(data: string): void {
		// Chain the writes so `flush` resolves only after the last one has been parsed.
		this.pending = this.pending.then(() => writeAndWait(this.xterm, data));
	}

	get columns(): number {
		return this.xterm.cols;
	}

	get rows(): number {
		return this.xterm.rows;
	}

	get kittyProtocolActive(): boolean {
		return false;
	}

	moveBy(lines: number): void {
		if (lines > 0) this.write(`\x1b[${lines}B`);
		else if (lines < 0) this.write(`\x1b[${-lines}A`);
	}

	hideCursor(): void {
		this.write("\x1b[?25l");
	}

	showCursor(): void {
		this.write("\x1b[?25h");
	}

	clearLine(): void {
		this.write("\x1b[K");
	}

	clearFromCursor(): void {
		this.write("\x1b[J");
	}

	clearScreen(): void {
		this.write("\x1b[2J\x1b[H");
	}

	setTitle(): void {}

	setProgress(): void {}

	setProgramStatus(): void {}

	/** Delivers `keys` (raw bytes, e.g. `"\x1b[B"` for Down) to the TUI as if typed. */
	send(keys: string): void {
		this.inputHandler?.(keys);
	}

	/** Resizes the emulator and tells the TUI, as SIGWINCH would. */
	resize(columns: number, rows: number): void {
		this.xterm.resize(columns, rows);
		this.resizeHandler?.();
	}

	/** Resolves once every write so far has been parsed. */
	async flush(): Promise<void> {
		await this.pending;
	}

	/** The visible screen after all writes so far. */
	async screen(): Promise<Screen> {
		await this.flush();
		return readScreen(this.xterm);
	}

	/** Frees the emulator. */
	dispose(): void {
		this.xterm.dispose();
	}
}
