/**
 * Test helper for the trust attacks that rewrite a file an approved project hook runs: the approve-run-rewrite-run
 * sequence over pi's RPC mode (the sandbox, the marker the files append and what they appended are in
 * trust-sandbox.ts).
 */
import type { PiSandbox } from "./pi-env.ts";
import { startPiRpc } from "./pi-rpc.ts";
import { answer, nextConfirm, runs, selfGuardOff } from "./trust-sandbox.ts";

/**
 * Starts pi in RPC mode on `sandbox`, approves the project hooks in the first dialog, runs them once with
 * `bash: echo one` (expecting `good` in runs.txt), then copies the project's evil.txt over `rewrite` (a path
 * in the project) and runs them again with `bash: echo two`, declining any later dialog. Two prompts, not two
 * calls of one reply: pi runs those concurrently, and the second hook could start before the rewrite. Resolves
 * with the first dialog's message; the caller checks `runs(sandbox)` for `EVIL`. The self-guard is off.
 */
export const approveThenRewrite = async (sandbox: PiSandbox, rewrite: string): Promise<string> => {
	selfGuardOff(sandbox);
	const rpc = startPiRpc(sandbox);
	try {
		const first = await nextConfirm(rpc);
		answer(rpc, first, true);
		await rpc.prompt("bash: echo one");
		if (runs(sandbox) !== "good\n") throw new Error(`the approved hook did not run once: ${runs(sandbox)}`);
		void nextConfirm(rpc, first)
			.then((again) => answer(rpc, again, false))
			.catch(() => undefined);
		await rpc.prompt(`bash: cp evil.txt ${rewrite}`);
		await rpc.prompt("bash: echo two");
		return String(first.message);
	} finally {
		await rpc.close();
	}
};
