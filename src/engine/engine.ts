/**
 * The engine's public face: `createEngine`, the types of its requests, records and dependencies, and the default
 * value of each port. The parts live in `dispatch/` (select, run, trace, no-match, test-run) and `record/` (the
 * firing record).
 */
export {
	ALL_ON,
	DEFAULT_LIMITS,
	NO_OBSERVERS,
	NO_SESSION_SIGNAL,
	NO_TRUST_CHECK,
	UNAVAILABLE_RUNNERS,
} from "./dispatch/defaults.ts";
export { createEngine } from "./dispatch/dispatch.ts";
export type {
	DispatchRequest,
	DispatchResult,
	EngineDeps,
	EngineLimits,
	EngineObservers,
	EngineSwitches,
	EngineTracer,
	EngineTrust,
	EventTrace,
	HookEngine,
	NoMatchRequest,
	TestRunRequest,
} from "./dispatch/types.ts";
export type { FiringRecord, NotRunHook, NotRunReason } from "./record/firing-record.ts";
export type { HandlerRunners } from "./run/handler.ts";
