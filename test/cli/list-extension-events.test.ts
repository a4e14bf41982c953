/**
 * `pi-hook-manager list` (the built command, real files in a temp folder) lists PermissionRequest and SubagentStop
 * hooks as on, and says on what their firing depends (the command line cannot see pi's extensions): `firedBy` in
 * JSON, a line under the table in text.
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

describe("list and the events other extensions fire", () => {
	it("says PermissionRequest needs an asking extension and SubagentStop a subagent extension", async () => {
		sandbox = createCliSandbox();
		const file = join(sandbox.home, ".claude", "settings.json");
		mkdirSync(join(file, ".."), { recursive: true });
		const hook = (command: string) => ({ hooks: [{ type: "command", command }] });
		writeFileSync(
			file,
			JSON.stringify({
				hooks: {
					PermissionRequest: [hook("answer.sh")],
					SubagentStop: [hook("review.sh")],
					Stop: [hook("stop.sh")],
				},
			}),
		);
		const json = await sandbox.run(["list", "--json"]);
		const { hooks } = JSON.parse(json.stdout) as { hooks: { target: string; state: string; firedBy?: string }[] };
		const byTarget = new Map(hooks.map((row) => [row.target, row]));
		expect(byTarget.get("answer.sh")).toMatchObject({
			state: "on",
			firedBy: "fires only when another pi extension asks through the permission channel (docs/channel.md)",
		});
		expect(byTarget.get("review.sh")).toMatchObject({
			state: "on",
			firedBy: "fires only while pi-subagents or @tintinweb/pi-subagents is loaded in pi",
		});
		expect(byTarget.get("stop.sh")).not.toHaveProperty("firedBy");
		const text = await sandbox.run(["list"]);
		expect(text.stdout).toContain(
			"SubagentStop review.sh: fires only while pi-subagents or @tintinweb/pi-subagents",
		);
	});
});
