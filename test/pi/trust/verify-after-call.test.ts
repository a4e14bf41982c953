/**
 * The verifier on real files in a temp dir: pi-hook-manager's own writes (through the one atomic write) are not
 * the agent's, a foreign write of a state or hook file is put back, a change found when a prompt starts becomes the
 * baseline, a change the person allowed in the self-guard's dialog is kept, and a failing check is a notice.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { settingsSources } from "../../../src/engine/config/sources.ts";
import { type ConfigStore, createConfigStore } from "../../../src/engine/config/store.ts";
import { writeFileAtomic } from "../../../src/engine/io/atomic-write.ts";
import { approvalsFile } from "../../../src/host/trust/approvals.ts";
import { type CallVerifier, createCallVerifier, undoText } from "../../../src/pi/trust/verify-after-call.ts";

let root: string;
let home: string;
let agentDir: string;
let projectDir: string;
let store: ConfigStore;
let verifier: CallVerifier;
const notices: string[] = [];
/** A UI-less context whose notices are kept (`hasUI: true` would notify; no UI writes stderr). */
const ctx = {
	hasUI: true,
	ui: { notify: (text: string) => notices.push(text), custom: async () => false, confirm: async () => false },
} as unknown as ExtensionContext;
const headless = { hasUI: false } as unknown as ExtensionContext;

beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "phm-verify-"));
	home = join(root, "home");
	agentDir = join(root, "agent");
	projectDir = join(root, "project");
	for (const dir of [join(home, ".claude"), join(agentDir, "pi-hook-manager"), projectDir])
		mkdirSync(dir, { recursive: true });
	writeFileSync(join(home, ".claude", "settings.json"), "{}\n");
	writeFileSync(approvalsFile(agentDir), '{"version":2,"approved":{}}\n');
	store = createConfigStore({ sources: settingsSources({ home, agentDir, projectDir }), isTrusted: () => true });
	store.current();
	verifier = createCallVerifier({ store, projectDir, home: () => home, agentDir: () => agentDir, env: {} });
	notices.length = 0;
});
afterEach(() => {
	verifier.close();
	rmSync(root, { recursive: true, force: true });
});

describe("createCallVerifier", () => {
	it("watches the settings files of every source and the state files", () => {
		expect(verifier.paths()).toContain(join(home, ".claude", "settings.json"));
		expect(verifier.paths()).toContain(join(projectDir, ".claude", "settings.local.json"));
		expect(verifier.paths()).toContain(approvalsFile(agentDir));
	});

	it("takes pi-hook-manager's own write of a state file as its own: nothing is undone", () => {
		writeFileAtomic(approvalsFile(agentDir), '{"version":2,"approved":{"a":{}}}\n');
		expect(verifier.check(ctx, "tool_result")).toBeUndefined();
		expect(notices).toEqual([]);
		expect(readFileSync(approvalsFile(agentDir), "utf8")).toContain('"a"');
	});

	it("puts back a state file anything else wrote, with or without a UI, and tells it", () => {
		const before = readFileSync(approvalsFile(agentDir));
		writeFileSync(approvalsFile(agentDir), '{"version":2,"approved":{"forged":{}}}\n');
		expect(verifier.check(ctx, "tool_result")).toBeUndefined();
		expect(readFileSync(approvalsFile(agentDir))).toEqual(before);
		expect(notices.join("\n")).toContain("undone [state_file_restored]");
	});

	it("asks about a hook file with a UI, with the change undone meanwhile; No leaves it undone", async () => {
		const settings = join(home, ".claude", "settings.json");
		writeFileSync(settings, '{"hooks":{}}\n');
		const asking = verifier.check(ctx, "tool_result");
		expect(readFileSync(settings, "utf8")).toBe("{}\n");
		await asking;
		expect(readFileSync(settings, "utf8")).toBe("{}\n");
		expect(notices.join("\n")).toContain("undone [hook_file_restored] ~/.claude/settings.json");
	});

	it("removes a hook file a tool call created, without a UI", () => {
		const local = join(projectDir, ".claude", "settings.local.json");
		mkdirSync(join(projectDir, ".claude"));
		writeFileSync(local, "{}\n");
		expect(verifier.check(headless, "settled")).toBeUndefined();
		expect(existsSync(local)).toBe(false);
	});

	it("takes a change found when a prompt starts as the new baseline", () => {
		const settings = join(home, ".claude", "settings.json");
		writeFileSync(settings, '{"hooks":{}}\n');
		verifier.acceptOutside(headless);
		expect(verifier.check(headless, "tool_result")).toBeUndefined();
		expect(readFileSync(settings, "utf8")).toBe('{"hooks":{}}\n');
	});

	it("keeps the change of a call the person allowed in the self-guard's dialog", () => {
		const settings = join(home, ".claude", "settings.json");
		verifier.allow(settings);
		writeFileSync(settings, '{"hooks":{}}\n');
		expect(verifier.check(headless, "tool_result")).toBeUndefined();
		expect(readFileSync(settings, "utf8")).toBe('{"hooks":{}}\n');
		writeFileSync(settings, '{"hooks":{"x":1}}\n');
		verifier.check(headless, "tool_result");
		expect(readFileSync(settings, "utf8")).toBe('{"hooks":{}}\n');
	});

	it("never throws: a check that fails is a notice", () => {
		const broken = createCallVerifier({
			store: { ...store, latest: () => store.latest(), invalidate: () => {} },
			projectDir,
			home: () => home,
			agentDir: () => agentDir,
			env: {},
		});
		writeFileSync(approvalsFile(agentDir), "x");
		const failing = {
			hasUI: false,
			get ui(): never {
				throw new Error("gone");
			},
		} as unknown as ExtensionContext;
		expect(() => broken.check(failing, "tool_result")).not.toThrow();
		broken.close();
	});

	it("names the code and the file in its line", () => {
		const text = undoText(
			{ code: "hook_file_restored", path: join(projectDir, "a.json"), kind: "created" },
			projectDir,
			home,
		);
		expect(text).toBe(
			"undone [hook_file_restored] a.json: a hook file was created while the agent ran; it is removed again",
		);
	});
});
