import { describe, expect, it } from "vitest";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { dedupeHandlers, dedupeKey } from "../../../src/engine/dispatch/dedupe.ts";
import type { HookEntry, HookSource } from "../../../src/engine/types.ts";

const user: HookSource = { scope: "claude-user", file: "/u/settings.json", project: false };
const piGlobal: HookSource = { scope: "pi-global", file: "/a/settings.json", project: false };
const project: HookSource = { scope: "claude-project", file: "/p/.claude/settings.json", project: true };
const plugin: HookSource = {
	scope: "plugin",
	file: "/cache/guard/hooks/hooks.json",
	project: false,
	hooksPath: ["hooks"],
	plugin: { id: "guard@mk", root: "/cache/guard", data: "/data/guard-mk", options: {}, forced: false },
};

/** The one hook `handler` makes in `source`. */
const entry = (source: HookSource, handler: Record<string, unknown>): HookEntry => {
	const parsed = parseSettingsText(JSON.stringify({ hooks: { PreToolUse: [{ hooks: [handler] }] } }), source);
	const found = parsed.entries[0];
	if (found === undefined) throw new Error(`no hook: ${JSON.stringify(parsed.issues)}`);
	return found;
};

const cmd = (extra: Record<string, unknown> = {}) => ({ type: "command", command: "guard.sh", ...extra });

describe("dedupeKey: what makes two handlers one (Claude Code: command + args, http url)", () => {
	it.each([
		["timeout", cmd({ timeout: 30 }), cmd({ timeout: 1 }), true],
		["async", cmd(), cmd({ async: true }), true],
		["asyncRewake", cmd(), cmd({ asyncRewake: true }), true],
		["if", cmd({ if: "Bash(rm *)" }), cmd(), true],
		["onFailure", cmd({ onFailure: "block" }), cmd({ onFailure: "continue" }), true],
		["statusMessage", cmd({ statusMessage: "a" }), cmd({ statusMessage: "b" }), true],
		["command", cmd(), cmd({ command: "guard.sh -v" }), false],
		["args", cmd({ args: ["a"] }), cmd({ args: ["b"] }), false],
		["args set or not", cmd({ args: [] }), cmd(), false],
		["shell", cmd({ shell: "bash" }), cmd({ shell: "powershell" }), false],
		["type", cmd(), { type: "prompt", prompt: "guard.sh" }, false],
		[
			"http headers",
			{ type: "http", url: "http://a/" },
			{ type: "http", url: "http://a/", headers: { A: "1" } },
			true,
		],
		["http url", { type: "http", url: "http://a/" }, { type: "http", url: "http://b/" }, false],
		["prompt", { type: "prompt", prompt: "a" }, { type: "prompt", prompt: "b" }, false],
		["prompt model", { type: "prompt", prompt: "a" }, { type: "prompt", prompt: "a", model: "m" }, false],
		["mcp input", mcp({ a: 1 }), mcp({ a: 2 }), false],
	])("%s differs: same handler = %s", (_name, a, b, same) => {
		expect(dedupeKey(entry(user, a)) === dedupeKey(entry(piGlobal, b))).toBe(same);
	});

	it("a plugin's copy is its own", () => {
		expect(dedupeKey(entry(user, cmd()))).not.toBe(dedupeKey(entry(plugin, cmd())));
	});
});

function mcp(input: Record<string, unknown>) {
	return { type: "mcp_tool", server: "s", tool: "t", input };
}

describe("dedupeHandlers: which copy runs", () => {
	const table: [string, HookEntry[], number][] = [
		["user then project: the user's", [entry(user, cmd({ timeout: 30 })), entry(project, cmd({ timeout: 1 }))], 0],
		["project then user: the user's", [entry(project, cmd({ async: true })), entry(user, cmd())], 1],
		["two user copies: the first", [entry(user, cmd()), entry(piGlobal, cmd({ async: true }))], 0],
		["two user copies, async first: the first", [entry(user, cmd({ async: true })), entry(piGlobal, cmd())], 0],
	];
	it.each(table)("%s", (_name, candidates, winner) => {
		const { run, duplicates } = dedupeHandlers(candidates);
		expect(run).toEqual([candidates[winner]]);
		expect(duplicates).toEqual(candidates.filter((_, index) => index !== winner));
	});

	it("different handlers all run, in order", () => {
		const candidates = [entry(user, cmd()), entry(project, cmd({ command: "other" })), entry(plugin, cmd())];
		expect(dedupeHandlers(candidates)).toEqual({ run: candidates, duplicates: [] });
	});
});
