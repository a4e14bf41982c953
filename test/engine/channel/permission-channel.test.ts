/**
 * The permission channels' requests and answers: pi-hook-manager's own shape and cc-thingz's `cc-hooks:invoke`
 * read into one request, every malformed request named with one problem (no hook runs for it), what is not ours
 * ignored, and each answer in its caller's shape.
 */
import { describe, expect, it } from "vitest";
import { ccHooksAnswer, channelAnswer } from "../../../src/engine/channel/permission-answer.ts";
import { readCcHooksRequest, readPermissionRequest } from "../../../src/engine/channel/permission-request.ts";

const reply = () => undefined;

describe("readPermissionRequest", () => {
	it("reads a PermissionRequest in pi's terms with its id, caller, suggestions and deadline", () => {
		const read = readPermissionRequest({
			id: "r1",
			event: "PermissionRequest",
			from: "my-gate",
			toolName: "bash",
			input: { command: "ls" },
			suggestions: [],
			timeoutMs: 5000,
			reply,
		});
		expect(read).toMatchObject({
			kind: "ok",
			request: {
				event: "PermissionRequest",
				shape: "pi-hook-manager",
				id: "r1",
				from: "my-gate",
				names: "pi",
				toolName: "bash",
				toolInput: { command: "ls" },
				suggestions: [],
				timeoutMs: 5000,
			},
		});
	});

	it.each([
		[{ event: "PermissionRequest", toolName: "bash", input: {} }, "id is missing"],
		[{ id: "r", event: "Stop", toolName: "bash", input: {} }, 'event must be "PermissionRequest" or'],
		[{ id: "r", event: "PermissionRequest", input: {} }, "toolName is missing"],
		[{ id: "r", event: "PermissionRequest", toolName: "bash", input: "ls" }, "input must be an object"],
		[{ id: "r", event: "PermissionRequest", toolName: "bash", input: {}, suggestions: {} }, "suggestions must be"],
		[{ id: "r", event: "PermissionDenied", toolName: "bash", input: {} }, "reason is missing"],
		[{ id: "r", event: "PermissionDenied", toolName: "bash", input: {}, reason: "x", toolCallId: 3 }, "toolCallId"],
	])("names the problem of %j", (raw, problem) => {
		const read = readPermissionRequest({ ...raw, reply });
		expect(read.kind).toBe("invalid");
		expect(read.kind === "invalid" && read.problem).toContain(problem);
		// The answer to a malformed request names the request's own event (PermissionRequest when it named none).
		expect(read.kind === "invalid" && read.event).toBe(
			raw.event === "PermissionDenied" ? "PermissionDenied" : "PermissionRequest",
		);
	});

	it("ignores what cannot be answered (no reply and no id) and what is not an object", () => {
		expect(readPermissionRequest({ event: "PermissionRequest" })).toEqual({ kind: "ignored" });
		expect(readPermissionRequest("PermissionRequest")).toEqual({ kind: "ignored" });
	});
});

describe("readCcHooksRequest", () => {
	it("reads cc-thingz's shape in Claude Code's terms; ccToolName wins over stdin.tool_name", () => {
		const read = readCcHooksRequest({
			hookEventName: "PermissionRequest",
			ccToolName: "Bash",
			stdin: { session_id: "s", cwd: "/p", tool_name: "bash", tool_input: { command: "ls" } },
			timeoutSec: 3,
			onResult: reply,
		});
		expect(read).toMatchObject({
			kind: "ok",
			request: { shape: "cc-hooks", names: "claude", toolName: "Bash", timeoutMs: 3000 },
		});
	});

	it("leaves every other event and a request without onResult to cc-thingz", () => {
		expect(readCcHooksRequest({ hookEventName: "ConfigChange", stdin: {}, onResult: reply })).toEqual({
			kind: "ignored",
		});
		expect(readCcHooksRequest({ hookEventName: "PermissionRequest", stdin: {} })).toEqual({ kind: "ignored" });
	});

	it("names a stdin that is not an object", () => {
		const read = readCcHooksRequest({ hookEventName: "PermissionDenied", stdin: 1, onResult: reply });
		expect(read.kind === "invalid" && read.problem).toContain("stdin must be an object");
	});
});

describe("answers", () => {
	it("gives pi-hook-manager's answer with the id", () => {
		expect(channelAnswer("r1", "PermissionRequest", { behavior: "deny", message: "no", interrupt: false })).toEqual(
			{
				id: "r1",
				event: "PermissionRequest",
				decision: "deny",
				message: "no",
				interrupt: false,
			},
		);
		expect(channelAnswer("r2", "PermissionDenied", { behavior: "none", why: "switched_off" })).toEqual({
			id: "r2",
			event: "PermissionDenied",
			decision: "none",
			why: "switched_off",
			retry: false,
		});
	});

	it("gives cc-thingz's result shapes", () => {
		expect(ccHooksAnswer("PermissionRequest", { behavior: "deny", message: "", interrupt: true })).toEqual({
			blocked: true,
			behavior: "deny",
			reason: "Permission denied by hook",
			message: "Permission denied by hook",
			interrupt: true,
		});
		expect(
			ccHooksAnswer("PermissionRequest", { behavior: "allow", input: { command: "ls" }, updates: [] }),
		).toEqual({ blocked: false, behavior: "allow", updatedInput: { command: "ls" } });
		expect(ccHooksAnswer("PermissionDenied", { behavior: "retry", retry: true })).toEqual({ retry: true });
		expect(ccHooksAnswer("PermissionRequest", { behavior: "none", why: "timeout" })).toEqual({ blocked: false });
	});
});
