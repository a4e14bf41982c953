/**
 * The approvals store keeps project setting approvals (src/engine/config/project-settings.ts) on real files: an
 * approved value is saved and read back by a new pi, another value asks again, an approval for this run is not
 * saved, and a hook approval in the same file still classifies hooks as before.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { projectSettings } from "../../../src/engine/config/project-settings.ts";
import type { ProjectSetting } from "../../../src/engine/types.ts";
import { approvalsFile, createApprovals } from "../../../src/host/trust/approvals.ts";

let root: string;
let file: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "phm-setting-approvals-"));
	file = approvalsFile(join(root, "agent"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const project = () => join(root, "project");
/** The one held-back setting of a project `.claude/settings.json` holding `data`. */
const settingOf = (data: Record<string, unknown>): ProjectSetting => {
	const source = {
		scope: "claude-project" as const,
		file: join(project(), ".claude", "settings.json"),
		project: true,
	};
	const [found] = projectSettings([parseSettingsText(JSON.stringify(data), source)]);
	if (found === undefined) throw new Error("no setting");
	return found;
};

describe("project setting approvals", () => {
	it("a saved approval is read back by a new store, for that exact value only", () => {
		const off = settingOf({ disableAllHooks: true });
		const approvals = createApprovals(file, project());
		expect(approvals.isSettingApproved(off.key)).toBe(false);
		const before = approvals.version();
		expect(approvals.approveSettings([off], false)).toBeUndefined();
		expect(approvals.version()).not.toBe(before);
		expect(approvals.isSettingApproved(off.key)).toBe(true);

		const again = createApprovals(file, project());
		expect(again.isSettingApproved(off.key)).toBe(true);
		const other = settingOf({
			enabledPlugins: { "g@m": true },
			pluginConfigs: { "g@m": { options: { level: "off" } } },
		});
		expect(again.isSettingApproved(other.key)).toBe(false);
		const record = JSON.parse(readFileSync(file, "utf8")).approved[off.key];
		expect(record).toMatchObject({ file: off.source.file, setting: "disableAllHooks", value: "true" });
	});

	it("an approval for this run is not saved", () => {
		const off = settingOf({ disableAllHooks: true });
		const approvals = createApprovals(file, project());
		approvals.approveSettings([off], true);
		expect(approvals.isSettingApproved(off.key)).toBe(true);
		expect(createApprovals(file, project()).isSettingApproved(off.key)).toBe(false);
	});

	it("setting records do not make a hook at the same file read as changed", () => {
		const approvals = createApprovals(file, project());
		approvals.approveSettings([settingOf({ disableAllHooks: true })], false);
		const [entry] = parseSettingsText(
			JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "true" }] }] } }),
			{ scope: "claude-project", file: join(project(), ".claude", "settings.json"), project: true },
		).entries;
		if (entry === undefined) throw new Error("no entry");
		expect(
			createApprovals(file, project())
				.pending([entry])
				.map((item) => item.change),
		).toEqual(["new"]);
	});
});
