/**
 * The store's gate (ConfigChange): an edit of a file read before takes effect only when the gate accepts it; a
 * rejected edit keeps the hooks from before until the file's next edit; `wait` keeps them and asks again.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { settingsSources } from "../../../src/engine/config/sources.ts";
import { type ConfigCandidate, createConfigStore, type GateAnswer } from "../../../src/engine/config/store.ts";

let root: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "phm-gate-"));
	for (const dir of ["home/.claude", "agent", "project/.claude", "project/.pi"])
		mkdirSync(join(root, dir), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const sources = () =>
	settingsSources({ home: join(root, "home"), agentDir: join(root, "agent"), projectDir: join(root, "project") });
const hooks = (...commands: string[]) =>
	JSON.stringify({
		hooks: { PreToolUse: [{ matcher: "Bash", hooks: commands.map((command) => ({ type: "command", command })) }] },
	});
const write = (rel: string, text: string, mtimeSec: number) => {
	writeFileSync(join(root, rel), text);
	utimesSync(join(root, rel), mtimeSec, mtimeSec);
};
const commands = (store: ReturnType<typeof createConfigStore>) =>
	store.current().entries.map((e) => (e.handler.type === "command" ? e.handler.command : ""));

/** A store over the sandbox whose gate answers `answer()` and records what it was asked. */
const gatedStore = (answer: (candidate: ConfigCandidate) => GateAnswer) => {
	const asked: ConfigCandidate[] = [];
	const store = createConfigStore({
		sources: sources(),
		isTrusted: () => true,
		checkIntervalMs: 0,
		gate: (candidate) => {
			asked.push(candidate);
			return answer(candidate);
		},
	});
	return { store, asked };
};

describe("the config store's gate", () => {
	it("is not asked about the first read, and an accepted edit takes effect", () => {
		write("project/.claude/settings.json", hooks("one"), 1000);
		const { store, asked } = gatedStore(() => "accept");
		expect(commands(store)).toEqual(["one"]);
		expect(asked).toEqual([]);
		write("project/.claude/settings.json", hooks("two"), 2000);
		expect(commands(store)).toEqual(["two"]);
		expect(asked.map((c) => c.source.scope)).toEqual(["claude-project"]);
	});

	it("keeps the hooks from before a rejected edit, asks once per edit, and takes the next accepted one", () => {
		write("project/.claude/settings.json", hooks("one"), 1000);
		let answer: GateAnswer = "reject";
		const { store, asked } = gatedStore(() => answer);
		expect(commands(store)).toEqual(["one"]);
		write("project/.claude/settings.json", hooks("two"), 2000);
		expect(commands(store)).toEqual(["one"]);
		expect(commands(store)).toEqual(["one"]);
		expect(asked).toHaveLength(1);
		answer = "accept";
		write("project/.claude/settings.json", hooks("three"), 3000);
		expect(commands(store)).toEqual(["three"]);
		expect(asked).toHaveLength(2);
	});

	it("keeps the hooks from before while the answer waits, and asks again on every check", () => {
		write("home/.claude/settings.json", hooks("u1"), 1000);
		let answer: GateAnswer = "wait";
		const { store, asked } = gatedStore(() => answer);
		expect(commands(store)).toEqual(["u1"]);
		write("home/.claude/settings.json", hooks("u2"), 2000);
		expect(commands(store)).toEqual(["u1"]);
		expect(commands(store)).toEqual(["u1"]);
		expect(asked.map((c) => c.stamp)).toHaveLength(2);
		expect(asked[0]?.stamp).toBe(asked[1]?.stamp);
		answer = "accept";
		expect(commands(store)).toEqual(["u2"]);
	});

	it("lists the sources of the files it read, each once", () => {
		write("project/.claude/settings.json", hooks("one"), 1000);
		const { store } = gatedStore(() => "accept");
		store.current();
		const files = store.sources().map((source) => source.file);
		expect(files).toContain(join(root, "project/.claude/settings.json"));
		expect(files).toContain(join(root, "home/.claude/settings.json"));
		expect(new Set(files).size).toBe(files.length);
	});

	it("asks about a file that appears after the first read, and a gate that throws accepts", () => {
		const { store, asked } = gatedStore(() => {
			throw new Error("broken gate");
		});
		expect(commands(store)).toEqual([]);
		write("project/.claude/settings.local.json", hooks("local"), 2000);
		expect(commands(store)).toEqual(["local"]);
		expect(asked.map((c) => c.source.scope)).toEqual(["claude-local"]);
	});
});
