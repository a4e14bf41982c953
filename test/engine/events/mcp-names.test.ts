import { describe, expect, it } from "vitest";
import { claudeMcpToolName } from "../../../src/engine/events/mcp-names.ts";

describe("Claude Code names of MCP tools", () => {
	it.each([
		["mcp__my_srv__do_thing", { server: "my-srv", tool: "do-thing" }, "mcp__my-srv__do-thing"],
		["mcp__my_srv__do_thing", { server: "my-srv", tool: undefined }, "mcp__my-srv__do_thing"],
		["mcp__my_srv__do_thing", { server: undefined, tool: undefined }, "mcp__my_srv__do_thing"],
		["mcp__a_b__c__d", { server: "a-b", tool: undefined }, "mcp__a-b__c__d"],
		["bash", { server: "x", tool: "y" }, "bash"],
	])("%s with %j is %s", (piName, facts, expected) => {
		expect(claudeMcpToolName(piName, facts)).toBe(expected);
	});
});
