/**
 * Hostile settings files, read through the live configuration store from real files: each one ends in an
 * issue naming the file and the reason (or loads), never in a throw or a hang, and never costs the other files.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_SETTINGS_BYTES } from "../../src/engine/config/load.ts";
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import { settingsSources } from "../../src/engine/config/sources.ts";
import { createConfigStore } from "../../src/engine/config/store.ts";
import type { HookConfig } from "../../src/engine/types.ts";
import { runIsolated, srcModule } from "../support/isolated.ts";

let root = "";
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "phm-hostile-settings-"));
	for (const dir of ["home/.claude", "agent", "project/.claude", "project/.pi"])
		mkdirSync(join(root, dir), { recursive: true });
	// A good user file next to every hostile project file: it must always survive.
	writeFileSync(join(root, "home/.claude/settings.json"), JSON.stringify(settingsWith("user-hook")));
});
afterEach(() => {
	chmodSync(root, 0o755);
	rmSync(root, { recursive: true, force: true });
});

const PROJECT_FILE = "project/.claude/settings.json";
const locations = () => ({
	home: join(root, "home"),
	agentDir: join(root, "agent"),
	projectDir: join(root, "project"),
});

function settingsWith(...commands: string[]): Record<string, unknown> {
	return {
		hooks: { PreToolUse: [{ matcher: "Bash", hooks: commands.map((command) => ({ type: "command", command })) }] },
	};
}

const load = (): HookConfig =>
	createConfigStore({ sources: settingsSources(locations()), isTrusted: () => true }).current();
const commands = (config: HookConfig): string[] =>
	config.entries.map((e) => (e.handler.type === "command" ? e.handler.command : ""));
const issuesOf = (config: HookConfig) =>
	config.issues.map((i) => ({ file: i.file.slice(root.length + 1), path: i.path, message: i.message }));

/**
 * Loads the configuration in a separate Node process that is killed after 15 s, for files that could block a
 * read forever (a FIFO) or never end (/dev/zero): without the guard in load.ts the test fails instead of hanging.
 */
const loadInChild = (): { commands: string[]; issues: ReturnType<typeof issuesOf> } => {
	const script = `
		import { createConfigStore } from ${srcModule("src/engine/config/store.ts")};
		import { settingsSources } from ${srcModule("src/engine/config/sources.ts")};
		const config = createConfigStore({ sources: settingsSources(INPUT), isTrusted: () => true }).current();
		console.log(JSON.stringify({ commands: config.entries.map((e) => e.handler.command), issues: config.issues }));
	`;
	const loaded = runIsolated<{ commands: string[]; issues: HookConfig["issues"] }>(script, locations(), 15_000);
	return {
		commands: loaded.commands,
		issues: loaded.issues.map((i) => ({ file: i.file.slice(root.length + 1), path: i.path, message: i.message })),
	};
};

const isRoot = process.getuid?.() === 0;

describe("settings paths that are not readable files", () => {
	it.skipIf(isRoot)(
		"a file with mode 000 is reported as unreadable (skipped as root: root reads mode-000 files)",
		() => {
			writeFileSync(join(root, PROJECT_FILE), JSON.stringify(settingsWith("p")));
			chmodSync(join(root, PROJECT_FILE), 0o000);
			const config = load();
			expect(commands(config)).toEqual(["user-hook"]);
			expect(issuesOf(config)).toEqual([
				{ file: PROJECT_FILE, path: "", message: expect.stringMatching(/^cannot be read: EACCES/) },
			]);
		},
	);

	it("a symlink loop (unreadable for every user, root included) is reported as unreadable", () => {
		symlinkSync(join(root, "project/.claude/loop-b"), join(root, PROJECT_FILE));
		symlinkSync(join(root, PROJECT_FILE), join(root, "project/.claude/loop-b"));
		const config = load();
		expect(commands(config)).toEqual(["user-hook"]);
		expect(issuesOf(config)).toEqual([
			{ file: PROJECT_FILE, path: "", message: expect.stringMatching(/^cannot be read: ELOOP/) },
		]);
	});

	it("a FIFO nobody writes to is reported, not read (reading it would block pi forever)", () => {
		execFileSync("mkfifo", [join(root, PROJECT_FILE)]);
		expect(loadInChild()).toEqual({
			commands: ["user-hook"],
			issues: [
				{
					file: PROJECT_FILE,
					path: "",
					message: "is not a regular file (a FIFO, socket or device), so it is not read",
				},
			],
		});
	});

	it("a symlink to /dev/zero is reported, not read (reading it would never end)", () => {
		symlinkSync("/dev/zero", join(root, PROJECT_FILE));
		expect(loadInChild().issues).toEqual([
			{
				file: PROJECT_FILE,
				path: "",
				message: "is not a regular file (a FIFO, socket or device), so it is not read",
			},
		]);
	});
});

