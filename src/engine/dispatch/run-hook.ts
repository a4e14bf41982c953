/**
 * Running one hook of an event: its handler (command, http, prompt, agent, mcp_tool) with the hook environment,
 * built once per session, and the engine's output and kill limits.
 */

import { eventEffort } from "../payload/base.ts";
import { hookEnvironment } from "../payload/environment.ts";
import type { ProcessOutcome } from "../ports.ts";
import { type HandlerRunContext, runHookHandler } from "../run/handler.ts";
import type { HookEntry } from "../types.ts";
import type { DispatchRequest, EngineDeps } from "./types.ts";

/** What the engine's parts need to run a hook. */
export interface HookRun {
	/** The hooks' environment for the request, built once per session; `extraEnv` makes a copy for that event. */
	readonly environment: (
		request: Pick<DispatchRequest, "event" | "session" | "extraEnv">,
	) => Readonly<Record<string, string>>;
	/** Runs `entry`'s handler with this stdin and environment in `cwd`; resolves with its outcome, never rejects. */
	readonly run: (entry: HookEntry, context: HandlerRunContext) => Promise<ProcessOutcome>;
}

/** The hook runner of one engine over its dependencies (runners, base environment, output and kill limits). */
export const createHookRun = (deps: EngineDeps): HookRun => {
	const { runners, limits } = deps;
	let sessionEnv: { readonly key: string; readonly env: Readonly<Record<string, string>> } | undefined;
	return {
		environment(request) {
			if (request.extraEnv !== undefined)
				return hookEnvironment(deps.baseEnv, request.session, request.extraEnv, request.event);
			const { sessionId, projectDir, cwd } = request.session;
			// CLAUDE_EFFORT differs by event (tool events and Stop) and follows pi's thinking level.
			const key = `${sessionId}\0${projectDir}\0${cwd}\0${eventEffort(request.session, request.event) ?? ""}`;
			if (sessionEnv?.key !== key)
				sessionEnv = { key, env: hookEnvironment(deps.baseEnv, request.session, {}, request.event) };
			return sessionEnv.env;
		},
		run: (entry, context) => runHookHandler(entry, context, runners, limits),
	};
};
