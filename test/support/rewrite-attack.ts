/**
 * Test helper for the trust attacks that rewrite a file an approved project hook runs: the marker the files
 * append, what they appended, and the approve-run-rewrite-run sequence over pi's RPC mode.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { PiSandbox } from "./pi-env.ts";
import { startPiRpc } from "./pi-rpc.ts";

/** Shell text that appends `word` to runs.txt in the project; "good" and "EVIL" have the same length. */
export const mark = (word: string): string => `echo ${word} >> "$CLAUDE_PROJECT_DIR/runs.txt"\n`;

/**
 * Switches the self-guard off in the sandbox's pi settings (`guardHookFiles: false`): the attacks on change-aware
 * trust rewrite covered files with a model tool call, which the guard would otherwise ask about first (the layer
 * these tests check is the one behind it; test/e2e/self-guard.test.ts checks the guard).
 */
export const selfGuardOff = (sandbox: PiSandbox): void => {
	const file = join(sandbox.agentDir, "settings.json");
	const settings = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
	writeFileSync(file, `${JSON.stringify({ ...settings, guardHookFiles: false }, null, "\t")}\n`);
};

/** What the hooks appended to the project's runs.txt ("" before the first run). */
export const runs = (sandbox: PiSandbox): string => {
	const file = join(sandbox.projectDir, "runs.txt");
	return existsSync(file) ? readFileSync(file, "utf8") : "";
};

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
		const first = await rpc.waitFor((r) => r.type === "extension_ui_request" && r.method === "confirm");
		rpc.send({ type: "extension_ui_response", id: first.id, confirmed: true });
		await rpc.prompt("bash: echo one");
		if (runs(sandbox) !== "good\n") throw new Error(`the approved hook did not run once: ${runs(sandbox)}`);
		void rpc
			.waitFor((r) => r.type === "extension_ui_request" && r.method === "confirm" && r.id !== first.id)
			.then((again) => rpc.send({ type: "extension_ui_response", id: again.id, confirmed: false }))
			.catch(() => undefined);
		await rpc.prompt(`bash: cp evil.txt ${rewrite}`);
		await rpc.prompt("bash: echo two");
		return String(first.message);
	} finally {
		await rpc.close();
	}
};
