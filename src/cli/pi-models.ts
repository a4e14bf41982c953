/**
 * pi's model for the command line's `prompt` and `agent` hooks, read from pi's agent dir by pi's own SDK as pi
 * reads it at start-up: `ModelRuntime` over `<agentDir>/models.json` (custom providers) and `auth.json` (API keys,
 * besides the environment's), `SettingsManager` over `<agentDir>/settings.json` and the project's
 * `.pi/settings.json` (`defaultProvider`, `defaultModel`), and `createAgentSession` (in memory, no extensions, no
 * tools) to pick the model the way pi does (the settings' default when it has a key, else the first available).
 * pi is a peer dependency: it is imported only here and only when a prompt or agent hook would run, so the
 * command works without it; the one beside this package, else the install of the `pi` command on the PATH. A hook
 * that cannot run on pi's model is skipped with a {@link ModelSkip} code, never run and never passed. The agent
 * dir is only read: pi's SDK creates `auth.json` and `models-store.json` when they are missing, so a missing one
 * is given as a file in a temp folder (removed when the process exits), and the agent dir is left as it was;
 * existing ones are pi's to read (and to refresh, as pi does).
 */
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { PiSdk } from "../host/models/agent-runner.ts";
import { findHookModel, type HookModelContext } from "../host/models/hook-model.ts";

/**
 * Why a prompt or agent hook is skipped: `no_pi` pi's package (`@earendil-works/pi-coding-agent`) cannot be
 * loaded; `pi_error` pi's SDK failed on the agent dir; `no_model` no model is set up (or the hook's `model` is not
 * one pi knows); `no_api_key` the model is known but its provider has no key (environment or auth.json).
 */
export type ModelSkip = "no_pi" | "pi_error" | "no_model" | "no_api_key";

/** pi's models as the command line sees them: ready, or why not (with pi's own message in `detail`). */
export type PiModels =
	| {
			readonly ok: true;
			readonly sdk: PiSdk;
			/** pi's current model (as pi would start with it) and its registry. */
			readonly ctx: HookModelContext;
			/** The settings' `defaultProvider/defaultModel`, when both are set. */
			readonly defaultModel: string | undefined;
	  }
	| { readonly ok: false; readonly reason: "no_pi" | "pi_error"; readonly detail: string };

/** One hook's skip: the code, and the model it is about (`provider/id`), if any. */
export interface HookModelSkip {
	readonly reason: ModelSkip;
	readonly model?: string;
	readonly detail?: string;
}

/** pi's package name. */
const PI_PACKAGE = "@earendil-works/pi-coding-agent";

/**
 * The folder of the pi package whose `pi` command is first on `path` (a global install: the command is a link into
 * the package), or undefined.
 */
export const piPackageOnPath = (path: string | undefined): string | undefined => {
	for (const dir of (path ?? "").split(delimiter)) {
		if (dir === "") continue;
		let at: string;
		try {
			at = dirname(realpathSync(join(dir, "pi")));
		} catch {
			continue;
		}
		for (let depth = 0; depth < 6; depth++, at = dirname(at)) {
			try {
				const json = JSON.parse(readFileSync(join(at, "package.json"), "utf8")) as { name?: unknown };
				if (json.name === PI_PACKAGE) return at;
			} catch {
				// No package.json here: one folder up.
			}
		}
	}
	return undefined;
};

/** The ES module entry of the pi package in `dir` (its `exports["."].import`, else `main`). */
const packageEntry = (dir: string): string => {
	const json = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
		main?: string;
		exports?: { "."?: { import?: string } };
	};
	return join(dir, json.exports?.["."]?.import ?? json.main ?? "dist/index.js");
};

/**
 * Imports pi's SDK: as Node resolves it from this package (pi is a peer dependency, e.g. a dev dependency beside
 * it), else the package of the `pi` command on `$PATH` (a global install). A string saying why on failure.
 */
export const importPiSdk = async (path = process.env.PATH): Promise<PiSdk | string> => {
	let message: string;
	try {
		return await import("@earendil-works/pi-coding-agent");
	} catch (error) {
		message = (error as Error).message;
	}
	const global = piPackageOnPath(path);
	if (global === undefined) return message;
	try {
		return (await import(pathToFileURL(packageEntry(global)).href)) as PiSdk;
	} catch (error) {
		return `${global}: ${(error as Error).message}`;
	}
};

