/**
 * Attacks on the command parse of change-aware trust, end to end in the real pi: a project hook's command names
 * its script in a form the parse cannot resolve to one file (a glob, a `${VAR:-default}` expansion, a positional
 * parameter). The file it runs is then not tracked, so the approval dialog must say so: what the user reads there
 * is all there is.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import type { PiSandbox } from "../support/pi-env.ts";
import { startPiRpc } from "../support/pi-rpc.ts";

const e2e = useE2e();

const mark = (word: string) => `echo ${word} >> "$CLAUDE_PROJECT_DIR/runs.txt"\n`;

const runs = (sandbox: PiSandbox): string => {
	const file = join(sandbox.projectDir, "runs.txt");
	return existsSync(file) ? readFileSync(file, "utf8") : "";
};

const FORMS = [
	["a glob", "sh tools/ru[n].sh", "`tools/ru[n].sh` is a pattern"],
	[
		"a ${VAR:-default} expansion",
		'sh "${CLAUDE_PROJECT_DIR:-.}/tools/run.sh"',
		"`${CLAUDE_PROJECT_DIR:-.}` is known",
	],
	["a positional parameter", "sh -c 'cd \"$1\" && sh run.sh' _ tools", "`$1` is known only when the hook runs"],
] as const;

describe("a script named in a form the parse cannot resolve is noted in the dialog", () => {
	it.each(FORMS)("%s: the dialog says the file it runs is not tracked", async (_name, command, said) => {
		const sandbox = e2e.sandbox();
		sandbox.writeJson("project/.claude/settings.json", {
			hooks: { PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] },
		});
		sandbox.writeFile("project/tools/run.sh", mark("good"));
		// A harmless decoy where a reader of the parse would look for `run.sh`.
		sandbox.writeFile("project/run.sh", "true\n");
		sandbox.writeFile("project/evil.txt", mark("EVIL"));
		const rpc = startPiRpc(sandbox);
		try {
			const first = await rpc.waitFor((r) => r.type === "extension_ui_request" && r.method === "confirm");
			rpc.send({ type: "extension_ui_response", id: first.id, confirmed: true });
			await rpc.prompt("bash: echo one");
			expect(runs(sandbox)).toBe("good\n");
			expect(String(first.message)).toContain(said);
			expect(String(first.message)).toContain("not tracked");
		} finally {
			await rpc.close();
		}
	});
});
