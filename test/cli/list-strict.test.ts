/**
 * `pi-hook-manager list` (the built command, a real process) with `"strictHooks": true` in pi's settings: a hook
 * no person saw in pi is listed as skipped with the code `unseen`, as pi holds it; one recorded as seen is on.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadContext } from "../../src/cli/context.ts";
import { seenHooksFile } from "../../src/host/stores/seen-hooks.ts";
import { createHookPrinter } from "../../src/host/trust/hook-print.ts";
import { createTripwire } from "../../src/host/trust/tripwire.ts";
import { type CliSandbox, createCliSandbox } from "../support/cli.ts";

let sandbox: CliSandbox | undefined;
afterEach(() => {
	sandbox?.remove();
	sandbox = undefined;
});

const writeJson = (file: string, value: unknown): void => {
	mkdirSync(join(file, ".."), { recursive: true });
	writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
};

const userHooks = (b: CliSandbox, ...commands: string[]): void =>
	writeJson(join(b.home, ".claude", "settings.json"), {
		hooks: { Stop: [{ hooks: commands.map((command) => ({ type: "command", command })) }] },
	});

describe("pi-hook-manager list with strictHooks", () => {
	it("lists a hook pi never showed as skipped (unseen); a seen one runs", async () => {
		sandbox = createCliSandbox();
		const b = sandbox;
		userHooks(b, "seen-one");
		const ctx = loadContext({ cwd: b.project, home: b.home, approveProjectHooks: false, env: {} });
		const wire = createTripwire(seenHooksFile(b.agentDir), createHookPrinter(b.project, b.home, [b.agentDir]));
		expect(wire.markSeen(wire.check(ctx.config.entries).items)).toBeUndefined();
		userHooks(b, "seen-one", "new-one");
		writeJson(join(b.agentDir, "settings.json"), { strictHooks: true });
		const result = await b.run(["list", "--json"]);
		expect(result.code).toBe(0);
		const hooks = (JSON.parse(result.stdout) as { hooks: { target: string; state: string; reason?: string }[] })
			.hooks;
		expect(hooks.map((hook) => [hook.target, hook.state, hook.reason])).toEqual([
			["seen-one", "on", undefined],
			["new-one", "skipped", "unseen"],
		]);
	});
});
