/**
 * One pi session's hook runtime: `session_start` builds the live configuration and the engine (start-up.ts),
 * each later pi event is routed to its adapter (routes.ts), and the panel asks it about the session
 * (panel-queries.ts); the parts share the session state and facts through runtime-core.ts.
 */
import { panelQueries } from "./panel-queries.ts";
import { eventRoutes } from "./routes.ts";
import { createRuntimeCore } from "./runtime-core.ts";
import type { HookRuntime, RuntimeDeps } from "./runtime-types.ts";
import { startSession } from "./start-up.ts";

export { STOPPED_MESSAGE_TYPE } from "./routes.ts";
export type { HookRuntime, RuntimeDeps } from "./runtime-types.ts";

/** Creates the runtime; nothing runs until `start`. */
export const createRuntime = (deps: RuntimeDeps): HookRuntime => {
	const core = createRuntimeCore(deps);
	return {
		start: (event, ctx) => startSession(core, event, ctx),
		...eventRoutes(core),
		...panelQueries(core),
		channelContext: () => {
			const ctx = core.currentCtx();
			return ctx === undefined ? undefined : core.active(ctx)?.hc;
		},
	};
};
