// In-process pi sessions for tests: pi's SDK with pi-ai's faux model, extensions given as factories, an
// isolated agent dir, and an optional fake UI that records what extensions show (needs Node 22, like pi).

import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FauxProviderHandle, fauxProvider } from "@earendil-works/pi-ai";
import {
	type AgentSession,
	type AgentSessionRuntime,
	type CreateAgentSessionRuntimeFactory,
	createAgentSessionFromServices,
	createAgentSessionRuntime,
	createAgentSessionServices,
	type ExtensionFactory,
	type ExtensionUIContext,
	ModelRuntime,
	SessionManager,
	SettingsManager,
} from "@earendil-works/pi-coding-agent";
import { afterEach, beforeEach, vi } from "vitest";

/** pi's run modes as extensions see them (`ctx.mode`). */
export type ExtensionMode = "tui" | "rpc" | "json" | "print";

/** What a {@link fakeUi} recorded. */
export interface FakeUiLog {
	/** Every `setStatus(key, text)`, in order. */
	readonly statuses: { readonly key: string; readonly text: string | undefined }[];
	/** Every `notify(message, level)`. */
	readonly notices: { readonly message: string; readonly level: string | undefined }[];
	/** Every `confirm(title, message)`. */
	readonly confirms: { readonly title: string; readonly message: string }[];
	/** The last text set for `key`, or undefined. */
	lastStatus(key: string): string | undefined;
}

/**
 * A UI context that records `setStatus`, `notify` and `confirm` and answers `confirm` with `answer`; `custom`
 * resolves undefined, as in pi's RPC mode.
 * `theme` throws as pi's does without an initialised theme, so code that reads it unguarded fails the test;
 * every other method is a no-op returning undefined.
 */
export const fakeUi = (answer: () => boolean = () => false): { ui: ExtensionUIContext; log: FakeUiLog } => {
	const log: FakeUiLog = {
		statuses: [],
		notices: [],
		confirms: [],
		lastStatus: (key) => log.statuses.filter((status) => status.key === key).at(-1)?.text,
	};
	const known: Record<string, unknown> = {
		setStatus: (key: string, text: string | undefined) => log.statuses.push({ key, text }),
		notify: (message: string, level?: string) => log.notices.push({ message, level }),
		confirm: async (title: string, message: string) => {
			log.confirms.push({ title, message });
			return answer();
		},
		// As in pi's RPC mode: no custom components, the dialog resolves undefined (callers fall back to confirm).
		custom: async () => undefined,
	};
	const ui = new Proxy(known, {
		get(target, property) {
			if (property === "theme") throw new Error("Theme not initialized. Call initTheme() first.");
			if (typeof property === "string" && property in target) return target[property];
			return () => undefined;
		},
	}) as unknown as ExtensionUIContext;
	return { ui, log };
};

/** Options of {@link startSdkRuntime}. */
export interface SdkRuntimeOptions {
	/** The project directory (pi's cwd). */
	readonly cwd: string;
	/** The isolated agent directory; sessions are written under `<agentDir>/sessions`. */
	readonly agentDir: string;
	readonly extensions: readonly ExtensionFactory[];
	/** Default `print`. */
	readonly mode?: ExtensionMode;
	/** A UI for the session (e.g. {@link fakeUi}); without it `ctx.hasUI` is false. */
	readonly ui?: ExtensionUIContext;
	/** True: pi loads its context files (`AGENTS.md`, `CLAUDE.md` of the agent dir and the project); default false. */
	readonly contextFiles?: boolean;
}

/** A running in-process pi: the session runtime (new/fork/switch), the faux model and collected errors. */
export interface SdkRuntime {
	readonly runtime: AgentSessionRuntime;
	/** The current session (changes after fork/new/switch). */
	session(): AgentSession;
	readonly faux: FauxProviderHandle;
	/** Extension errors pi reported (`onError`). */
	readonly errors: unknown[];
	/** Binds extensions to the current session (fires `session_start`); called for you at start and after `fork`. */
	bind(): Promise<void>;
	/** Forks at `entryId` (`position` before: the new session ends just before it) and binds the new session. */
	fork(entryId: string): Promise<void>;
	dispose(): Promise<void>;
}

