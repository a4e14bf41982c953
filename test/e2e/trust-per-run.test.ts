/**
 * The per-run check, attacked end to end in the real pi: one model reply makes two tool calls; the first rewrites
 * a script an approved project hook runs (in place with the old mtime put back by `touch -r`, or a plain `cp`),
 * and the hook's next run, within the same reply, must not run the new content under the old approval. The user
 * is asked again at once (RPC confirm); with `onFailure: "block"` the guarded call is blocked instead of skipped.
 */
import { describe, expect, it } from "vitest";
import { sessionDecisions, useE2e } from "../support/e2e.ts";
import { piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { startPiRpc } from "../support/pi-rpc.ts";
import { answer, hookSettings, mark, nextConfirm, trustSandbox } from "../support/trust-sandbox.ts";

const e2e = useE2e();

const REWRITES = [
	[
		"in place, the old mtime put back with touch -r",
		"touch -r .claude/post.sh ref.stamp && cat evil.txt > .claude/post.sh && touch -r ref.stamp .claude/post.sh",
	],
	["with a plain cp", "cp evil.txt .claude/post.sh"],
] as const;

/** A project with an approved PostToolUse [Bash] hook running .claude/post.sh; returns the RPC session. */
const approvedProject = async (extra: Record<string, unknown> = {}) => {
	const sandbox = trustSandbox(e2e.sandbox(), {
		project: hookSettings("PostToolUse", "Bash", { type: "command", command: "sh .claude/post.sh", ...extra }),
		files: { ".claude/post.sh": mark("good"), "evil.txt": mark("EVIL") },
		// The model's rewrite must reach the file: the self-guard would ask about it first.
		selfGuard: false,
	});
	const rpc = startPiRpc(sandbox);
	const first = await nextConfirm(rpc);
	answer(rpc, first, true);
	await rpc.prompt("bash: echo one");
	expect(sandbox.runs()).toBe("good\n");
	return { sandbox, rpc, first };
};

describe("covered files are checked before every run of a project hook", () => {
	it.each(REWRITES)(
		"a tool call that rewrites the script %s: the next run in the same reply does not run it",
		async (_name, rewrite) => {
			const { sandbox, rpc, first } = await approvedProject();
			try {
				const asked = nextConfirm(rpc, first);
				// One reply, two tool calls: the first rewrites the script, the hook then runs after each. pi runs the
				// calls of one reply at the same time, so the second waits until the rewrite is surely done: the
				// hook's check must see it (a hook of a call whose sibling is still running is held: trust-late-read).
				const prompt = rpc.prompt(`bash: ${rewrite}\nbash: sleep 1; echo two`);
				const again = await asked;
				expect(String(again.message)).toContain("changed PostToolUse [Bash]");
				expect(String(again.message)).toContain("runs .claude/post.sh (CHANGED since you approved it)");
				// What changed, line by line, not only "CHANGED".
				expect(String(again.message)).toContain(`- ${mark("good").trim()}\n          + ${mark("EVIL").trim()}`);
				answer(rpc, again, false);
				await prompt;
				// The record of the run it did not make says why, with its code.
				const rows = rpc.records.filter((r) => r.type === "extension_ui_request" && r.method === "notify");
				expect(rows.some((r) => String(r.message).includes("will not run until approved"))).toBe(true);
			} finally {
				await rpc.close();
			}
			expect(sandbox.runs()).not.toContain("EVIL");
			expect(sandbox.runs()).toBe("good\n");
		},
	);

	it('with onFailure: "block" the call it guards is blocked, with the reason, until approved again', async () => {
		const { sandbox, rpc, first } = await approvedProject({ onFailure: "block" });
		try {
			const asked = nextConfirm(rpc, first);
			const prompt = rpc.prompt(`bash: ${REWRITES[1][1]}`);
			const again = await asked;
			answer(rpc, again, false);
			await prompt;
			// Declined: a changed file must not switch a fail-closed guard off. The next prompt's call is blocked too.
			await rpc.prompt("bash: echo three");
		} finally {
			await rpc.close();
		}
		expect(sandbox.runs()).toBe("good\n");
		const blocks = sessionDecisions(sandbox).filter((card) => card.kind === "block");
		expect(blocks.map((card) => String(card.reason))).toEqual([
			expect.stringContaining("a file its approval covers changed since you approved it"),
			expect.stringContaining("a file its approval covers changed since you approved it"),
		]);
		// A new pi, without a UI, blocks as well and says which hook waits.
		const next = await runPiPrint(sandbox, piPrintArgs("bash: echo four > four.txt"));
		expect(next.stderr).toContain("will not run until approved");
		expect(next.stderr).toContain("hook blocked the call");
		expect(sandbox.runs()).toBe("good\n");
	});
});
