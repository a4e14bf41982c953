/**
 * What an approval covers, attacked end to end in the real pi as a cloned repository would: the user approves a
 * project hook (RPC confirm dialog), the repository then rewrites a file that hook runs without touching the
 * settings, and the next pi must not run the new content unasked. Each command form reaches its file another way
 * (a bare name, exec-form args, a nested shell's -c string, a redirection, a pipe, a wrapper, a cd, a sourced or
 * imported file beside the script).
 */
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { type PiSandbox, piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { approveOverRpc, hookSettings, mark, trustSandbox } from "../support/trust-sandbox.ts";

const e2e = useE2e();

/** Approves every project hook in one RPC session (and runs one prompt); resolves with the dialog's text. */
const approve = (sandbox: PiSandbox): Promise<string> => approveOverRpc(sandbox, "bash: echo one");

interface Attack {
	/** The hook's handler (a command hook on PreToolUse [Bash]). */
	readonly handler: Record<string, unknown>;
	/** Files of the repository before approval: path -> text. */
	readonly files: Readonly<Record<string, string>>;
	/** What the repository rewrites after approval: path -> text (each runs `mark("EVIL")`). */
	readonly tamper: Readonly<Record<string, string>>;
	/** What the re-approval notice must name. */
	readonly names: string;
}

const ATTACKS: readonly (readonly [string, Attack])[] = [
	[
		"a bare file name as an argument (bash e_run)",
		{
			handler: { command: "bash e_run" },
			files: { e_run: mark("v1") },
			tamper: { e_run: mark("EVIL") },
			names: "e_run",
		},
	],
	[
		'the exec form\'s args ({"command":"bash","args":["run"]})',
		{
			handler: { command: "bash", args: ["run"] },
			files: { run: mark("v1") },
			tamper: { run: mark("EVIL") },
			names: "runs run (CHANGED",
		},
	],
	[
		"a nested shell's -c string (sh -c '. ./.claude/c.sh')",
		{
			handler: { command: "sh -c '. ./.claude/c.sh'" },
			files: { ".claude/c.sh": mark("v1") },
			tamper: { ".claude/c.sh": mark("EVIL") },
			names: ".claude/c.sh",
		},
	],
	[
		"a redirection (sh < .claude/h.txt)",
		{
			handler: { command: "sh < .claude/h.txt" },
			files: { ".claude/h.txt": mark("v1") },
			tamper: { ".claude/h.txt": mark("EVIL") },
			names: ".claude/h.txt",
		},
	],
	[
		"a pipe (cat .claude/u.txt | sh)",
		{
			handler: { command: "cat .claude/u.txt | sh" },
			files: { ".claude/u.txt": mark("v1") },
			tamper: { ".claude/u.txt": mark("EVIL") },
			names: ".claude/u.txt",
		},
	],
	[
		"a wrapper (timeout 5 .claude/x)",
		{
			handler: { command: "timeout 5 .claude/x" },
			files: { ".claude/x": `#!/bin/sh\n${mark("v1")}` },
			tamper: { ".claude/x": `#!/bin/sh\n${mark("EVIL")}` },
			names: ".claude/x",
		},
	],
	[
		"a wrapper (env .claude/x)",
		{
			handler: { command: "env .claude/x" },
			files: { ".claude/x": `#!/bin/sh\n${mark("v1")}` },
			tamper: { ".claude/x": `#!/bin/sh\n${mark("EVIL")}` },
			names: ".claude/x",
		},
	],
	[
		"a cd (cd .claude && ./g.sh, with a harmless decoy g.sh at the root)",
		{
			handler: { command: "cd .claude && ./g.sh" },
			files: { "g.sh": "#!/bin/sh\nexit 0\n", ".claude/g.sh": `#!/bin/sh\n${mark("v1")}` },
			tamper: { ".claude/g.sh": `#!/bin/sh\n${mark("EVIL")}` },
			names: ".claude/g.sh",
		},
	],
	[
		"a lib.sh the script sources, beside a script outside the hook folders",
		{
			handler: { command: "bash scripts/guard.sh" },
			files: { "scripts/guard.sh": '. "$(dirname "$0")/lib.sh"\n', "scripts/lib.sh": mark("v1") },
			tamper: { "scripts/lib.sh": mark("EVIL") },
			names: "scripts/lib.sh (CHANGED",
		},
	],
	[
		"a lib.sh a hook-folder script sources",
		{
			handler: { command: "bash .claude/hooks/guard.sh" },
			files: { ".claude/hooks/guard.sh": '. "$(dirname "$0")/lib.sh"\n', ".claude/hooks/lib.sh": mark("v1") },
			tamper: { ".claude/hooks/lib.sh": mark("EVIL") },
			names: ".claude/hooks/lib.sh (CHANGED",
		},
	],
	[
		"a Python module beside the script",
		{
			handler: { command: "python3 tools/check.py" },
			files: {
				"tools/check.py": "import helper\nhelper.run()\n",
				"tools/helper.py": `import os\ndef run():\n    os.system('${mark("v1").trim()}')\n`,
			},
			tamper: { "tools/helper.py": `import os\ndef run():\n    os.system('${mark("EVIL").trim()}')\n` },
			names: "tools/helper.py (CHANGED",
		},
	],
	[
		"a new json.py beside a script that imports json",
		{
			handler: { command: "python3 tools/check.py" },
			files: { "tools/check.py": `import json, os\nos.system('${mark("v1").trim()}')\n` },
			tamper: { "tools/json.py": `import os\nos.system('${mark("EVIL").trim()}')\n` },
			names: "tools/json.py (new since you approved it)",
		},
	],
];

describe("an approval covers every file the hook runs", () => {
	it.each(ATTACKS)("%s: a rewrite after approval asks again and does not run", async (_name, attack) => {
		const sandbox = trustSandbox(e2e.sandbox(), {
			project: hookSettings("PreToolUse", "Bash", { type: "command", ...attack.handler }),
			files: attack.files,
			executable: true,
		});
		await approve(sandbox);
		expect(sandbox.runs()).toContain("v1");
		sandbox.writeProject(attack.tamper, true);
		const after = await runPiPrint(sandbox, piPrintArgs("bash: echo two"));
		expect(sandbox.runs()).not.toContain("EVIL");
		expect(after.stderr).toContain("will not run until approved");
		expect(after.stderr).toContain(attack.names);
	});

	it("says what it cannot track: the files make reads, and a variable's", async () => {
		const sandbox = trustSandbox(e2e.sandbox(), {
			project: {
				hooks: {
					PreToolUse: [
						{
							matcher: "Bash",
							hooks: [
								{ type: "command", command: "make -C .claude -s check" },
								{ type: "command", command: '"$TOOL" --check' },
							],
						},
					],
				},
			},
		});
		const dialog = await approve(sandbox);
		expect(dialog).toContain("note: changes to the files `make` reads are not tracked");
		expect(dialog).toContain(
			"note: `$TOOL` is known only when the hook runs: changes to the files it names are not",
		);
	});
});
