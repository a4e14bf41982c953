/**
 * The e2e helpers hold under load: a pi that hangs (here on a SessionStart hook that sleeps) is killed with its hook
 * before the test's limit, and the test fails with a message naming what it waited for, not with vitest's timeout.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { startPiRpc } from "../support/pi-rpc.ts";
import { isRunning, pidWritten } from "../support/processes.ts";
import { hookSettings } from "../support/trust-sandbox.ts";

const e2e = useE2e();

/** A sandbox whose user settings have a SessionStart hook that writes pi's pid and its own, then sleeps. */
const hungSession = () => {
	const box = e2e.sandbox();
	const piPid = join(box.root, "pi.pid");
	const hookPid = join(box.root, "hook.pid");
	const command = `echo $PPID > ${piPid}; echo $$ > ${hookPid}; sleep 600`;
	box.writeJson("home/.claude/settings.json", hookSettings("SessionStart", undefined, { type: "command", command }));
	return { box, piPid, hookPid };
};

describe("a hung pi at the test's limit", () => {
	it("print mode: the run is killed with its hook and the failure names the wait", async () => {
		const { box, piPid, hookPid } = hungSession();
		const run = runPiPrint(box, piPrintArgs("hello"));
		const pids = [await pidWritten(piPid), await pidWritten(hookPid)];
		await expect(run).rejects.toThrow(
			/waited for `pi -e .* -p hello` to exit; killed it after \d+ ms, near the test's/,
		);
		expect(pids.filter(isRunning)).toEqual([]);
	}, 15_000);

	it("RPC: a wait that never ends fails naming what it waited for; pi and its hook are killed", async ({
		onTestFinished,
	}) => {
		const { box, piPid, hookPid } = hungSession();
		const pids: number[] = [];
		// Registered before pi starts, so it runs after the helpers' own end-of-test kill (last in, first out).
		onTestFinished(() => expect(pids.filter(isRunning)).toEqual([]));
		const rpc = startPiRpc(box);
		pids.push(await pidWritten(piPid), await pidWritten(hookPid));
		const waited = /(the response to prompt p1|agent_settled after) "hello"/.source;
		await expect(rpc.prompt("hello", 60_000)).rejects.toThrow(
			new RegExp(`timed out after \\d+ ms, near the test's 15000 ms limit waiting for ${waited}`),
		);
	}, 15_000);
});
