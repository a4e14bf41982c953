/**
 * Editing one hook in a settings file: only that hook's bytes change, the new hook's id is the one the parser
 * gives it, a file changed on disk is never overwritten, and the write is atomic.
 */
import {
	chmodSync,
	lstatSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	symlinkSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	applyHookChange,
	type HookChange,
	type HookDraft,
	parseHookPath,
	saveHookChange,
	snapshotFile,
} from "../../../src/engine/config/edit.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import type { HookEntry, HookSource } from "../../../src/engine/types.ts";

const FILE = "/p/.claude/settings.json";
const SOURCE: HookSource = { scope: "claude-project", file: FILE, project: true };

const SETTINGS = `{
	"model": "opus",
	"permissions": { "allow": ["Bash(ls)"] },
	"hooks": {
		"PreToolUse": [
			{
				"matcher": "Bash",
				"hooks": [
					{ "type": "command", "command": "guard.sh", "timeout": 10 },
					{ "type": "command", "command": "log.sh" }
				]
			}
		],
		"PostToolUse": [{ "hooks": [{ "type": "command", "command": "fmt.sh" }] }]
	},
	"zzz": 1
}
`;

const entries = (text: string, file = FILE): readonly HookEntry[] =>
	parseSettingsText(text, { ...SOURCE, file }).entries;
const entry = (text: string, command: string): HookEntry => {
	const found = entries(text).find((e) => e.handler.type === "command" && e.handler.command === command);
	if (found === undefined) throw new Error(`no hook ${command}`);
	return found;
};
const locationOf = (e: HookEntry) => {
	const at = parseHookPath(e.jsonPath);
	if (at === undefined) throw new Error(`bad path ${e.jsonPath}`);
	return at;
};
const cmd = (command: string, extra: Record<string, unknown> = {}) => ({ type: "command", command, ...extra });
const draft = (event: HookDraft["event"], matcher: string, handler: Record<string, unknown>): HookDraft => ({
	event,
	matcher,
	handler,
});
const update = (text: string, command: string, next: HookDraft): HookChange => {
	const e = entry(text, command);
	return { kind: "update", id: e.id, at: locationOf(e), draft: next };
};
const remove = (text: string, command: string): HookChange => {
	const e = entry(text, command);
	return { kind: "delete", id: e.id, at: locationOf(e) };
};
const ok = (result: ReturnType<typeof applyHookChange>): { text: string; id: string | undefined } => {
	if (!result.ok) throw new Error(`${result.reason}: ${result.message}`);
	return result;
};

describe("parseHookPath", () => {
	it("reads the location of a handler from its JSON path", () => {
		expect(parseHookPath("hooks.PreToolUse[0].hooks[1]")).toEqual({ event: "PreToolUse", group: 0, handler: 1 });
		expect(parseHookPath("hooks.PreToolUse[0].matcher")).toBeUndefined();
	});
});