describe("settings files that are too big or too deep", () => {
	it("10 MB of JSON with 20,000 handlers loads every handler", () => {
		const handlers = Array.from({ length: 20_000 }, (_, i) => `hook-${i}-${"x".repeat(480)}`);
		const text = JSON.stringify(settingsWith(...handlers));
		expect(text.length).toBeGreaterThan(10_000_000);
		writeFileSync(join(root, PROJECT_FILE), text);
		const config = load();
		expect(config.issues).toEqual([]);
		expect(config.entries).toHaveLength(20_001);
	});

	it("a file over the size cap is reported with its size and not parsed", () => {
		writeFileSync(join(root, PROJECT_FILE), `{"padding": "${"x".repeat(MAX_SETTINGS_BYTES)}"}`);
		const config = load();
		expect(commands(config)).toEqual(["user-hook"]);
		expect(issuesOf(config)[0]?.message).toBe(
			`is ${MAX_SETTINGS_BYTES + 15} bytes; settings files over ${MAX_SETTINGS_BYTES} bytes are not read`,
		);
	});

	const deep = (depth: number): string => `${"[".repeat(depth)}${"]".repeat(depth)}`;
	it.each([
		["the whole file", deep(100_000), "", "a settings file must hold a JSON object"],
		["the whole file, unclosed", "[".repeat(100_000), "", "invalid JSON: Unexpected end of JSON input"],
		["hooks, unclosed", `{"hooks": ${"[".repeat(100_000)}`, "", "invalid JSON: Unexpected end of JSON input"],
		["hooks", `{"hooks": ${deep(100_000)}}`, "hooks", '"hooks" must be an object keyed by hook event'],
		[
			"an event",
			`{"hooks": {"PreToolUse": [${deep(100_000)}]}}`,
			"hooks.PreToolUse[0]",
			'a matcher group must be an object with "hooks"',
		],
		[
			"a field of a handler",
			`{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x", "extra": ${deep(100_000)}}]}]}}`,
			"hooks.PreToolUse[0].hooks[0]",
			"this hook handler is nested too deeply to read (Maximum call stack size exceeded)",
		],
		[
			"a field of an agent handler",
			`{"hooks": {"Stop": [{"hooks": [{"type": "agent", "prompt": "x", "extra": ${deep(100_000)}}]}]}}`,
			"hooks.Stop[0].hooks[0]",
			"this hook handler is nested too deeply to read (Maximum call stack size exceeded)",
		],
	])("100,000 nested arrays in %s: one issue, the other files still load", (_where, text, path, message) => {
		writeFileSync(join(root, PROJECT_FILE), text);
		const config = load();
		expect(commands(config)).toEqual(["user-hook"]);
		expect(issuesOf(config)).toEqual([{ file: PROJECT_FILE, path, message }]);
	});

	it("100,000 nested objects under a key pi-hook-manager does not read are ignored", () => {
		const nested = `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`;
		writeFileSync(
			join(root, PROJECT_FILE),
			`{"permissions": ${nested}, "hooks": ${JSON.stringify(settingsWith("p").hooks)}}`,
		);
		const config = load();
		expect(config.issues).toEqual([]);
		expect(commands(config)).toEqual(["user-hook", "p"]);
	});
});

