/**
 * Rendering one pi-tui component through pi's real TUI on a headless terminal, for screenshots of screens
 * that are not an overlay (transcript lines, cards, the footer).
 */
import { type Component, TuiMainScreen } from "@earendil-works/pi-tui";
import type { Screen } from "../../test/support/screen.ts";
import { VirtualTerminal } from "../../test/support/virtual-terminal.ts";

/** Renders `component` at `cols` x `rows` and reads the emulated screen back. */
export const renderComponent = async (component: Component, cols: number, rows: number): Promise<Screen> => {
	const terminal = new VirtualTerminal(cols, rows);
	const tui = new TuiMainScreen(terminal);
	tui.addChild(component);
	tui.start();
	tui.renderNow();
	const screen = await terminal.screen();
	tui.stop();
	terminal.dispose();
	return screen;
};
