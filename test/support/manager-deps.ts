/** Test helper: the parts of a hook manager's deps a test does not look at, for `createHookManager`. */
import type { FooterControls, LiveSession } from "../../src/pi/manager/hook-manager.ts";

/** A live session with `config`, that approves without a problem, has no session facts and runs no test. */
export const liveSession = (config: LiveSession["config"], overrides: Partial<LiveSession> = {}): LiveSession => ({
	config,
	reload: () => {},
	approve: () => undefined,
	session: () => undefined,
	testRun: () => undefined,
	showApprovals: () => ({ lines: [], approve: () => ({ kind: "approved" }) }),
	askApproval: async () => [],
	approveUnseen: async () => 0,
	...overrides,
});

/** A footer that shows nothing. */
export const NO_FOOTER: FooterControls = { setKillSwitch: () => {}, setHookCounts: () => {}, refresh: () => {} };
