/**
 * Gets the typings of one `@anthropic-ai/claude-agent-sdk` release: `npm pack` from the npm registry (the user's
 * npm configuration: registry, proxy, cache) into a temp folder, unpacked with `tar`; or a local `sdk.d.ts`. Its
 * `manifest.json` names the Claude Code the release bundles.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** The SDK package the check reads. */
export const SDK_PACKAGE = "@anthropic-ai/claude-agent-sdk";

/** The registry or the local copy could not be read (the check exits 2). */
export class FetchError extends Error {
	override readonly name = "FetchError";
}

/** One release's typings: `sdk.d.ts`'s text, the SDK version and the Claude Code it bundles. */
export interface SdkTypings {
	readonly text: string;
	readonly version: string;
	readonly claudeCode: string | undefined;
}

const run = (command: string, args: readonly string[], cwd: string): Promise<string> =>
	new Promise((resolve, reject) => {
		execFile(command, args, { cwd, encoding: "utf8", timeout: 300_000 }, (error, stdout, stderr) => {
			if (error === null) resolve(stdout);
			else reject(new Error(npmProblem(stdout) ?? (stderr.trim() || error.message)));
		});
	});

/** What `npm ... --json` said went wrong (`ECONNREFUSED: request to ... failed`), from its JSON error. */
const npmProblem = (stdout: string): string | undefined => {
	try {
		const error = (JSON.parse(stdout) as { error?: { code?: string; summary?: string } }).error;
		return error === undefined ? undefined : [error.code, error.summary].filter(Boolean).join(": ");
	} catch {
		return undefined;
	}
};

/** Reads `dir/sdk.d.ts` with the version of `dir/package.json` and Claude Code's of `dir/manifest.json`. */
const readPackage = (dir: string, sdk: string): SdkTypings => {
	const json = (name: string): Record<string, unknown> | undefined => {
		const file = join(dir, name);
		if (!existsSync(file)) return undefined;
		try {
			return JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
		} catch {
			return undefined;
		}
	};
	const version = json("package.json")?.version;
	const claudeCode = json("manifest.json")?.version;
	let text: string;
	try {
		text = readFileSync(sdk, "utf8");
	} catch (error) {
		throw new FetchError(`cannot read ${sdk}: ${(error as Error).message}`);
	}
	return {
		text,
		version: typeof version === "string" ? version : "(local copy)",
		claudeCode: typeof claudeCode === "string" ? claudeCode : undefined,
	};
};

/** A local `sdk.d.ts` (an unpacked package: its `package.json` and `manifest.json` beside it give the versions). */
export const readLocalTypings = (file: string): SdkTypings => readPackage(dirname(file), file);

/**
 * `version` (default `latest`) of the SDK from the npm registry. Throws {@link FetchError} when npm cannot get it
 * (offline, no such version) or the package has no `sdk.d.ts`.
 */
export const fetchTypings = async (version = "latest"): Promise<SdkTypings> => {
	const dir = mkdtempSync(join(tmpdir(), "phm-claude-sdk-"));
	const spec = `${SDK_PACKAGE}@${version}`;
	try {
		// Under `npm run`, npm_execpath is the npm that runs us; else the one on the PATH.
		const npm = process.env.npm_execpath;
		const viaNode = npm !== undefined && /\.[cm]?js$/.test(npm);
		const args = ["pack", spec, "--json", "--pack-destination", dir, "--loglevel", "error"];
		let out: string;
		try {
			out = await run(viaNode ? process.execPath : "npm", viaNode ? [npm, ...args] : args, dir);
		} catch (error) {
			throw new FetchError(
				`could not fetch ${spec} from the npm registry (offline?): ${(error as Error).message}`,
			);
		}
		const packed = (JSON.parse(out) as { filename?: string }[])[0]?.filename;
		if (packed === undefined) throw new FetchError(`npm pack ${spec} printed no file name`);
		try {
			await run("tar", ["-xzf", join(dir, packed), "-C", dir], dir);
		} catch (error) {
			throw new FetchError(`could not unpack ${packed}: ${(error as Error).message.trim()}`);
		}
		const sdk = join(dir, "package", "sdk.d.ts");
		if (!existsSync(sdk)) throw new FetchError(`${spec} has no sdk.d.ts`);
		return readPackage(join(dir, "package"), sdk);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
};
