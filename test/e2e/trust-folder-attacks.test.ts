/**
 * Attacks on what an approval covers inside the hook folders, end to end in the real pi: a project hook's script
 * sources a file the folder walk used to leave out (below a folder named like a log folder, deeper than the walk
 * goes, or behind a symlinked folder). A tool call rewrites that file between two runs of the approved hook, and
 * the hook's next run, within the same reply, must not run the new content under the old approval.
 */
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import type { PiSandbox } from "../support/pi-env.ts";
import { startPiRpc } from "../support/pi-rpc.ts";
import { approveThenRewrite } from "../support/rewrite-attack.ts";
import { answer, mark, nextConfirm, trustSandbox } from "../support/trust-sandbox.ts";

const e2e = useE2e();

/** Project settings: a PostToolUse [Bash] hook that runs `.claude/hooks/post.sh`. */
const POST_HOOK = {
	hooks: { PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sh .claude/hooks/post.sh" }] }] },
};

/**
 * A project whose approved PostToolUse [Bash] hook runs `.claude/hooks/post.sh`, which sources `lib` (a path
 * relative to the project); `layout` makes the folders. Approves it, runs it once, then one prompt copies
 * evil.txt over `rewrite` and a next one runs the hook again.
 */
const attack = async (lib: string, rewrite: string, layout: (sandbox: PiSandbox) => void = () => {}) => {
	const box = e2e.sandbox();
	layout(box);
	const sandbox = trustSandbox(box, {
		project: POST_HOOK,
		files: {
			".claude/hooks/post.sh": `. "$CLAUDE_PROJECT_DIR/${lib}"\n`,
			[rewrite]: mark("good"),
			"evil.txt": mark("EVIL"),
		},
	});
	await approveThenRewrite(sandbox, rewrite);
	expect(sandbox.runs()).not.toContain("EVIL");
};

describe("a file a project hook sources inside the hook folders is covered wherever it sits", () => {
	it("below a folder named logs (a name the walk leaves out for what hooks write)", async () => {
		await attack(".claude/hooks/logs/lib.sh", ".claude/hooks/logs/lib.sh");
	});

	it("deeper than the folder walk goes", async () => {
		const deep = ".claude/hooks/a/b/c/d/e/f/g/h/lib.sh";
		await attack(deep, deep);
	});

	it("behind a symlinked folder inside the project", async () => {
		await attack(".claude/lib/lib.sh", "tools/lib.sh", (sandbox) => {
			mkdirSync(join(sandbox.projectDir, "tools"), { recursive: true });
			mkdirSync(join(sandbox.projectDir, ".claude"), { recursive: true });
			symlinkSync("../tools", join(sandbox.projectDir, ".claude", "lib"));
		});
	});
});

describe("what the folder walk cannot cover, the dialog says", () => {
	it("a folder deeper than the walk goes counts as over the bound", async () => {
		const sandbox = trustSandbox(e2e.sandbox(), {
			project: POST_HOOK,
			files: { ".claude/hooks/post.sh": "true\n", [`.claude/hooks/${"d/".repeat(20)}lib.sh`]: mark("good") },
		});
		const rpc = startPiRpc(sandbox);
		try {
			const first = await nextConfirm(rpc);
			expect(String(first.message)).toContain("`.claude/` holds more files than an approval covers");
			answer(rpc, first, false);
		} finally {
			await rpc.close();
		}
	});
});
