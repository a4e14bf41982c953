/**
 * `pi-hook-manager list --json` (the built command, real files in a temp folder) lists ConfigChange and FileChanged
 * hooks as running, and gives a FileChanged hook the files its matcher names (`watches`, in the project); a hook
 * without a matcher, or of another event, has none.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type CliSandbox, createCliSandbox } from "../support/cli.ts";

let sandbox: CliSandbox | undefined;
afterEach(() => {
	sandbox?.remove();
	sandbox = undefined;
});

describe("list --json and the FileChanged watch list", () => {
	it("shows ConfigChange and FileChanged hooks as on, and each FileChanged hook's watched files", async () => {
		sandbox = createCliSandbox();
		const file = join(sandbox.home, ".claude", "settings.json");
		mkdirSync(join(file, ".."), { recursive: true });
		const hook = (command: string) => ({ type: "command", command });
		writeFileSync(
			file,
			JSON.stringify({
				hooks: {
					FileChanged: [
						{ matcher: ".envrc | .env", hooks: [hook("direnv reload")] },
						{ hooks: [hook("echo any")] },
					],
					ConfigChange: [{ matcher: "project_settings", hooks: [hook("audit.sh")] }],
				},
			}),
		);
		const result = await sandbox.run(["list", "--json"]);
		expect(result.code).toBe(0);
		const { hooks } = JSON.parse(result.stdout) as {
			hooks: { event: string; target: string; state: string; watches?: string[] }[];
		};
		const byTarget = new Map(hooks.map((row) => [row.target, row]));
		expect(byTarget.get("direnv reload")).toMatchObject({
			state: "on",
			watches: [join(sandbox.project, ".envrc"), join(sandbox.project, ".env")],
		});
		expect(byTarget.get("echo any")?.state).toBe("on");
		expect(byTarget.get("echo any")).not.toHaveProperty("watches");
		expect(byTarget.get("audit.sh")?.state).toBe("on");
		expect(byTarget.get("audit.sh")).not.toHaveProperty("watches");
	});
});
