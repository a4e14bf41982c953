/**
 * The live configuration holds back project settings that switch hooks off or change plugin options until they
 * are approved (src/engine/config/project-settings.ts), on real files: the user's hooks stay on and the setting is
 * listed as pending; approved (a new approvals version), it applies on the next check.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { settingsSources } from "../../../src/engine/config/sources.ts";
import { createConfigStore } from "../../../src/engine/config/store.ts";

let root: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "phm-store-settings-"));
	for (const dir of ["home/.claude", "agent", "project/.claude"]) mkdirSync(join(root, dir), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const locations = () => ({
	home: join(root, "home"),
	agentDir: join(root, "agent"),
	projectDir: join(root, "project"),
});
const write = (rel: string, data: unknown) => writeFileSync(join(root, rel), JSON.stringify(data));

describe("createConfigStore with project settings", () => {
	it("a project disableAllHooks waits for approval, then applies", () => {
		write("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "guard" }] }] },
		});
		write("project/.claude/settings.json", { disableAllHooks: true });
		const approved = new Set<string>();
		let version = 0;
		let trusted = true;
		const store = createConfigStore({
			sources: settingsSources(locations()),
			isTrusted: () => trusted,
			isSettingApproved: (key) => approved.has(key),
			approvalsVersion: () => version,
		});
		const before = store.current();
		expect(before.disableAllHooks).toBe(false);
		expect(before.entries).toHaveLength(1);
		expect(before.pendingSettings?.map((item) => [item.path.join("."), item.value])).toEqual([
			["disableAllHooks", true],
		]);

		for (const item of before.pendingSettings ?? []) approved.add(item.key);
		version += 1;
		const after = store.latest();
		expect(after.disableAllHooks).toBe(true);
		expect(after.disableAllHooksSource).toBe(join(root, "project", ".claude", "settings.json"));
		expect(after.pendingSettings).toBeUndefined();

		// A project pi no longer trusts changes nothing, approved or not.
		trusted = false;
		expect(store.latest().disableAllHooks).toBe(false);
	});

	it("without isSettingApproved every setting applies, as before", () => {
		write("project/.claude/settings.json", { disableAllHooks: true });
		const store = createConfigStore({ sources: settingsSources(locations()), isTrusted: () => true });
		expect(store.current().disableAllHooks).toBe(true);
		expect(store.current().pendingSettings).toBeUndefined();
	});
});
