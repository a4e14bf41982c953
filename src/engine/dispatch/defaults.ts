/**
 * The default value of each engine port (`EngineDeps` in types.ts), for a place that has nothing to plug in: the
 * CLI runs command and http hooks only, has no switches but the user's, no per-run trust check and no observers.
 */
import type { HookEntry } from "../types.ts";
import type { EngineLimits, EngineObservers, EngineSwitches, EngineTrust } from "./types.ts";

export { UNAVAILABLE_RUNNERS } from "../run/handler.ts";

/** Does nothing (an observer nobody listens to). */
const ignore = (): void => {};

/** Every hook enabled, no kill switch, nothing switches a running hook off. */
export const ALL_ON: EngineSwitches = {
	isEnabled: () => true,
	allOff: () => false,
	switchSignal: () => undefined,
};

/** Every project hook counts as still approved (its approval was checked before, or there is none to check). */
export const NO_TRUST_CHECK: EngineTrust = {
	stillApproved: (_entry: HookEntry) => true,
	onApprovalLost: ignore,
	settle: () => undefined,
};

/** Nobody is told: records, background verdicts, run starts and ends go nowhere. */
export const NO_OBSERVERS: EngineObservers = {
	onRecord: ignore,
	onAsyncVerdict: ignore,
	onRunStart: ignore,
	onRunEnd: ignore,
};

/** 1 MiB of each hook's stdout and stderr kept; 2000 ms between SIGTERM and SIGKILL. */
export const DEFAULT_LIMITS: EngineLimits = { maxOutputBytes: 1024 * 1024, killGraceMs: 2000 };

/** No session whose end kills the hooks (the CLI: its process ending does). */
export const NO_SESSION_SIGNAL = (): AbortSignal | undefined => undefined;
