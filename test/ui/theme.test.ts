/** The UI theme seam: pi's theme adapted as functions, a plain theme, and a test theme with fixed colours. */
import { describe, expect, it } from "vitest";
import { fromPiTheme, type PiThemeLike, plainTheme, TEST_THEME_COLORS, testTheme } from "../../src/ui/theme.ts";
import { cellAt, emulate } from "../support/screen.ts";

describe("fromPiTheme", () => {
	it("passes each token and style to pi's theme", () => {
		const pi: PiThemeLike = {
			fg: (color: string, text: string) => `<fg ${color}>${text}`,
			bg: (color: string, text: string) => `<bg ${color}>${text}`,
			bold: (text: string) => `<b>${text}`,
			italic: (text: string) => `<i>${text}`,
			underline: (text: string) => `<u>${text}`,
			inverse: (text: string) => `<inv>${text}`,
		};
		const ui = fromPiTheme(pi);
		expect(ui.fg("error", ui.bold("x"))).toBe("<fg error><b>x");
		expect(ui.bg("toolErrorBg", ui.inverse(ui.italic(ui.underline("x"))))).toBe("<bg toolErrorBg><inv><i><u>x");
	});
});

describe("plainTheme and testTheme", () => {
	it("plainTheme leaves text unchanged", () => {
		expect(plainTheme.fg("error", plainTheme.bold("x"))).toBe("x");
	});

	it("testTheme draws each token in its own palette colour", async () => {
		const screen = await emulate(
			[`${testTheme.fg("error", "E")}${testTheme.fg("warning", testTheme.bold("W"))}${testTheme.inverse("I")}`],
			{ cols: 4 },
		);
		expect(cellAt(screen, 0, 0).fg).toBe(`p${TEST_THEME_COLORS.error}`);
		expect(cellAt(screen, 0, 1)).toMatchObject({ fg: `p${TEST_THEME_COLORS.warning}`, bold: true });
		expect(cellAt(screen, 0, 2)).toMatchObject({ fg: "default", bold: false, inverse: true });
	});
});
