// A HookContext for unit tests of the pi event adapters: a real engine over a user settings file holding the
// given hooks (real hook processes), and the pi context and API of a real in-process pi session (pi's SDK).

import { join } from "node:path";
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { mergeSources } from "../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import { createEngine, type EngineObservers } from "../../src/engine/engine.ts";
import type { Card } from "../../src/engine/plan/card.ts";
import type { HookContext } from "../../src/pi/events/hook-context.ts";
import { createMcpNames, type McpNames } from "../../src/pi/runners/mcp-names.ts";
import { engineDeps } from "./engine-deps.ts";
import { engineSession } from "./engine-session.ts";
import {
	type ExtensionMode,
	type FakeUiLog,
	fakeUi,
	type SdkRuntime,
	type SdkRuntimeOptions,
	type SdkSandbox,
} from "./pi-sdk.ts";

/** The `hooks` object of a settings file. */
export type Hooks = Record<string, { matcher?: string; hooks: Record<string, unknown>[] }[]>;

/** The fixed clock of {@link startHookContext}, epoch milliseconds. */
export const CLOCK = 1_700_000_000_000;

/** What {@link startHookContext} made. */
export interface StartedHookContext {
	readonly hc: HookContext;
	/** Every decision record the adapter handed to `onCard`, in order. */
	readonly records: Card[];
	/** What the session's UI was shown (notices, statuses, confirms). */
	readonly ui: FakeUiLog;
	/** The running pi (its session, the faux model). */
	readonly pi: SdkRuntime;
	/** The extension API pi gave the test's extension. */
	readonly api: ExtensionAPI;
}

/** Options of {@link startHookContext}. */
export interface HookContextOptions {
	/** pi's mode; default `rpc` (a UI without a terminal). */
	readonly mode?: ExtensionMode;
	/** False: the session has no UI (`ctx.hasUI` false, notices go to stderr). Default true. */
	readonly withUi?: boolean;
	/** True: pi loads its context files (see {@link SdkRuntimeOptions.contextFiles}). */
	readonly contextFiles?: boolean;
	/** Receives the verdict of each `async` hook when it finishes (the engine's `observers.onAsyncVerdict`). */
	readonly onAsyncVerdict?: EngineObservers["onAsyncVerdict"];
	/** Called with pi's API while the test's extension loads, to register handlers. */
	readonly register?: (api: ExtensionAPI, hc: () => HookContext) => void;
}

/** Starts pi's SDK in `sdk`'s project with one extension and returns a hook context over `hooks`. */
export const startHookContext = async (
	sdk: SdkSandbox,
	hooks: Hooks,
	options: HookContextOptions = {},
): Promise<StartedHookContext> => {
	const parsed = parseSettingsText(JSON.stringify({ hooks }), {
		scope: "claude-user",
		file: join(sdk.root, "home", ".claude", "settings.json"),
		project: false,
	});
	const config = mergeSources([parsed], true);
	const engine = createEngine(
		engineDeps({
			config: () => config,
			baseEnv: { ...process.env },
			...(options.onAsyncVerdict === undefined ? {} : { observers: { onAsyncVerdict: options.onAsyncVerdict } }),
		}),
	);
	const records: Card[] = [];
	let seen: ExtensionContext | undefined;
	let api: ExtensionAPI | undefined;
	let mcpNames: McpNames | undefined;
	const contextOf = (ctx: ExtensionContext): HookContext => {
		if (mcpNames === undefined) throw new Error("startHookContext: no extension loaded");
		return {
			engine,
			session: engineSession(ctx.cwd, { sessionId: "s-1" }),
			ctx,
			onCard: (record) => records.push(record),
			clock: () => CLOCK,
			mcpNames,
		};
	};
	const factory = (given: ExtensionAPI) => {
		api = given;
		mcpNames = createMcpNames(given);
		given.on("session_start", (_event, ctx) => {
			seen = ctx;
		});
		options.register?.(given, () => {
			if (seen === undefined) throw new Error("startHookContext: no session_start yet");
			return contextOf(seen);
		});
	};
	const { ui, log } = fakeUi();
	const pi = await sdk.start({
		extensions: [factory],
		mode: options.mode ?? "rpc",
		...(options.withUi === false ? {} : { ui }),
		...(options.contextFiles === undefined ? {} : { contextFiles: options.contextFiles }),
	});
	if (seen === undefined || api === undefined) throw new Error("startHookContext: no session_start");
	return { hc: contextOf(seen), records, ui: log, pi, api };
};

/** A hook handler's shell command that reads its stdin and prints `value` as JSON (exit 0). */
export const printsJson = (value: unknown): string => `cat >/dev/null; printf '%s' '${JSON.stringify(value)}'`;

/** Settings `hooks`: on `event`, one `matcher` group whose one command hook prints `output` as JSON. */
export const answeringHooks = (event: string, matcher: string, output: unknown): Hooks => ({
	[event]: [{ matcher, hooks: [{ type: "command", command: printsJson(output) }] }],
});

/** A command hook handler that appends its stdin, one JSON line per run, to `file`. */
export const recordStdinTo = (file: string) => ({ type: "command", command: `cat >> '${file}'; echo >> '${file}'` });
