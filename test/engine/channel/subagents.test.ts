/**
 * The subagent extensions' lifecycle events (recorded from the packages in test/fixtures/subagents/) read into
 * SubagentStart and SubagentStop moments: agent id and type, a stop's session file and last words; a malformed event
 * named with its problem, other channels ignored.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readSubagentEvent } from "../../../src/engine/channel/subagents.ts";
import { PROJECT_ROOT } from "../../support/pi-env.ts";

interface Recorded {
	readonly events: readonly { readonly channel: string; readonly data: unknown }[];
}

const fixture = (name: string): Recorded =>
	JSON.parse(readFileSync(join(PROJECT_ROOT, "test", "fixtures", "subagents", name), "utf8")) as Recorded;

const moments = (name: string) =>
	fixture(name).events.map(({ channel, data }) => {
		const read = readSubagentEvent(channel, data);
		return read.kind === "ok" ? read.moment : read;
	});

describe("readSubagentEvent", () => {
	it("reads @tintinweb/pi-subagents' started, completed and failed", () => {
		const extension = "@tintinweb/pi-subagents";
		expect(moments("tintinweb-pi-subagents-0.14.1.json")).toEqual([
			{
				kind: "start",
				extension,
				agentId: "064df248-4a81-47b",
				agentType: "general-purpose",
				transcriptPath: "",
				lastMessage: "",
			},
			{
				kind: "stop",
				extension,
				agentId: "064df248-4a81-47b",
				agentType: "general-purpose",
				transcriptPath: "",
				lastMessage: "echo: say hi",
			},
			{
				kind: "stop",
				extension,
				agentId: "a1b2c3d4-0000-4bad",
				agentType: "Explore",
				transcriptPath: "",
				lastMessage: "model request failed",
			},
		]);
	});

	it("reads pi-subagents' async start, async completion and foreground completion", () => {
		const extension = "pi-subagents";
		expect(moments("pi-subagents-0.67.0.json")).toEqual([
			{
				kind: "start",
				extension,
				agentId: "9793088f-ca22-4073-a357-055a86b9a7c2",
				agentType: "scout",
				transcriptPath: "",
				lastMessage: "",
			},
			{
				kind: "stop",
				extension,
				agentId: "9793088f-ca22-4073-a357-055a86b9a7c2",
				agentType: "scout",
				transcriptPath: "/work/agent/sessions/child.jsonl",
				lastMessage: "found three call sites",
			},
			{
				kind: "stop",
				extension,
				agentId: "run-7:0",
				agentType: "reviewer",
				transcriptPath: "/work/agent/sessions/reviewer.jsonl",
				lastMessage: "tests failed\n\nOutput:\n2 failing",
			},
		]);
	});

	it.each([
		["subagents:started", null, "the event's data is not an object"],
		["subagents:completed", { type: "Explore" }, "id is missing"],
		["subagents:started", { id: "x" }, "type is missing"],
		["subagent:async-complete", { id: "x", results: [] }, "agent is missing"],
	])("names the problem of %s %j and runs nothing", (channel, data, problem) => {
		const read = readSubagentEvent(channel, data);
		expect(read.kind).toBe("invalid");
		expect(read.kind === "invalid" && read.problem).toBe(`${channel}: ${problem}`);
	});

	it("ignores channels that are not a subagent extension's", () => {
		expect(readSubagentEvent("subagents:steered", { id: "x" })).toEqual({ kind: "ignored" });
	});
});
