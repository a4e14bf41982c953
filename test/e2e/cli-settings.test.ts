/**
 * `pi-hook-manager` (the built command, a real process) holds back a project's settings that switch the user's
 * hooks off as pi does: until approved in pi (or `--approve-project-hooks`) the user's hooks are listed on, and
 * stderr names the settings that wait.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useCliSandboxes, writeJson } from "../support/cli.ts";

const cliSandbox = useCliSandboxes();

describe("pi-hook-manager list with a project disableAllHooks", () => {
	it("lists the user's hook on until the setting is approved, and says which setting waits", async () => {
		const box = cliSandbox();
		writeJson(join(box.home, ".claude", "settings.json"), {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "user-guard" }] }] },
		});
		writeJson(join(box.project, ".claude", "settings.json"), { disableAllHooks: true });
		const held = await box.run(["list"]);
		expect(held.stdout).toContain("user-guard");
		expect(held.stdout).not.toContain("off (disableAllHooks)");
		expect(held.stderr).toContain("1 project setting(s) that switch off or change your hooks");
		expect(held.stderr).toContain("(disableAllHooks)");

		const approved = await box.run(["list", "--approve-project-hooks"]);
		expect(approved.stdout).toContain("off (disableAllHooks)");
		expect(approved.stderr).toBe("");
	});
});
