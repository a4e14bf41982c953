/**
 * A repository that links files of its hook folders to "files" with no end (issue #40): `/proc/self/pagemap` says
 * size 0 and runs to hundreds of GB, `/dev/zero` never ends. pi (print mode) and the command line (`list`,
 * `list --json`, `lint`) start, finish, and name each such file as one whose content an approval does not track.
 * No timed assertion: a read without a cap would not finish (or would run out of memory) before the run's timeout.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type CliSandbox, createCliSandbox } from "../support/cli.ts";
import { useE2e } from "../support/e2e.ts";
import { piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { hookSettings, trustSandbox } from "../support/trust-sandbox.ts";

const e2e = useE2e();

/** The project's hook: a PreToolUse [Bash] command running tools/run.sh (so tools/ is covered beside it). */
const PROJECT = hookSettings("PreToolUse", "Bash", { type: "command", command: "sh tools/run.sh" });

/** Links, by path in the project, to what no read may follow to its end. */
const LINKS: Readonly<Record<string, string>> = {
	".claude/evil": "/proc/self/pagemap",
	".claude/zero": "/dev/zero",
	".claude/settings.local.json": "/proc/self/pagemap",
	"tools/lib.py": "/proc/self/pagemap",
};

/** Makes {@link LINKS} in `project`. */
const link = (project: string): void => {
	for (const [path, target] of Object.entries(LINKS)) {
		mkdirSync(join(project, path, ".."), { recursive: true });
		symlinkSync(target, join(project, path));
	}
};

/** The note of a covered file whose content is not read. */
const untracked = (shown: string): string =>
	`\`${shown}\` is not a file on disk (a FIFO, a device, or a file under /proc, /sys or /dev): it is never read, ` +
	"so its content is not tracked";

describe("pi with hook-folder links to endless files", () => {
	it("starts in print mode, runs the prompt, and names each linked file as not tracked by content", async () => {
		const sandbox = trustSandbox(e2e.sandbox(), { project: PROJECT, files: { "tools/run.sh": "exit 0\n" } });
		link(sandbox.projectDir);
		const result = await runPiPrint(sandbox, piPrintArgs("bash: echo hi"));
		expect(result.code).toBe(0);
		expect(result.stderr).toContain("will not run until approved");
		for (const shown of [".claude/evil", ".claude/zero", "tools/lib.py"])
			expect(result.stderr).toContain(untracked(shown));
	});
});

let cli: CliSandbox | undefined;
afterEach(() => {
	cli?.remove();
	cli = undefined;
});

describe("the command line with hook-folder links to endless files", () => {
	it("list and list --json name each linked file as not tracked by content; lint names the settings", async () => {
		const box = createCliSandbox();
		cli = box;
		link(box.project);
		writeFileSync(join(box.project, ".claude", "settings.json"), JSON.stringify(PROJECT));
		writeFileSync(join(box.project, "tools", "run.sh"), "exit 0\n");
		const text = await box.run(["list"]);
		// The settings link is a settings file that cannot be read: list exits 1 on it and says why.
		expect(text.code).toBe(1);
		expect(text.stdout).toContain("lies under /proc, /sys or /dev (not a file on disk), so it is not read");
		for (const shown of [".claude/evil", ".claude/zero", "tools/lib.py"])
			expect(text.stdout).toContain(untracked(shown));
		const json = await box.run(["list", "--json"]);
		expect(json.code).toBe(1);
		const [row] = JSON.parse(json.stdout).hooks;
		expect(row.untracked).toEqual(
			[".claude/evil", ".claude/zero", "tools/lib.py"].map((word) => ({
				kind: "special_file",
				word,
				text: untracked(word),
			})),
		);
		const lint = await box.run(["lint"]);
		expect(lint.stdout).toContain("settings.local.json");
		expect(lint.stdout).toContain("lies under /proc, /sys or /dev (not a file on disk), so it is not read");
	});
});
