/**
 * Per-hook switches: persisted in pi-hook-manager's own state file (never the settings files), keyed by hook id,
 * forgotten when the hook is deleted from its file, kept for files of other projects.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHookState, hookStateFile } from "../../../src/pi/stores/hook-state.ts";
import { commandEntry } from "../../support/entries.ts";
import { entryWith, FIXTURE_SETTINGS, fixtureConfig, SOURCES } from "../../ui/panel/fixtures.ts";

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "hook-state-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const config = fixtureConfig();
const guard = entryWith(config, "block-rm.sh");
const policy = entryWith(config, "git_policy.py");
const files = SOURCES.map((source) => source.file);

describe("createHookState", () => {
	it("disables and enables a hook, and a new pi reads the choice back", () => {
		const file = hookStateFile(dir);
		const state = createHookState(file, () => new Date("2026-01-02T03:04:05Z"));
		expect(state.isEnabled(guard)).toBe(true);
		expect(state.setEnabled(guard, false)).toEqual({ ok: true });
		expect(state.isEnabled(guard)).toBe(false);
		expect(state.isEnabled(policy)).toBe(true);
		expect(state.disabledCount(config)).toBe(1);
		const saved = JSON.parse(readFileSync(file, "utf8"));
		expect(saved).toEqual({
			version: 1,
			disabled: {
				[guard.id]: {
					file: guard.source.file,
					event: "PreToolUse",
					matcher: "Bash",
					target: "~/.claude/hooks/block-rm.sh",
					since: "2026-01-02T03:04:05.000Z",
				},
			},
		});
		expect(createHookState(file).isEnabled(guard)).toBe(false);
		state.setEnabled(guard, true);
		expect(createHookState(file).isEnabled(guard)).toBe(true);
	});

	it("keeps the choice when the hooks are reordered in the file", () => {
		const state = createHookState(hookStateFile(dir));
		state.setEnabled(policy, false);
		const project = FIXTURE_SETTINGS[1] as { hooks: { PreToolUse: unknown[] } };
		const reordered = fixtureConfig(true, {
			...FIXTURE_SETTINGS,
			1: { hooks: { ...project.hooks, PreToolUse: [...project.hooks.PreToolUse].reverse() } },
		});
		expect(entryWith(reordered, "git_policy.py").jsonPath).not.toBe(policy.jsonPath);
		expect(state.isEnabled(entryWith(reordered, "git_policy.py"))).toBe(false);
	});

	it("forgets a disabled hook deleted from its file, but not hooks of files outside this project", () => {
		const file = hookStateFile(dir);
		const state = createHookState(file);
		state.setEnabled(guard, false);
		state.setEnabled(policy, false);
		const otherProject = {
			...policy,
			id: "other-project-hook",
			source: { ...policy.source, file: "/elsewhere/.claude/settings.json" },
		};
		state.setEnabled(otherProject, false);
		const withoutGuard = fixtureConfig(true, { ...FIXTURE_SETTINGS, 0: { hooks: {} } });
		expect(state.reconcile(withoutGuard, files)).toEqual({ ok: true });
		expect(state.isEnabled(guard)).toBe(true);
		expect(state.isEnabled(policy)).toBe(false);
		expect(state.isEnabled(otherProject)).toBe(false);
		expect(Object.keys(JSON.parse(readFileSync(file, "utf8")).disabled).sort()).toEqual(
			[policy.id, "other-project-hook"].sort(),
		);
	});

	it("does not forget hooks of a file that failed to load as a whole", () => {
		const state = createHookState(hookStateFile(dir));
		state.setEnabled(guard, false);
		const broken = {
			...fixtureConfig(true, { ...FIXTURE_SETTINGS, 0: undefined }),
			issues: [{ file: guard.source.file, path: "", message: "invalid JSON" }],
		};
		state.reconcile(broken, files);
		expect(state.isEnabled(guard)).toBe(false);
	});

	it("counts untrusted hooks that are disabled", () => {
		const state = createHookState(hookStateFile(dir));
		state.setEnabled(policy, false);
		expect(state.disabledCount(fixtureConfig(false))).toBe(1);
	});

	it("moves the mark to the hook's new id after an edit", () => {
		const state = createHookState(hookStateFile(dir));
		state.setEnabled(guard, false);
		state.rename(guard.id, {
			id: "new-id",
			file: guard.source.file,
			event: "PreToolUse",
			matcher: "Bash",
			target: "x",
		});
		expect(state.isEnabled(guard)).toBe(true);
		expect(state.isEnabled({ ...guard, id: "new-id" })).toBe(false);
	});

	it("merges with changes another pi made to the file meanwhile", () => {
		const file = hookStateFile(dir);
		const first = createHookState(file);
		const second = createHookState(file);
		first.setEnabled(guard, false);
		second.setEnabled(policy, false);
		const third = createHookState(file);
		expect([third.isEnabled(guard), third.isEnabled(policy)]).toEqual([false, false]);
	});

	it("treats an unreadable state file as empty and says why", () => {
		const file = join(dir, "state.json");
		writeFileSync(file, "{not json");
		const state = createHookState(file);
		expect(state.loadProblem).toContain("is not valid JSON");
		expect(state.isEnabled(guard)).toBe(true);
	});

	it("writes the file with mode 0600 and masks a secret in the command it names", () => {
		const file = hookStateFile(dir);
		const token = "ghp_0123456789abcdefghijABCDEFGHIJ012345";
		createHookState(file).setEnabled(commandEntry(`curl -H 'Authorization: Bearer ${token}' x`), false);
		expect(statSync(file).mode & 0o777).toBe(0o600);
		expect(readFileSync(file, "utf8")).toContain("Bearer [redacted]");
		expect(readFileSync(file, "utf8")).not.toContain(token);
	});

	it("keeps a switch set under the old 16-digit id: reconcile moves it to the full id", () => {
		const file = join(dir, "state.json");
		writeFileSync(
			file,
			JSON.stringify({
				version: 1,
				disabled: {
					[guard.id.slice(0, 16)]: {
						file: guard.source.file,
						event: "PreToolUse",
						matcher: "Bash",
						target: "x",
						since: "t",
					},
				},
			}),
		);
		const state = createHookState(file);
		state.reconcile(config, files);
		expect(state.isEnabled(guard)).toBe(false);
	});
});
