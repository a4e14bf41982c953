/**
 * An approval covers the content at the moment of approval, also the one-run opt-in
 * (`PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS=1`) in the real pi's print mode: a tool call that rewrites an approved
 * project hook's script (a same-size `cp`, or an edit in place with a new mtime), in the same reply or the one
 * before, must not make the hook run the new content under the old opt-in. Nobody can answer there: the hook does
 * not run, a guard with `onFailure: "block"` keeps blocking, and stderr names the file that changed.
 */
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { EXTENSION_PATH, runPiPrint } from "../support/pi-env.ts";
import { hookSettings, mark, OPT_IN, trustSandbox } from "../support/trust-sandbox.ts";

const e2e = useE2e();

/** The line of the approval list on stderr that names the changed file. */
const CHANGED = "runs .claude/post.sh (CHANGED since you approved it)";

/** Print mode with one prompt after another (pi runs each message as its own prompt, in order). */
const printArgs = (...prompts: string[]): string[] => ["-e", EXTENSION_PATH, "-p", ...prompts];

/** A project whose PostToolUse [Bash] hook runs .claude/post.sh (appends `good`); evil.txt appends `EVIL`. */
const project = (extra: Record<string, unknown> = {}, event = "PostToolUse") =>
	trustSandbox(e2e.sandbox(), {
		project: hookSettings(event, "Bash", { type: "command", command: "sh .claude/post.sh", ...extra }),
		files: { ".claude/post.sh": mark("good"), "evil.txt": mark("EVIL") },
		// The model's rewrite must reach the file: the self-guard would refuse it first (its own tests check it).
		selfGuard: false,
	});

describe("the one-run opt-in covers the content pi first saw", () => {
	it("a same-size cp over the script in one reply: the next hook run does not run it; stderr names it", async () => {
		const sandbox = project();
		// pi runs the calls of one reply at the same time: the second starts after the rewrite is surely done.
		const result = await runPiPrint(
			sandbox,
			printArgs("bash: cp evil.txt .claude/post.sh\nbash: sleep 1; echo two"),
			{
				env: OPT_IN,
			},
		);
		expect(sandbox.runs()).not.toContain("EVIL");
		expect(result.stderr).toContain(CHANGED);
		expect(result.stderr).toContain("these changed during the run");
		// What changed, from the masked copy kept at the first look.
		expect(result.stderr).toContain(`+ ${mark("EVIL").trim()}`);
	});

	it("an edit in place with a new mtime, then the next prompt: the hook does not run the new content", async () => {
		const sandbox = project();
		const result = await runPiPrint(
			sandbox,
			printArgs("bash: echo one", "bash: cat evil.txt > .claude/post.sh", "bash: echo three"),
			{ env: OPT_IN },
		);
		expect(sandbox.runs()).toBe("good\n");
		expect(result.stderr).toContain(CHANGED);
	});

	it("in JSON mode (no UI either) the rewritten script does not run and stderr names it", async () => {
		const sandbox = project();
		const args = [
			"-e",
			EXTENSION_PATH,
			"--mode",
			"json",
			"-p",
			"bash: cp evil.txt .claude/post.sh",
			"bash: echo two",
		];
		const result = await runPiPrint(sandbox, args, { env: OPT_IN });
		// The PostToolUse run after the cp itself already sees the new content: it does not run either.
		expect(sandbox.runs()).toBe("");
		expect(result.stderr).toContain(CHANGED);
	});

	it('a guard with onFailure: "block" whose script changed keeps blocking every call it guards', async () => {
		const sandbox = project({ onFailure: "block" }, "PreToolUse");
		const result = await runPiPrint(
			sandbox,
			printArgs("bash: cp evil.txt .claude/post.sh", "bash: echo hi > a.txt", "bash: echo hi > b.txt"),
			{ env: OPT_IN },
		);
		expect(sandbox.runs()).toBe("good\n");
		expect(sandbox.made("a.txt")).toBe(false);
		expect(sandbox.made("b.txt")).toBe(false);
		expect(result.stderr).toContain("hook blocked the call");
		expect(result.stderr).toContain(CHANGED);
	});
});
