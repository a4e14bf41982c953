/**
 * `npm run check:claude-code`: tells whether Claude Code moved. Reads the newest `@anthropic-ai/claude-agent-sdk`
 * typings from the npm registry and prints one line naming the hook events, input fields and output fields that
 * pi-hook-manager does not know. Exit 0: nothing new; 1: something new (the line says what); 2: the typings could
 * not be read (offline, no such version, a reshaped `sdk.d.ts`).
 *
 * Options: `--version V` (a release other than `latest`), `--file PATH` (a local `sdk.d.ts`, e.g. offline),
 * `--json` (print the lists the release declares, the shape of `test/fixtures/claude-code/*.json`), `--accept`
 * (after handling a release: write its fields into `scripts/claude-code/known-fields.json`; events are added to
 * `HOOK_EVENTS` in src/engine/types.ts by hand).
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { compareLists, driftReport, hasDrift } from "./claude-code/compare.ts";
import { ExtractError, extractSdkLists } from "./claude-code/extract.ts";
import { FetchError, fetchTypings, readLocalTypings, type SdkTypings } from "./claude-code/fetch.ts";
import { acceptFields, knownLists } from "./claude-code/known.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Runs the check with command-line `argv`; resolves to the exit code. */
export const main = async (argv: readonly string[]): Promise<number> => {
	let options: { version?: string; file?: string; json?: boolean; accept?: boolean };
	try {
		options = parseArgs({
			args: [...argv],
			options: {
				version: { type: "string" },
				file: { type: "string" },
				json: { type: "boolean" },
				accept: { type: "boolean" },
			},
		}).values;
	} catch (error) {
		console.error(`check:claude-code: ${(error as Error).message}`);
		return 2;
	}
	let typings: SdkTypings;
	try {
		typings =
			options.file === undefined ? await fetchTypings(options.version) : readLocalTypings(resolve(options.file));
	} catch (error) {
		if (!(error instanceof FetchError)) throw error;
		console.error(`check:claude-code: ${error.message}\n(to check a copy you have: --file path/to/sdk.d.ts)`);
		return 2;
	}
	let lists: ReturnType<typeof extractSdkLists>;
	try {
		lists = extractSdkLists(typings.text, typings.version, typings.claudeCode);
	} catch (error) {
		if (!(error instanceof ExtractError)) throw error;
		console.error(`check:claude-code: ${error.message} (scripts/claude-code/extract.ts needs updating)`);
		return 2;
	}
	if (options.json) console.log(JSON.stringify(lists, null, "\t"));
	const drift = compareLists(lists, knownLists());
	console.log(driftReport(drift));
	if (options.accept) {
		const file = acceptFields(lists);
		const biome = join(ROOT, "node_modules", ".bin", "biome");
		if (existsSync(biome)) execFileSync(biome, ["format", "--write", file], { stdio: "ignore" });
		console.log(`wrote ${lists.version}'s fields to ${file}`);
		if (drift.newEvents.length > 0) console.log(`add to HOOK_EVENTS by hand: ${drift.newEvents.join(", ")}`);
	}
	return hasDrift(drift) ? 1 : 0;
};

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
	process.exitCode = await main(process.argv.slice(2));
