import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { startPiRpc } from "../support/pi-rpc.ts";
import { approveThenRewrite } from "../support/rewrite-attack.ts";
import { answer, hookSettings, mark, nextConfirm, trustSandbox } from "../support/trust-sandbox.ts";

const e2e = useE2e();

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
		const sandbox = trustSandbox(e2e.sandbox(), {
			project: hookSettings("PostToolUse", "Bash", { type: "command", command }),
			// run.sh at the root: a harmless decoy where a reader of the parse would look for `run.sh`.
			files: { "tools/run.sh": mark("good"), "run.sh": "true\n", "evil.txt": mark("EVIL") },
		});
		const rpc = startPiRpc(sandbox);
		try {
			const first = await nextConfirm(rpc);
			answer(rpc, first, true);
			await rpc.prompt("bash: echo one");
			expect(sandbox.runs()).toBe("good\n");
			expect(String(first.message)).toContain(said);
			expect(String(first.message)).toContain("not tracked");
		} finally {
			await rpc.close();
		}
	});
});

/** Node code that appends `word` to runs.txt in the project. */
const nodeMark = (word: string) =>
	`require("node:fs").appendFileSync(process.env.CLAUDE_PROJECT_DIR + "/runs.txt", "${word}\\n");\n`;

const LOADERS = [
	["NODE_OPTIONS with --require", 'NODE_OPTIONS="--require ./tools/r.js" node .claude/x.js'],
	["env NODE_OPTIONS=--require=", "env NODE_OPTIONS=--require=./tools/r.js node .claude/x.js"],
	["BASH_ENV", "BASH_ENV=tools/r.sh bash .claude/x.sh"],
] as const;

describe("a file a variable makes the interpreter load is covered", () => {
	it.each(LOADERS)("%s: a rewrite after approval does not run", async (name, command) => {
		const shell = name === "BASH_ENV";
		const loaded = shell ? "tools/r.sh" : "tools/r.js";
		const sandbox = trustSandbox(e2e.sandbox(), {
			project: hookSettings("PostToolUse", "Bash", { type: "command", command }),
			files: {
				[shell ? ".claude/x.sh" : ".claude/x.js"]: shell ? "true\n" : "\n",
				[loaded]: shell ? mark("good") : nodeMark("good"),
				"evil.txt": shell ? mark("EVIL") : nodeMark("EVIL"),
			},
		});
		await approveThenRewrite(sandbox, loaded);
		expect(sandbox.runs()).not.toContain("EVIL");
	});
});

const SHELL_FORMS = [
	["a -c in an option cluster (bash -lc)", "bash -lc 'sh tools/run.sh'"],
	["an option before -c (bash -e -c)", "bash -e -c 'sh tools/run.sh'"],
	["a shell option before the script (bash -e)", "bash -e tools/run.sh"],
	["a command string split by env -S", "env -S 'sh tools/run.sh'"],
] as const;

describe("a shell's options do not hide the script it runs", () => {
	it.each(SHELL_FORMS)("%s: a rewrite after approval does not run", async (_name, command) => {
		const sandbox = trustSandbox(e2e.sandbox(), {
			project: hookSettings("PostToolUse", "Bash", { type: "command", command }),
			files: { "tools/run.sh": mark("good"), "evil.txt": mark("EVIL") },
		});
		await approveThenRewrite(sandbox, "tools/run.sh");
		expect(sandbox.runs()).not.toContain("EVIL");
	});
});
