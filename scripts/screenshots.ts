/**
 * `npm run screenshots`: draws every shot defined in `scripts/shots/*.ts` into `screenshots/<name>.png`.
 * A shot module exports `shots: Shot[]`; each shot builds an emulated {@link Screen} (a component rendered
 * onto a virtual terminal, or a tmux capture) and {@link writeScreenshot} turns it into a PNG.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Screen } from "../test/support/screen.ts";
import { type SvgOptions, screenToSvg, svgToPng } from "./screenshot/svg.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Where `npm run screenshots` writes its PNGs. */
export const SCREENSHOT_DIR: string = join(ROOT, "screenshots");

/** One picture: its file name (without `.png`) and how to build its screen. */
export interface Shot {
	readonly name: string;
	readonly screen: () => Promise<Screen>;
	readonly svg?: SvgOptions;
}

/** Writes `<dir>/<name>.png` (default dir: `screenshots/`) from an emulated screen; returns the path. */
export const writeScreenshot = (
	name: string,
	screen: Screen,
	options: SvgOptions & { readonly dir?: string } = {},
): string => {
	const dir = options.dir ?? SCREENSHOT_DIR;
	mkdirSync(dir, { recursive: true });
	const path = join(dir, `${name}.png`);
	writeFileSync(path, svgToPng(screenToSvg(screen, options)));
	return path;
};

/** Every shot of every module in `scripts/shots/`, in file-name order. */
const loadShots = async (): Promise<Shot[]> => {
	const dir = join(ROOT, "scripts", "shots");
	if (!existsSync(dir)) return [];
	const files = readdirSync(dir)
		.filter((file) => file.endsWith(".ts"))
		.sort();
	const shots: Shot[] = [];
	for (const file of files) {
		// Each team adds its own module here, so the list is discovered rather than edited in one place.
		const module = (await import(pathToFileURL(join(dir, file)).href)) as { shots?: readonly Shot[] };
		shots.push(...(module.shots ?? []));
	}
	return shots;
};

const main = async (): Promise<void> => {
	const only = process.argv.slice(2);
	for (const shot of await loadShots()) {
		if (only.length > 0 && !only.includes(shot.name)) continue;
		const started = performance.now();
		const path = writeScreenshot(shot.name, await shot.screen(), shot.svg ?? {});
		process.stdout.write(`${path} (${Math.round(performance.now() - started)} ms)\n`);
	}
};

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	await main();
}