/** `<agentDir>/<name>` when it exists, else the same name in a temp folder removed at exit (made on first use). */
const fileOrScratch = (() => {
	let scratch: string | undefined;
	return (agentDir: string, name: string): string => {
		const file = join(agentDir, name);
		if (existsSync(file)) return file;
		if (scratch === undefined) {
			const dir = mkdtempSync(join(tmpdir(), "pi-hook-manager-models-"));
			scratch = dir;
			process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
		}
		return join(scratch, name);
	};
})();

/** The first line of an error's message. */
const firstLine = (error: unknown): string => String((error as Error)?.message ?? error).split("\n")[0] ?? "";

/**
 * Reads pi's models for the project `cwd` from `agentDir` (see the header); `load` imports pi's SDK. Never
 * rejects: pi missing or failing is a result.
 */
export const loadPiModels = async (
	agentDir: string,
	cwd: string,
	load: () => Promise<PiSdk | string> = importPiSdk,
): Promise<PiModels> => {
	const sdk = await load();
	if (typeof sdk === "string") return { ok: false, reason: "no_pi", detail: sdk };
	try {
		const modelRuntime = await sdk.ModelRuntime.create({
			authPath: fileOrScratch(agentDir, "auth.json"),
			modelsPath: join(agentDir, "models.json"),
			modelsStorePath: fileOrScratch(agentDir, "models-store.json"),
		});
		const settingsManager = sdk.SettingsManager.create(cwd, agentDir);
		const resourceLoader = new sdk.DefaultResourceLoader({
			cwd,
			agentDir,
			settingsManager,
			noExtensions: true,
			noSkills: true,
			noPromptTemplates: true,
			noThemes: true,
			noContextFiles: true,
		});
		await resourceLoader.reload();
		const { session } = await sdk.createAgentSession({
			cwd,
			agentDir,
			modelRuntime,
			settingsManager,
			resourceLoader,
			sessionManager: sdk.SessionManager.inMemory(cwd),
			tools: [],
		});
		// With no model pi's session holds a placeholder ("unknown"): only a model of pi's runtime counts.
		const current = session.model;
		const model =
			current !== undefined && modelRuntime.getModel(current.provider, current.id) !== undefined
				? current
				: undefined;
		session.dispose();
		const provider = settingsManager.getDefaultProvider();
		const id = settingsManager.getDefaultModel();
		return {
			ok: true,
			sdk,
			ctx: { model, modelRegistry: new sdk.ModelRegistry(modelRuntime) },
			defaultModel: provider !== undefined && id !== undefined ? `${provider}/${id}` : undefined,
		};
	} catch (error) {
		return { ok: false, reason: "pi_error", detail: firstLine(error) };
	}
};

/**
 * Why a prompt or agent hook asking for `wanted` (its `model`, or undefined for pi's current one) cannot run on
 * `models`; undefined when it can.
 */
export const modelSkip = (models: PiModels, wanted: string | undefined): HookModelSkip | undefined => {
	if (!models.ok) return { reason: models.reason, detail: models.detail };
	if (findHookModel(models.ctx, wanted) !== undefined) return undefined;
	const registry = models.ctx.modelRegistry;
	const name = wanted ?? models.defaultModel;
	if (name === undefined) return { reason: "no_model" };
	const known = registry.getAll().find((m) => m.id === name || `${m.provider}/${m.id}` === name);
	if (known === undefined) return { reason: "no_model", model: name };
	const model = `${known.provider}/${known.id}`;
	return registry.hasConfiguredAuth(known) ? { reason: "no_model", model } : { reason: "no_api_key", model };
};

/** The sentence for a skip (made from its code, for the `SKIP` and `why` lines). */
export const modelSkipText = (skip: HookModelSkip): string => {
	const model = skip.model === undefined ? "" : ` ${skip.model}`;
	switch (skip.reason) {
		case "no_pi":
			return "pi (@earendil-works/pi-coding-agent) is not installed beside pi-hook-manager nor as the pi on PATH";
		case "pi_error":
			return `pi could not read its agent dir: ${skip.detail ?? ""}`;
		case "no_model":
			return skip.model === undefined
				? "pi has no model set up (defaultProvider and defaultModel in pi's settings.json, models.json)"
				: `pi has no model${model}`;
		case "no_api_key":
			return `pi's model${model} has no API key (environment or pi's auth.json)`;
	}
};
