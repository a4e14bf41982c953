/** The UI test foundation itself: pi-tui renders onto the virtual terminal and the screen reads back what was drawn. */
import { type Component, TuiMainScreen } from "@earendil-works/pi-tui";
import { afterEach, describe, expect, it } from "vitest";
import { cellAt, emulate, findText, screenLines, screenToText } from "./screen.ts";
import { VirtualTerminal } from "./virtual-terminal.ts";

/** A component that shows the keys it received, the last one in red and inverse. */
class KeyEcho implements Component {
	private keys: string[] = [];
	render(): string[] {
		return ["keys:", ...this.keys.map((key, i) => (i === this.keys.length - 1 ? `\x1b[31;7m${key}\x1b[0m` : key))];
	}
	handleInput(data: string): void {
		this.keys.push(JSON.stringify(data));
	}
	invalidate(): void {}
}

let terminal: VirtualTerminal | undefined;
afterEach(() => terminal?.dispose());

describe("VirtualTerminal", () => {
	it("shows what pi-tui's TUI renders and passes typed keys to the focused component", async () => {
		terminal = new VirtualTerminal(40, 8);
		const tui = new TuiMainScreen(terminal);
		const echo = new KeyEcho();
		tui.addChild(echo);
		tui.setFocus(echo);
		tui.start();
		tui.renderNow();
		expect(screenToText(await terminal.screen())).toBe("keys:");
		terminal.send("a");
		terminal.send("\x1b[B");
		tui.renderNow();
		const screen = await terminal.screen();
		expect(screenLines(screen).slice(0, 3)).toEqual(["keys:", '"a"', '"\\u001b[B"']);
		const last = findText(screen, '"\\u001b[B"');
		expect(last).toEqual({ row: 2, col: 0 });
		expect(cellAt(screen, 2, 0)).toMatchObject({ fg: "p1", inverse: true });
		expect(cellAt(screen, 1, 0)).toMatchObject({ fg: "default", inverse: false });
		tui.stop();
	});
});

describe("emulate", () => {
	it("reads truecolor, 256-colour and bold cells and counts wide characters as two cells", async () => {
		const screen = await emulate(["\x1b[38;2;255;0;0mR\x1b[0m \x1b[1;48;5;21mB\x1b[0m", "\u4e2dx"], { cols: 10 });
		expect(screenToText(screen)).toBe("R B\n\u4e2dx");
		expect(cellAt(screen, 0, 0).fg).toBe("#ff0000");
		expect(cellAt(screen, 0, 2)).toMatchObject({ bold: true, bg: "p21" });
		expect(cellAt(screen, 1, 0).width).toBe(2);
		expect(cellAt(screen, 1, 1).char).toBe("");
		expect(findText(screen, "x")).toEqual({ row: 1, col: 2 });
	});

	it("clips a line wider than the screen instead of wrapping it onto the next row", async () => {
		const screen = await emulate(["0123456789abc", "next"], { cols: 10 });
		expect(screenLines(screen)).toEqual(["0123456789", "next"]);
	});
});
