/**
 * The engine's public face: `createEngine` and the types of its requests, records and dependencies. The parts
 * live in `dispatch/` (select, run, trace, no-match, test-run) and `record/` (the firing record).
 */
export { createEngine } from "./dispatch/dispatch.ts";
export type {
	DispatchRequest,
	DispatchResult,
	EngineDeps,
	HookEngine,
	NoMatchRequest,
	TestRunRequest,
} from "./dispatch/types.ts";
export type { FiringRecord, NotRunHook, NotRunReason } from "./record/firing-record.ts";
