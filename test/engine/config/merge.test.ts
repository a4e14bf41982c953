/** mergeSources: hooks of all sources add up, trust and approval, `disableAllHooks` precedence, skip reasons. */
import { describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import type { HookSource, SourceScope } from "../../../src/engine/types.ts";

const source = (scope: SourceScope = "claude-project"): HookSource => ({
	scope,
	file: `/x/${scope}.json`,
	project: scope === "claude-project" || scope === "claude-local" || scope === "pi-project",
});
const parse = (value: unknown, scope?: SourceScope) =>
	parseSettingsText(typeof value === "string" ? value : JSON.stringify(value), source(scope));
const cmd = (command: string, extra: Record<string, unknown> = {}) => ({ type: "command", command, ...extra });

describe("mergeSources", () => {
	const userHooks = parse({ disableAllHooks: true, hooks: { Stop: [{ hooks: [cmd("user")] }] } }, "claude-user");
	const projectHooks = parse(
		{
			disableAllHooks: false,
			hooks: { Stop: [{ hooks: [cmd("project"), { type: "mcp_tool", server: "s", tool: "t" }] }] },
		},
		"claude-project",
	);

	it("adds hooks from all sources and honours a project disableAllHooks:false over a user true (checklist 57, 59)", () => {
		const config = mergeSources([userHooks, projectHooks], true);
		expect(config.entries.map((e) => e.source.scope)).toEqual(["claude-user", "claude-project"]);
		expect(config.disableAllHooks).toBe(false);
		expect(config.skipped.map((s) => s.reason)).toEqual(["unsupported_type"]);
	});

	it("skips project hooks in an untrusted project and says why", () => {
		const config = mergeSources([userHooks, projectHooks], false);
		expect(config.entries.map((e) => e.source.scope)).toEqual(["claude-user"]);
		expect(config.skipped.map((s) => s.reason)).toEqual(["untrusted", "untrusted"]);
		expect(config.disableAllHooks).toBe(true);
	});
});

describe("events pi never fires", () => {
	it("lists their hooks as skipped with the reason", () => {
		const config = mergeSources(
			[parse({ hooks: { PermissionRequest: [{ hooks: [cmd("a")] }], Stop: [{ hooks: [cmd("b")] }] } })],
			true,
		);
		expect(config.entries.map((e) => e.event)).toEqual(["Stop"]);
		expect(config.skipped[0]?.message).toContain("pi has no PermissionRequest event");
	});
});
