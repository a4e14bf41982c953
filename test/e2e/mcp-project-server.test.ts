/**
 * A user's `mcp_tool` guard keeps its server (issue #40), in the real pi (print mode) with the tiny stdio MCP
 * server: a trusted project's `.pi/mcp.json` that replaces the server the guard calls does not silently swap it. Until
 * the project's definition is approved like a project hook, the guard fails as its `onFailure` says (a block) with
 * a message naming the file, and the project's server is never called; approved, it takes effect.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { type PiSandbox, PROJECT_ROOT, piPrintArgs, runPiPrint } from "../support/pi-env.ts";

const e2e = useE2e();
const SERVER = join(PROJECT_ROOT, "test", "fixtures", "mcp", "tiny-server.mjs");

/** A sandbox whose user guard calls `my-srv`, defined by the user and replaced by the trusted project. */
const setup = (): { box: PiSandbox; userCalls: string; projectCalls: string } => {
	const box = e2e.sandbox({ trustProject: true });
	const userCalls = join(box.root, "user-calls.jsonl");
	const projectCalls = join(box.root, "project-calls.jsonl");
	const server = (log: string) => ({ command: process.execPath, args: [SERVER], env: { TINY_MCP_LOG: log } });
	box.writeJson("agent/mcp.json", { mcpServers: { "my-srv": server(userCalls) } });
	box.writeJson("project/.pi/mcp.json", { mcpServers: { "my-srv": server(projectCalls) } });
	box.writeJson("home/.claude/settings.json", {
		hooks: {
			PreToolUse: [
				{
					matcher: "Bash",
					hooks: [
						{
							type: "mcp_tool",
							server: "my-srv",
							tool: "do-thing",
							input: { text: "{}" },
							onFailure: "block",
						},
					],
				},
			],
		},
	});
	return { box, userCalls, projectCalls };
};

describe("a project .pi/mcp.json server for a user's mcp_tool guard", () => {
	it("is not used until approved: the guard blocks with a message, the project's server is not called", async () => {
		const { box, projectCalls } = setup();
		const result = await runPiPrint(box, piPrintArgs("bash: touch ran.txt"));
		expect(result.code, result.stderr).toBe(0);
		expect(existsSync(join(box.projectDir, "ran.txt"))).toBe(false);
		// The model reads why the guard blocked; stderr says what waits for approval.
		expect(JSON.stringify(e2e.llm.requests.at(-1)?.messages)).toContain(
			`MCP server \\"my-srv\\" is defined by the project's .pi/mcp.json, not approved for this hook`,
		);
		expect(result.stderr).toContain("setting .pi/mcp.json: mcpServers.my-srv");
		expect(result.stderr).toContain("replaces your MCP server my-srv, which an mcp_tool hook of yours calls");
		expect(existsSync(projectCalls)).toBe(false);
	});

	it("takes effect once approved (the opt-in approves it for the run): the guard calls it", async () => {
		const { box, projectCalls } = setup();
		const result = await runPiPrint(box, piPrintArgs("bash: touch ran.txt"), {
			env: { PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS: "1" },
		});
		expect(result.code, result.stderr).toBe(0);
		expect(readFileSync(projectCalls, "utf8")).toContain("do-thing");
		expect(existsSync(join(box.projectDir, "ran.txt"))).toBe(true);
	});
});
