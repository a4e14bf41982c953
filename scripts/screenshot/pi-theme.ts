/**
 * pi's own dark theme for screenshots, built from the theme file pi ships (pi exports the `Theme` class but
 * not its loader). Run with FORCE_COLOR=3 (as `npm run screenshots` does): pi styles bold and italic through
 * chalk, which draws nothing when stdout is not a terminal.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Theme } from "@earendil-works/pi-coding-agent";

interface ThemeFile {
	readonly vars: Readonly<Record<string, string | number>>;
	readonly colors: Readonly<Record<string, string | number>>;
}

/** pi's `dark` theme in truecolor, as the TUI draws it. */
export const piDarkTheme = (): Theme => {
	const dist = dirname(fileURLToPath(import.meta.resolve("@earendil-works/pi-coding-agent")));
	const file = JSON.parse(
		readFileSync(join(dist, "modes", "interactive", "theme", "dark.json"), "utf8"),
	) as ThemeFile;
	const resolve = (value: string | number): string | number =>
		typeof value === "string" && file.vars[value] !== undefined ? resolve(file.vars[value]) : value;
	const fg: Record<string, string | number> = {};
	const bg: Record<string, string | number> = {};
	// Background tokens are the ones named `...Bg` (selectedBg, toolErrorBg...), as in pi's theme schema.
	for (const [token, value] of Object.entries(file.colors)) (token.endsWith("Bg") ? bg : fg)[token] = resolve(value);
	return new Theme(
		fg as ConstructorParameters<typeof Theme>[0],
		bg as ConstructorParameters<typeof Theme>[1],
		"truecolor",
		{
			name: "dark",
			appearance: "dark",
		},
	);
};
