/**
 * The late-read race, in the real pi's print mode: pi runs the tool calls of one reply at the same time, and a
 * PostToolUse hook that reads a covered file late (it sleeps first) must not read what a parallel call of the same
 * reply wrote after the hook was checked (nor a PostToolUseFailure hook of a call that failed). The hook's run waits
 * until the other calls of the reply ended, then the per-run check sees the rewrite: the hook does not run, and
 * stderr names the file. The same for a call a codemode script makes, whose tool (codemode itself) is not waited
 * for: two such scripts at once do not wait for each other.
 */
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { EXTENSION_PATH, runPiPrint } from "../support/pi-env.ts";
import { hookSettings, mark, OPT_IN, trustSandbox } from "../support/trust-sandbox.ts";

const e2e = useE2e();

/**
 * A project whose PostToolUse (or `event`) [Read] hook sleeps, then sources .claude/lib.sh (it reads lib.sh late).
 */
const lateReader = (event = "PostToolUse") =>
	trustSandbox(e2e.sandbox(), {
		// The hook on the read call sleeps, then sources lib.sh: it reads lib.sh late.
		project: hookSettings(event, "Read", { type: "command", command: "sh .claude/post.sh" }),
		files: {
			".claude/post.sh": 'sleep 2\n. "$CLAUDE_PROJECT_DIR/.claude/lib.sh"\n',
			".claude/lib.sh": mark("good"),
			"evil.txt": mark("EVIL"),
			"a.txt": "a\n",
		},
		// The model's rewrite must reach the file: the self-guard would refuse it first (its own tests check it).
		selfGuard: false,
	});

/** A codemode call whose script reads `path` with pi's read tool (a nested call). */
const codemodeRead = (path: string): string =>
	`tool: codemode ${JSON.stringify({ code: `return await tools.read({ path: ${JSON.stringify(path)} });` })}`;

describe("a hook that reads a covered file late, beside a call that rewrites it", () => {
	it("does not run the rewritten content; stderr names the file", async () => {
		const sandbox = lateReader();
		// One reply, two calls at once: the read returns at once (its hook starts), the bash rewrites lib.sh a second
		// later, while the hook still sleeps.
		const prompt = 'tool: read {"path":"a.txt"}\nbash: sleep 1; cp evil.txt .claude/lib.sh';
		const result = await runPiPrint(sandbox, ["-e", EXTENSION_PATH, "-p", prompt], { env: OPT_IN });
		expect(sandbox.runs()).not.toContain("EVIL");
		expect(result.stderr).toContain(".claude/lib.sh (CHANGED since you approved it)");
	});

	it("the same for a PostToolUseFailure hook of a call that failed", async () => {
		const sandbox = lateReader("PostToolUseFailure");
		// The read of a missing file fails at once (its PostToolUseFailure hook starts) while the bash still runs.
		const prompt = 'tool: read {"path":"missing.txt"}\nbash: sleep 1; cp evil.txt .claude/lib.sh';
		const result = await runPiPrint(sandbox, ["-e", EXTENSION_PATH, "-p", prompt], { env: OPT_IN });
		expect(sandbox.runs()).not.toContain("EVIL");
		expect(result.stderr).toContain(".claude/lib.sh (CHANGED since you approved it)");
	});

	it("the same for a read a codemode script makes; two scripts at once do not wait for each other", async () => {
		const sandbox = lateReader();
		const codemode = ["-e", EXTENSION_PATH, "--tools", "+codemode", "-p"];
		const race = `${codemodeRead("a.txt")}\nbash: sleep 1; cp evil.txt .claude/lib.sh`;
		const raced = await runPiPrint(sandbox, [...codemode, race], { env: OPT_IN });
		expect(raced.stdout).toContain("Script completed");
		expect(sandbox.runs()).not.toContain("EVIL");
		expect(raced.stderr).toContain(".claude/lib.sh (CHANGED since you approved it)");

		const other = lateReader();
		const both = await runPiPrint(other, [...codemode, `${codemodeRead("a.txt")}\n${codemodeRead("a.txt")}`], {
			env: OPT_IN,
		});
		expect(both.code).toBe(0);
		expect(other.runs()).toBe("good\ngood\n");
	});
});
