/**
 * The one-run approval opt-in `PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS=1`: read once and removed from pi's
 * environment at once, so no hook, tool command or child process inherits it (a `pi` a tool starts in another
 * project must not auto-approve there). It approves this one pi process only; a reload in the same process
 * keeps it. It covers the project hooks as this process first saw them (opt-in-cover.ts).
 */
import { markOptInTime } from "./opt-in-cover.ts";

/** The environment variable that approves every new or changed project hook of this pi process. */
export const APPROVE_ENV = "PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS";

/** Where the value read survives an extension reload within the same process. */
const KEPT = Symbol.for("pi-hook-manager.approve-opt-in");

type Holder = { [KEPT]?: boolean };

/**
 * True when this process was started with `APPROVE_ENV=1`. Deletes the variable from `env` (pi's live
 * `process.env`) the first time it is seen there. Call it before copying the environment for hooks.
 */
export const takeApproveOptIn = (env: Record<string, string | undefined>): boolean => {
	const holder = globalThis as Holder;
	if (env[APPROVE_ENV] !== undefined) {
		holder[KEPT] = env[APPROVE_ENV] === "1";
		// What it approves is the project as it is now (opt-in-cover.ts): a file changed later is not covered.
		if (holder[KEPT]) markOptInTime();
		delete env[APPROVE_ENV];
	}
	return holder[KEPT] ?? false;
};
