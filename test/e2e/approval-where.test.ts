/**
 * End to end in the real pi (RPC mode, pi's confirm dialog): the approval question says where the waiting hooks
 * are declared (this project's settings file, a plugin this project enables), as Claude Code's trust dialog does
 * (Claude Code 2.1.329), rather than always "this project's settings".
 */
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import type { PiSandbox } from "../support/pi-env.ts";
import { startPiRpc } from "../support/pi-rpc.ts";
import { answer, hookSettings, nextConfirm, trustSandbox } from "../support/trust-sandbox.ts";

const e2e = useE2e();

/** The approval question pi asks over RPC (declined) about a sandbox `setUp` laid out. */
const ask = async (setUp: (sandbox: PiSandbox) => void): Promise<string> => {
	const sandbox = e2e.sandbox();
	setUp(sandbox);
	const rpc = startPiRpc(sandbox);
	try {
		const dialog = await nextConfirm(rpc);
		answer(rpc, dialog, false);
		return String(dialog.message);
	} finally {
		await rpc.close();
	}
};

describe("the approval question says where the hooks are declared", () => {
	it("a project-enabled plugin's hooks are declared in that plugin, beside the project's settings file", async () => {
		const message = await ask((sandbox) => {
			// The recorded layout: notes@my-marketplace is enabled by the project's .claude/settings.json only.
			trustSandbox(sandbox, {
				claudeLayout: true,
				project: {
					enabledPlugins: { "notes@my-marketplace": true },
					...hookSettings("Stop", undefined, { type: "command", command: "echo done" }),
				},
			});
		});
		expect(message).toContain(
			"These hooks are declared in this project's settings file .claude/settings.json and the plugin " +
				"notes@my-marketplace (enabled by this project's settings) and run commands on your machine.",
		);
		expect(message).not.toContain("come from this project's settings");
	});

	it("hooks of two project settings files name both files", async () => {
		const message = await ask((sandbox) => {
			const hooks = (command: string) => hookSettings("Stop", undefined, { type: "command", command });
			sandbox.writeJson("project/.claude/settings.json", hooks("echo a"));
			sandbox.writeJson("project/.claude/settings.local.json", hooks("echo b"));
		});
		expect(message).toContain(
			"These hooks are declared in this project's settings files .claude/settings.json and " +
				".claude/settings.local.json and run commands",
		);
	});
});