describe("applyHookChange keeps every other byte", () => {
	it("adds a hook to the group with the same event and matcher, one line like its siblings", () => {
		const result = ok(
			applyHookChange(SETTINGS, FILE, { kind: "add", draft: draft("PreToolUse", "Bash", cmd("new.sh")) }),
		);
		expect(result.text).toBe(
			SETTINGS.replace(
				'{ "type": "command", "command": "log.sh" }\n',
				'{ "type": "command", "command": "log.sh" },\n\t\t\t\t\t{ "type": "command", "command": "new.sh" }\n',
			),
		);
		expect(result.id).toBe(entry(result.text, "new.sh").id);
	});

	it("adds a new event after the last one, indented like the file", () => {
		const result = ok(applyHookChange(SETTINGS, FILE, { kind: "add", draft: draft("Stop", "", cmd("stop.sh")) }));
		const added =
			`,\n\t\t"Stop": [\n\t\t\t{\n\t\t\t\t"hooks": [\n\t\t\t\t\t{\n` +
			`\t\t\t\t\t\t"type": "command",\n\t\t\t\t\t\t"command": "stop.sh"\n\t\t\t\t\t}\n\t\t\t\t]\n\t\t\t}\n\t\t]`;
		const anchor = '"command": "fmt.sh" }] }]';
		expect(result.text).toBe(SETTINGS.replace(anchor, `${anchor}${added}`));
		expect(result.id).toBe(entry(result.text, "stop.sh").id);
	});

	it("adds a new matcher group to an existing event", () => {
		const result = ok(
			applyHookChange(SETTINGS, FILE, { kind: "add", draft: draft("PreToolUse", "Edit|Write", cmd("w.sh")) }),
		);
		const before = SETTINGS.slice(0, SETTINGS.indexOf('\n\t\t],\n\t\t"PostToolUse"'));
		expect(result.text.startsWith(before)).toBe(true);
		expect(result.text.endsWith(SETTINGS.slice(SETTINGS.indexOf('\n\t\t],\n\t\t"PostToolUse"')))).toBe(true);
		expect(entry(result.text, "w.sh").matcher.source).toBe("Edit|Write");
	});

	it('adds a "hooks" key to a file that has none, and creates a missing file', () => {
		const plain = '{\n  "model": "opus"\n}\n';
		const result = ok(
			applyHookChange(plain, FILE, { kind: "add", draft: draft("PreToolUse", "Bash", cmd("g.sh")) }),
		);
		expect(result.text).toBe(
			'{\n  "model": "opus",\n  "hooks": {\n    "PreToolUse": [\n      {\n        "matcher": "Bash",\n' +
				'        "hooks": [\n          {\n            "type": "command",\n' +
				'            "command": "g.sh"\n          }\n        ]\n      }\n    ]\n  }\n}\n',
		);
		const created = ok(applyHookChange(undefined, FILE, { kind: "add", draft: draft("Stop", "", cmd("s.sh")) }));
		expect(JSON.parse(created.text)).toEqual({ hooks: { Stop: [{ hooks: [cmd("s.sh")] }] } });
		expect(created.id).toBe(entry(created.text, "s.sh").id);
	});

	it("keeps CRLF line ends and four-space indentation", () => {
		const crlf = SETTINGS.replace(/\t/g, "    ").replace(/\n/g, "\r\n");
		const result = ok(applyHookChange(crlf, FILE, { kind: "add", draft: draft("Stop", "", cmd("stop.sh")) }));
		expect(result.text.startsWith(crlf.slice(0, crlf.indexOf('"command": "fmt.sh" }] }]') + 25))).toBe(true);
		expect(result.text).not.toMatch(/[^\r]\n/);
		expect(result.text).toContain('\r\n        "Stop": [\r\n            {\r\n');
	});

	it("updates a hook in place, keeping one line when it was on one line", () => {
		const next = draft("PreToolUse", "Bash", cmd("log.sh", { timeout: 5, statusMessage: "logging" }));
		const result = ok(applyHookChange(SETTINGS, FILE, update(SETTINGS, "log.sh", next)));
		expect(result.text).toBe(
			SETTINGS.replace(
				'{ "type": "command", "command": "log.sh" }',
				'{ "type": "command", "command": "log.sh", "timeout": 5, "statusMessage": "logging" }',
			),
		);
		expect(result.id).toBe(entry(result.text, "log.sh").id);
	});

	it("writes a one-line hook in the file's own style, tight or padded", () => {
		const tight = SETTINGS.replace(
			'{ "type": "command", "command": "log.sh" }',
			'{"type": "command", "command": "log.sh"}',
		);
		const result = ok(
			applyHookChange(
				tight,
				FILE,
				update(tight, "log.sh", draft("PreToolUse", "Bash", cmd("log.sh", { timeout: 5 }))),
			),
		);
		expect(result.text).toBe(
			tight.replace(
				'{"type": "command", "command": "log.sh"}',
				'{"type": "command", "command": "log.sh", "timeout": 5}',
			),
		);
		const added = ok(
			applyHookChange(tight, FILE, {
				kind: "add",
				draft: draft("PreToolUse", "Bash", { type: "command", command: "a.sh", args: ["x"] }),
			}),
		);
		expect(added.text).toContain(
			'{"type": "command", "command": "log.sh"},\n' +
				'\t\t\t\t\t{"type": "command", "command": "a.sh", "args": ["x"]}\n',
		);
	});

	it("changes the matcher in place when the hook is alone in its group, and removes it when emptied", () => {
		const withMatcher = ok(
			applyHookChange(SETTINGS, FILE, update(SETTINGS, "fmt.sh", draft("PostToolUse", "Write", cmd("fmt.sh")))),
		);
		expect(withMatcher.text).toBe(
			SETTINGS.replace(
				'[{ "hooks": [{ "type": "command", "command": "fmt.sh" }] }]',
				'[{ "matcher": "Write", "hooks": [{ "type": "command", "command": "fmt.sh" }] }]',
			),
		);
		const cleared = ok(
			applyHookChange(
				withMatcher.text,
				FILE,
				update(withMatcher.text, "fmt.sh", draft("PostToolUse", "", cmd("fmt.sh"))),
			),
		);
		expect(cleared.text).toBe(SETTINGS);
	});

	it("moves a hook to another group when its matcher changes and it has siblings", () => {
		const result = ok(
			applyHookChange(SETTINGS, FILE, update(SETTINGS, "log.sh", draft("PreToolUse", "Read", cmd("log.sh")))),
		);
		const moved = entries(result.text).map((e) => [
			e.event,
			e.matcher.source,
			e.handler.type === "command" ? e.handler.command : "",
		]);
		expect(moved).toEqual([
			["PreToolUse", "Bash", "guard.sh"],
			["PreToolUse", "Read", "log.sh"],
			["PostToolUse", undefined, "fmt.sh"],
		]);
		expect(
			result.text.startsWith(SETTINGS.slice(0, SETTINGS.indexOf('{ "type": "command", "command": "guard.sh"'))),
		).toBe(true);
		expect(result.text.endsWith(SETTINGS.slice(SETTINGS.indexOf('\n\t\t],\n\t\t"PostToolUse"')))).toBe(true);
	});

	it("moves a hook to another event", () => {
		const result = ok(
			applyHookChange(SETTINGS, FILE, update(SETTINGS, "fmt.sh", draft("PostToolUseFailure", "", cmd("fmt.sh")))),
		);
		expect(entries(result.text).map((e) => e.event)).toEqual(["PreToolUse", "PreToolUse", "PostToolUseFailure"]);
		expect(result.text).toContain('"zzz": 1');
	});

	it("deletes a hook; its group and event go when they become empty", () => {
		const last = ok(applyHookChange(SETTINGS, FILE, remove(SETTINGS, "log.sh")));
		expect(last.text).toBe(SETTINGS.replace(',\n\t\t\t\t\t{ "type": "command", "command": "log.sh" }', ""));
		expect(last.id).toBeUndefined();
		const first = ok(applyHookChange(SETTINGS, FILE, remove(SETTINGS, "guard.sh")));
		expect(first.text).toBe(
			SETTINGS.replace('{ "type": "command", "command": "guard.sh", "timeout": 10 },\n\t\t\t\t\t', ""),
		);
		const only = ok(applyHookChange(SETTINGS, FILE, remove(SETTINGS, "fmt.sh")));
		expect(only.text).toBe(
			SETTINGS.replace(',\n\t\t"PostToolUse": [{ "hooks": [{ "type": "command", "command": "fmt.sh" }] }]', ""),
		);
	});

	it("deleting a file's last hook takes its \"hooks\" key too, keeping every other setting's bytes", () => {
		const stop = '{ "Stop": [{ "hooks": [{ "type": "command", "command": "s.sh" }] }] }';
		const text = `{\n\t"env": { "A": "1" },\n\t"hooks": ${stop}\n}\n`;
		expect(ok(applyHookChange(text, FILE, remove(text, "s.sh"))).text).toBe('{\n\t"env": { "A": "1" }\n}\n');
		const alone = '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "s.sh" }] }] } }';
		expect(ok(applyHookChange(alone, FILE, remove(alone, "s.sh"))).text).toBe("{}");
	});

	it("finds the hook by id when the file was reordered since its path was read", () => {
		const change = remove(SETTINGS, "fmt.sh");
		const reordered = SETTINGS.replace('"PostToolUse": [{', '"PostToolUse": [{ "hooks": [] }, {');
		const result = ok(applyHookChange(reordered, FILE, change));
		expect(result.text).toBe(
			SETTINGS.replace(
				'"PostToolUse": [{ "hooks": [{ "type": "command", "command": "fmt.sh" }] }]',
				'"PostToolUse": [{ "hooks": [] }]',
			),
		);
	});

	it("refuses to change a hook that is no longer in the file, or a file that is not valid JSON", () => {
		const change = remove(SETTINGS, "log.sh");
		const gone = applyHookChange(SETTINGS.replace("log.sh", "other.sh"), FILE, change);
		expect(gone).toMatchObject({ ok: false, reason: "not_found" });
		const broken = applyHookChange(`${SETTINGS},`, FILE, change);
		expect(broken).toMatchObject({ ok: false, reason: "invalid" });
		expect(broken.ok ? "" : broken.message).toContain("is not valid JSON");
	});

	it("adds a valid hook to a file with an unrelated bad entry, and refuses only a change to the bad event", () => {
		const bad = SETTINGS.replace('"PostToolUse": [{', '"Stop": "oops",\n\t\t"PostToolUse": [{');
		const add: HookChange = { kind: "add", draft: draft("PreToolUse", "Bash", cmd("new.sh")) };
		const result = ok(applyHookChange(bad, FILE, add));
		expect(result.text).toContain('"Stop": "oops"');
		expect(entries(result.text).map((e) => (e.handler.type === "command" ? e.handler.command : ""))).toContain(
			"new.sh",
		);
		expect(ok(applyHookChange(bad, FILE, remove(bad, "fmt.sh"))).text).toContain('"Stop": "oops"');
		const onBad = applyHookChange(bad, FILE, { kind: "add", draft: draft("Stop", "", cmd("s.sh")) });
		expect(onBad).toMatchObject({ ok: false, reason: "invalid" });
		expect(onBad.ok ? "" : onBad.message).toContain('"hooks.Stop"');
		// A bad group inside the same event does not refuse either: the new hook goes into a group of its own.
		const badGroup = SETTINGS.replace('"PostToolUse": [{', '"PostToolUse": ["oops", {');
		const next = ok(
			applyHookChange(badGroup, FILE, { kind: "add", draft: draft("PostToolUse", "Write", cmd("w.sh")) }),
		);
		expect(next.text).toContain('"oops"');
		expect(entries(next.text).some((e) => e.handler.type === "command" && e.handler.command === "w.sh")).toBe(true);
	});
});

