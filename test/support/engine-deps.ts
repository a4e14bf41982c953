/**
 * Test helper: the engine's dependencies with each port at its default (`ALL_ON`, `NO_TRUST_CHECK`,
 * `NO_OBSERVERS`, `DEFAULT_LIMITS`, no session signal, `Date.now`, `process.env`), real processes for command hooks
 * and the other handler types unavailable. A test names only the ports, or the members of a port, it changes.
 */
import {
	ALL_ON,
	DEFAULT_LIMITS,
	type EngineDeps,
	type HandlerRunners,
	NO_OBSERVERS,
	NO_SESSION_SIGNAL,
	NO_TRUST_CHECK,
	UNAVAILABLE_RUNNERS,
} from "../../src/engine/engine.ts";
import { runProcess } from "../../src/engine/run/process.ts";

/** What a test sets: `config`, and any port or any member of a grouped port (the rest keep their default). */
export interface EngineDepsOverrides {
	readonly config: EngineDeps["config"];
	readonly runners?: Partial<HandlerRunners>;
	readonly baseEnv?: EngineDeps["baseEnv"];
	readonly sessionSignal?: EngineDeps["sessionSignal"];
	readonly switches?: Partial<EngineDeps["switches"]>;
	readonly trust?: Partial<EngineDeps["trust"]>;
	readonly observers?: Partial<EngineDeps["observers"]>;
	readonly clock?: EngineDeps["clock"];
	readonly limits?: Partial<EngineDeps["limits"]>;
}

/** The engine's dependencies: `overrides` over the defaults, member by member in the grouped ports. */
export const engineDeps = (overrides: EngineDepsOverrides): EngineDeps => ({
	config: overrides.config,
	runners: { ...UNAVAILABLE_RUNNERS, process: runProcess, ...overrides.runners },
	baseEnv: overrides.baseEnv ?? process.env,
	sessionSignal: overrides.sessionSignal ?? NO_SESSION_SIGNAL,
	switches: { ...ALL_ON, ...overrides.switches },
	trust: { ...NO_TRUST_CHECK, ...overrides.trust },
	observers: { ...NO_OBSERVERS, ...overrides.observers },
	clock: overrides.clock ?? Date.now,
	limits: { ...DEFAULT_LIMITS, ...overrides.limits },
});