describe("a value of the wrong type at every level of the settings", () => {
	const GOOD = { matcher: "Read", hooks: [{ type: "command", command: "good" }] };
	const handler = (field: string, value: unknown) => ({ type: "command", command: "x", [field]: value });
	const group = (handlers: unknown) => ({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: handlers }, GOOD] } });
	const WRONG: readonly unknown[] = [null, 42, -1, 0, "text", true, [], [1], {}, { a: 1 }];
	const isPlainObject = (value: unknown): boolean =>
		typeof value === "object" && value !== null && !Array.isArray(value);
	// [what, settings with the value in place, JSON path of the issue, values that are valid there]
	const levels: readonly [string, (value: unknown) => unknown, string, (value: unknown) => boolean][] = [
		["the file", (value) => value, "", isPlainObject],
		["hooks", (value) => ({ hooks: value }), "hooks", isPlainObject],
		[
			"an event's groups",
			(value) => ({ hooks: { PreToolUse: value, PostToolUse: [GOOD] } }),
			"hooks.PreToolUse",
			Array.isArray,
		],
		[
			"a matcher group",
			(value) => ({ hooks: { PreToolUse: [value, GOOD] } }),
			"hooks.PreToolUse[0]",
			isPlainObject,
		],
		[
			"a matcher",
			(value) => ({ hooks: { PreToolUse: [{ matcher: value, hooks: [] }, GOOD] } }),
			"hooks.PreToolUse[0].matcher",
			(v) => typeof v === "string",
		],
		["a group's hooks", (value) => group(value), "hooks.PreToolUse[0].hooks", Array.isArray],
		["a handler", (value) => group([value]), "hooks.PreToolUse[0].hooks[0]", isPlainObject],
		[
			"a handler's type",
			(value) => group([{ type: value, command: "x" }]),
			"hooks.PreToolUse[0].hooks[0].type",
			() => false,
		],
		[
			"a command",
			(value) => group([{ type: "command", command: value }]),
			"hooks.PreToolUse[0].hooks[0].command",
			(v) => typeof v === "string",
		],
		[
			"args",
			(value) => group([handler("args", value)]),
			"hooks.PreToolUse[0].hooks[0].args",
			(v) => JSON.stringify(v) === "[]",
		],
		[
			"a timeout",
			(value) => group([handler("timeout", value)]),
			"hooks.PreToolUse[0].hooks[0].timeout",
			(v) => typeof v === "number" && v > 0,
		],
		["async", (value) => group([handler("async", value)]), "hooks.PreToolUse[0].hooks[0].async", (v) => v === true],
		[
			"asyncRewake",
			(value) => group([handler("asyncRewake", value)]),
			"hooks.PreToolUse[0].hooks[0].asyncRewake",
			(v) => v === true,
		],
		[
			"a statusMessage",
			(value) => group([handler("statusMessage", value)]),
			"hooks.PreToolUse[0].hooks[0].statusMessage",
			(v) => typeof v === "string",
		],
		[
			"an if rule",
			(value) => group([handler("if", value)]),
			"hooks.PreToolUse[0].hooks[0].if",
			(v) => typeof v === "string",
		],
		[
			"disableAllHooks",
			(value) => ({ disableAllHooks: value, hooks: { PreToolUse: [GOOD] } }),
			"disableAllHooks",
			(v) => v === true,
		],
		[
			"allowedHttpHookUrls",
			(value) => ({ allowedHttpHookUrls: value, hooks: { PreToolUse: [GOOD] } }),
			"allowedHttpHookUrls",
			(v) => JSON.stringify(v) === "[]",
		],
	];
	const cases = levels.flatMap(([what, build, path, valid]) =>
		WRONG.filter((value) => !valid(value)).map((value) => [what, JSON.stringify(value), build, path] as const),
	);

	it.each(cases)(
		"%s = %s: one issue at its JSON path, and the good hook next to it still loads",
		(what, shown, build, path) => {
			const source = { scope: "claude-project", file: "/p/s.json", project: true } as const;
			const parsed = parseSettingsText(JSON.stringify(build(JSON.parse(shown))), source);
			expect(parsed.issues).toHaveLength(1);
			expect(parsed.issues[0]?.path).toBe(path);
			expect(parsed.issues[0]?.message).toMatch(/\S/);
			const good = parsed.entries.filter((e) => e.handler.type === "command" && e.handler.command === "good");
			expect(good).toHaveLength(what === "the file" || what === "hooks" ? 0 : 1);
		},
	);
});
