/**
 * ConfigChange's gate in a real pi session (the SDK): an edit Claude Code reports no ConfigChange for, or one no
 * hook is configured for, takes effect at once; otherwise the store waits while the hooks run, then takes the
 * answer (a block keeps the hooks from before; a policy change cannot be blocked), once per edit.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import type { HookConfig, HookSource, SourceScope } from "../../../src/engine/types.ts";
import { createConfigGate } from "../../../src/pi/events/config-change-hooks.ts";
import { readJsonLines } from "../../support/e2e.ts";
import { type Hooks, recordStdinTo, startHookContext } from "../../support/hook-context.ts";
import { useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-config-change-");

const configOf = (hooks: Hooks): HookConfig =>
	mergeSources(
		[parseSettingsText(JSON.stringify({ hooks }), { scope: "claude-user", file: "/u/s.json", project: false })],
		true,
	);
const source = (scope: SourceScope, file: string): HookSource => ({ scope, file, project: false });

/** A gate over a session whose hooks are `hooks`, counting its `decided` calls. */
const gateOver = async (hooks: Hooks) => {
	const { hc, ui } = await startHookContext(sdk, hooks);
	let decided = 0;
	const tracked: Promise<void>[] = [];
	const gate = createConfigGate({
		hookContext: () => hc,
		decided: () => {
			decided++;
		},
		track: (work) => tracked.push(work),
	});
	return { gate, ui, config: configOf(hooks), decided: () => decided, tracked };
};

describe("createConfigGate", () => {
	it("accepts at once an edit of a plugin hook file, and any edit without ConfigChange hooks", async () => {
		const { gate, tracked } = await gateOver({ Stop: [{ hooks: [{ type: "command", command: "true" }] }] });
		const withHooks = configOf({ ConfigChange: [{ hooks: [{ type: "command", command: "exit 2" }] }] });
		expect(gate.gate({ source: source("plugin", "/p/hooks.json"), stamp: "1" }, withHooks)).toBe("accept");
		expect(gate.gate({ source: source("claude-user", "/u/s.json"), stamp: "1" }, configOf({}))).toBe("accept");
		expect(tracked).toEqual([]);
	});

	it("waits while the hooks run with Claude Code's stdin, then rejects the blocked edit once", async () => {
		const log = join(sdk.root, "runs.jsonl");
		const hooks: Hooks = {
			ConfigChange: [{ hooks: [recordStdinTo(log), { type: "command", command: "exit 2" }] }],
		};
		const { gate, config, decided, ui } = await gateOver(hooks);
		const edit = { source: source("claude-local", "/p/.claude/settings.local.json"), stamp: "2" };
		expect(gate.gate(edit, config)).toBe("wait");
		expect(gate.gate(edit, config)).toBe("wait");
		expect(await gate.settled()).toBe(true);
		expect(await gate.settled()).toBe(false);
		expect(decided()).toBe(1);
		expect(gate.gate(edit, config)).toBe("reject");
		expect(readJsonLines(log)).toEqual([
			expect.objectContaining({
				hook_event_name: "ConfigChange",
				source: "local_settings",
				file_path: "/p/.claude/settings.local.json",
			}),
		]);
		expect(JSON.stringify(ui)).toContain("blocked the change to /p/.claude/settings.local.json");
		// The next edit of the file is asked about again.
		expect(gate.gate({ ...edit, stamp: "3" }, config)).toBe("wait");
		await gate.settled();
		expect(readJsonLines(log)).toHaveLength(2);
	});

	it("accepts a policy change even when a hook blocks it, and an edit whose hooks let it through", async () => {
		const { gate, config } = await gateOver({
			ConfigChange: [{ hooks: [{ type: "command", command: "exit 2" }] }],
		});
		const policy = { source: source("managed", "/etc/managed-settings.json"), stamp: "1" };
		expect(gate.gate(policy, config)).toBe("wait");
		await gate.settled();
		expect(gate.gate(policy, config)).toBe("accept");
		const open = await gateOver({ ConfigChange: [{ hooks: [{ type: "command", command: "exit 0" }] }] });
		const edit = { source: source("skill", "/p/.pi/skills/x/SKILL.md"), stamp: "1" };
		expect(open.gate.gate(edit, open.config)).toBe("wait");
		await open.gate.settled();
		expect(open.gate.gate(edit, open.config)).toBe("accept");
	});

	it("accepts when the session has ended", async () => {
		const gate = createConfigGate({ hookContext: () => undefined, decided: () => {}, track: () => {} });
		const config = configOf({ ConfigChange: [{ hooks: [{ type: "command", command: "exit 2" }] }] });
		expect(gate.gate({ source: source("claude-user", "/u/s.json"), stamp: "1" }, config)).toBe("accept");
	});
});
