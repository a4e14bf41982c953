/** dispatch/run-state.ts: each hook's state under the switches, the kill switch and disableAllHooks, and all counts. */
import { describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { countHooks, entryRunState, offByAll } from "../../../src/engine/dispatch/run-state.ts";
import type { HookConfig, HookEntry, HookSource, SourceScope } from "../../../src/engine/types.ts";

const source = (scope: SourceScope): HookSource => ({
	scope,
	file: `/x/${scope}.json`,
	project: scope === "claude-project" || scope === "claude-local" || scope === "pi-project",
});
const cmd = (command: string) => ({ type: "command", command });
const parse = (value: unknown, scope: SourceScope) => parseSettingsText(JSON.stringify(value), source(scope));

/** A user hook, a project hook waiting for approval, a hook on an event pi never fires, and a managed hook. */
const config = (settings: { disableAllHooks?: boolean; managedDisable?: boolean } = {}): HookConfig =>
	mergeSources(
		[
			parse(
				{
					...(settings.managedDisable === undefined ? {} : { disableAllHooks: settings.managedDisable }),
					hooks: { Stop: [{ hooks: [cmd("managed")] }] },
				},
				"managed",
			),
			parse(
				{
					...(settings.disableAllHooks === undefined ? {} : { disableAllHooks: settings.disableAllHooks }),
					hooks: { Stop: [{ hooks: [cmd("user"), cmd("user-off")] }], TeammateIdle: [{ hooks: [cmd("x")] }] },
				},
				"claude-user",
			),
			parse({ hooks: { Stop: [{ hooks: [cmd("project")] }] } }, "claude-project"),
		],
		true,
		(entry) => entry.source.scope !== "claude-project",
	);

const commandOf = (entry: HookEntry): string | undefined =>
	entry.handler.type === "command" ? entry.handler.command : undefined;
const named = (c: HookConfig, command: string): HookEntry => {
	const entry = c.entries.find((candidate) => commandOf(candidate) === command);
	if (entry === undefined) throw new Error(`no hook ${command}`);
	return entry;
};
const switches = (allOff: boolean) => ({
	allOff,
	isEnabled: (entry: HookEntry) => commandOf(entry) !== "user-off",
});

describe("entryRunState", () => {
	it.each([
		{ allOff: false, user: "on", off: "off", managed: "on" },
		{ allOff: true, user: "all_off", off: "off", managed: "on" },
	])("kill switch $allOff: a user hook is $user, a switched-off one $off, a managed one $managed", (row) => {
		const c = config();
		expect(entryRunState(c, named(c, "user"), switches(row.allOff))).toBe(row.user);
		expect(entryRunState(c, named(c, "user-off"), switches(row.allOff))).toBe(row.off);
		expect(entryRunState(c, named(c, "managed"), switches(row.allOff))).toBe(row.managed);
	});

	it("disableAllHooks in a user file stops every hook but managed ones; managed policy's stops those too", () => {
		const user = config({ disableAllHooks: true });
		expect(entryRunState(user, named(user, "user"), switches(false))).toBe("all_off");
		expect(entryRunState(user, named(user, "managed"), switches(false))).toBe("on");
		const managed = config({ managedDisable: true });
		expect(offByAll(managed, named(managed, "managed"), false)).toBe(true);
		expect(entryRunState(managed, named(managed, "managed"), switches(false))).toBe("all_off");
	});
});

describe("countHooks", () => {
	it("puts every configured hook in exactly one state, waiting for approval and skipped included", () => {
		expect(countHooks(config(), switches(false))).toEqual({
			total: 5,
			on: 2,
			off: 1,
			allOff: 0,
			waiting: 1,
			skipped: 1,
			invalid: 0,
		});
		expect(countHooks(config(), switches(true))).toEqual({
			total: 5,
			on: 1,
			off: 1,
			allOff: 1,
			waiting: 1,
			skipped: 1,
			invalid: 0,
		});
	});

	it("counts nothing before the session started", () => {
		expect(countHooks(undefined, switches(false))).toEqual({
			total: 0,
			on: 0,
			off: 0,
			allOff: 0,
			waiting: 0,
			skipped: 0,
			invalid: 0,
		});
	});
});
