/**
 * Figure 8 (issue 20): the per-run trust check of a project hook when nothing changed, through the real approvals
 * store on real files: one `stat` per covered file and folder of a project with a typical `.claude/` (settings, 8
 * hook scripts and a library, 4 command and agent files) and the hook's named script. The no-match path never asks
 * the check (a unit test, test/engine/trust/files-changed.test.ts, proves it), so it has no row.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import { approvalsFile, createApprovals } from "../../src/host/trust/approvals.ts";
import { type FigureRow, formatMs, median } from "../stats.ts";

/** The files of the bench project's `.claude/` (path -> text). */
const FILES: Readonly<Record<string, string>> = {
	...Object.fromEntries(
		Array.from({ length: 8 }, (_, index) => [`hooks/guard-${index}.py`, `import lib\nlib.check(${index})\n`]),
	),
	"hooks/lib.py": "def check(n):\n    return n\n",
	"commands/review.md": "Review the diff.\n",
	"commands/ship.md": "Ship it.\n",
	"agents/tester.md": "---\nname: tester\n---\nRun the tests.\n",
	"CLAUDE.md": "Notes.\n",
};

/** Figure 8: the check per covered run, nothing changed. */
export const measureTrustCheck = async (): Promise<FigureRow[]> => {
	const root = mkdtempSync(join(tmpdir(), "phm-bench-trust-"));
	try {
		const project = join(root, "project");
		for (const [path, text] of Object.entries(FILES)) {
			mkdirSync(dirname(join(project, ".claude", path)), { recursive: true });
			writeFileSync(join(project, ".claude", path), text);
		}
		const settings = {
			hooks: {
				PreToolUse: [
					{ matcher: "Bash", hooks: [{ type: "command", command: "python3 .claude/hooks/guard-0.py" }] },
				],
			},
		};
		const file = join(project, ".claude", "settings.json");
		writeFileSync(file, JSON.stringify(settings));
		const [entry] = parseSettingsText(JSON.stringify(settings), {
			scope: "claude-project",
			file,
			project: true,
		}).entries;
		if (entry === undefined) throw new Error("no hook parsed");
		const approvals = createApprovals(approvalsFile(join(root, "agent")), project);
		approvals.approve([entry]);
		if (!approvals.isApproved(entry)) throw new Error("the hook is not approved");
		const times: number[] = [];
		for (let round = 0; round < 200; round++) {
			// Batches of 50 calls: one call is near the timer's resolution.
			const started = performance.now();
			for (let call = 0; call < 50; call++) if (!approvals.stillApproved(entry)) throw new Error("not approved");
			times.push((performance.now() - started) / 50);
		}
		const ms = median(times.slice(20));
		const covered = Object.keys(FILES).length;
		return [
			{
				figure: 8,
				what: `per covered run, nothing changed: the trust check (${covered} covered files, their folders)`,
				target: "< 0.1 ms",
				measured: `${formatMs(ms)} median of 180 batches of 50`,
				result: ms < 0.1 ? "met" : "missed",
			},
		];
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
};