describe("saveHookChange on disk", () => {
	let dir: string;
	beforeEach(() => {
		dir = mkdtempSync(join(tmpdir(), "edit-test-"));
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	const add: HookChange = { kind: "add", draft: draft("PreToolUse", "Bash", cmd("new.sh")) };

	it("writes the change atomically, keeps the file mode and leaves no temp file", () => {
		const file = join(dir, "settings.json");
		writeFileSync(file, SETTINGS);
		chmodSync(file, 0o600);
		const snapshot = snapshotFile(file);
		if ("error" in snapshot) throw new Error(snapshot.error);
		const result = saveHookChange(snapshot, add);
		expect(result.ok).toBe(true);
		expect(readFileSync(file, "utf8")).toBe(ok(applyHookChange(SETTINGS, file, add)).text);
		expect(statSync(file).mode & 0o777).toBe(0o600);
		expect(readdirSync(dir)).toEqual(["settings.json"]);
	});

	it("refuses to overwrite a file changed on disk since it was read, and writes nothing", () => {
		const file = join(dir, "settings.json");
		writeFileSync(file, SETTINGS);
		const snapshot = snapshotFile(file);
		if ("error" in snapshot) throw new Error(snapshot.error);
		const external = SETTINGS.replace('"opus"', '"sonnet"');
		writeFileSync(file, external);
		const result = saveHookChange(snapshot, add);
		expect(result).toMatchObject({ ok: false, reason: "changed_on_disk" });
		expect(result.ok ? "" : result.message).toContain("changed on disk since the panel read it");
		expect(readFileSync(file, "utf8")).toBe(external);
	});

	it("creates a missing file and its directory", () => {
		const file = join(dir, "project", ".pi", "settings.json");
		const snapshot = snapshotFile(file);
		expect(snapshot).toEqual({ file, text: undefined });
		if ("error" in snapshot) return;
		expect(saveHookChange(snapshot, add).ok).toBe(true);
		expect(entries(readFileSync(file, "utf8"), file)).toHaveLength(1);
	});

	it("refuses when a missing file appeared since it was read", () => {
		const file = join(dir, "settings.json");
		const snapshot = snapshotFile(file);
		if ("error" in snapshot) throw new Error(snapshot.error);
		writeFileSync(file, "{}\n");
		expect(saveHookChange(snapshot, add)).toMatchObject({ ok: false, reason: "changed_on_disk" });
		expect(readFileSync(file, "utf8")).toBe("{}\n");
	});

	it("writes through a symlinked settings file, keeping the link", () => {
		mkdirSync(join(dir, "dotfiles"));
		const real = join(dir, "dotfiles", "settings.json");
		const link = join(dir, "settings.json");
		writeFileSync(real, SETTINGS);
		symlinkSync(real, link);
		const snapshot = snapshotFile(link);
		if ("error" in snapshot) throw new Error(snapshot.error);
		expect(saveHookChange(snapshot, add).ok).toBe(true);
		expect(readFileSync(real, "utf8")).toContain("new.sh");
		expect(lstatSync(link).isSymbolicLink()).toBe(true);
		expect(readdirSync(dir).sort()).toEqual(["dotfiles", "settings.json"]);
	});
});