/** Starts pi in-process on the faux model with file-backed sessions, the given extensions bound. */
export const startSdkRuntime = async (options: SdkRuntimeOptions): Promise<SdkRuntime> => {
	mkdirSync(options.agentDir, { recursive: true });
	const faux = fauxProvider({ provider: "faux", models: [{ id: "faux-1" }] });
	const errors: unknown[] = [];
	const createRuntime: CreateAgentSessionRuntimeFactory = async ({
		cwd,
		agentDir,
		sessionManager,
		sessionStartEvent,
	}) => {
		const modelRuntime = await ModelRuntime.create({
			authPath: join(agentDir, "auth.json"),
			modelsPath: null,
			allowModelNetwork: false,
		});
		modelRuntime.registerNativeProvider(faux.provider);
		const services = await createAgentSessionServices({
			cwd,
			agentDir,
			modelRuntime,
			settingsManager: SettingsManager.inMemory({ retry: { enabled: false }, quietStartup: true }),
			resourceLoaderOptions: {
				extensionFactories: [...options.extensions],
				noExtensions: true,
				noSkills: true,
				noPromptTemplates: true,
				noThemes: true,
				noContextFiles: options.contextFiles !== true,
			},
		});
		const result = await createAgentSessionFromServices({
			services,
			sessionManager,
			...(sessionStartEvent === undefined ? {} : { sessionStartEvent }),
			model: faux.getModel(),
			thinkingLevel: "off",
		});
		return { ...result, services, diagnostics: services.diagnostics };
	};
	const runtime = await createAgentSessionRuntime(createRuntime, {
		cwd: options.cwd,
		agentDir: options.agentDir,
		sessionManager: SessionManager.create(options.cwd, join(options.agentDir, "sessions")),
	});
	const bind = async (): Promise<void> => {
		await runtime.session.bindExtensions({
			mode: options.mode ?? "print",
			...(options.ui === undefined ? {} : { uiContext: options.ui }),
			onError: (error) => errors.push(error),
		});
	};
	await bind();
	return {
		runtime,
		session: () => runtime.session,
		faux,
		errors,
		bind,
		async fork(entryId) {
			await runtime.fork(entryId);
			await bind();
		},
		dispose: () => runtime.dispose(),
	};
};

/** A fresh sandbox per test for pi's SDK: `root` holds `home/` (HOME), `agent/` (the agent dir) and `project/`. */
export interface SdkSandbox {
	/** The current test's sandbox folder (real path). */
	readonly root: string;
	/** Starts pi's SDK in `project/` with `agent/`; the runtime is disposed after the test. */
	start(options: Omit<SdkRuntimeOptions, "cwd" | "agentDir">): Promise<SdkRuntime>;
}

/** Registers beforeEach/afterEach hooks making an {@link SdkSandbox} named `prefix…` in the temp folder. */
export const useSdkSandbox = (prefix: string): SdkSandbox => {
	let root: string | undefined;
	let runtime: SdkRuntime | undefined;
	beforeEach(() => {
		root = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
		mkdirSync(join(root, "project"), { recursive: true });
		vi.stubEnv("HOME", join(root, "home"));
		vi.stubEnv("PI_CODING_AGENT_DIR", join(root, "agent"));
	});
	afterEach(async () => {
		await runtime?.dispose();
		runtime = undefined;
		vi.unstubAllEnvs();
		if (root !== undefined) rmSync(root, { recursive: true, force: true });
	});
	return {
		get root() {
			if (root === undefined) throw new Error("useSdkSandbox: the sandbox is made in beforeEach");
			return root;
		},
		async start(options) {
			const at = this.root;
			runtime = await startSdkRuntime({ ...options, cwd: join(at, "project"), agentDir: join(at, "agent") });
			return runtime;
		},
	};
};
