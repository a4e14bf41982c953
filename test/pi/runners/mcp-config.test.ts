import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type McpConfigPlace, mcpServerConfigured } from "../../../src/pi/runners/mcp-config.ts";

const roots: string[] = [];
afterEach(() => {
	for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A temp agent dir and project with the given `mcp.json` texts (undefined: no file). */
const place = (user: unknown, project: unknown, projectTrusted = true): McpConfigPlace => {
	const root = mkdtempSync(join(tmpdir(), "phm-mcp-config-"));
	roots.push(root);
	const agentDir = join(root, "agent");
	const cwd = join(root, "project");
	mkdirSync(agentDir);
	mkdirSync(join(cwd, ".pi"), { recursive: true });
	const write = (file: string, value: unknown) => {
		if (value !== undefined) writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value));
	};
	write(join(agentDir, "mcp.json"), user);
	write(join(cwd, ".pi", "mcp.json"), project);
	return { agentDir, cwd, projectTrusted };
};
const stdio = { command: "node", args: ["server.mjs"] };

describe("mcpServerConfigured", () => {
	it.each([
		["listed in the user's mcp.json", { mcpServers: { "my-srv": stdio } }, undefined, true, true],
		["listed nowhere", { mcpServers: { other: stdio } }, undefined, true, false],
		["switched off", { mcpServers: { "my-srv": { ...stdio, enabled: false } } }, undefined, true, false],
		["listed by a trusted project", undefined, { mcpServers: { "my-srv": stdio } }, true, true],
		["listed by a project pi does not trust", undefined, { mcpServers: { "my-srv": stdio } }, false, false],
		[
			"switched off by the project",
			{ mcpServers: { "my-srv": stdio } },
			{ mcpServers: { "my-srv": { enabled: false } } },
			true,
			false,
		],
		[
			"switched on by the project",
			{ mcpServers: { "my-srv": { ...stdio, enabled: false } } },
			{ mcpServers: { "my-srv": { enabled: true } } },
			true,
			true,
		],
		[
			"replaced by a project entry of its own",
			{ mcpServers: { "my-srv": { ...stdio, enabled: false } } },
			{ mcpServers: { "my-srv": stdio } },
			true,
			true,
		],
		["in a file that is not JSON", "{ not json", undefined, true, false],
		["in a file without mcpServers", { servers: { "my-srv": stdio } }, undefined, true, false],
		["named like an Object method", { mcpServers: {} }, undefined, true, false],
	])("%s", (_what, user, project, trusted, expected) => {
		const server = _what === "named like an Object method" ? "toString" : "my-srv";
		expect(mcpServerConfigured(place(user, project, trusted), server)).toBe(expected);
	});

	it("lists nothing when there is no mcp.json", () => {
		expect(mcpServerConfigured(place(undefined, undefined), "my-srv")).toBe(false);
	});
});
