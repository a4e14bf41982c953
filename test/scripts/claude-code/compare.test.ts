/**
 * The Claude Code drift check against the checked-in lists of SDK 0.3.337 (no network): our tables know every
 * event and field of it, a table that loses an event fails, and a newer release is a one-line report. The
 * extractor runs the real TypeScript compiler on a small sdk.d.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareLists, driftReport, hasDrift } from "../../../scripts/claude-code/compare.ts";
import { ExtractError, extractSdkLists } from "../../../scripts/claude-code/extract.ts";
import { knownLists } from "../../../scripts/claude-code/known.ts";
import type { SdkLists } from "../../../scripts/claude-code/lists.ts";
import { PROJECT_ROOT } from "../../support/pi-env.ts";

const SDK_0_3_337: SdkLists = JSON.parse(
	readFileSync(join(PROJECT_ROOT, "test", "fixtures", "claude-code", "agent-sdk-0.3.337.json"), "utf8"),
);

describe("compareLists", () => {
	it("finds nothing new in 0.3.337: HOOK_EVENTS and the reviewed fields know all of it", () => {
		const drift = compareLists(SDK_0_3_337, knownLists());
		expect(hasDrift(drift)).toBe(false);
		expect(driftReport(drift)).toBe(
			"Claude Code agent SDK 0.3.337 (Claude Code 2.1.337): nothing new (35 events, their input and output " +
				"fields all known)",
		);
	});

	it("reports an event our table lost as new", () => {
		const known = knownLists();
		const drift = compareLists(SDK_0_3_337, { ...known, events: known.events.filter((e) => e !== "Interrupt") });
		expect(drift.newEvents).toEqual(["Interrupt"]);
		expect(hasDrift(drift)).toBe(true);
	});

	it("says what a newer release adds, in one line", () => {
		const next: SdkLists = {
			...SDK_0_3_337,
			version: "0.3.340",
			claudeCode: "2.1.340",
			events: [...SDK_0_3_337.events, "Foo"],
			input: {
				common: [...SDK_0_3_337.input.common, "turn_id"],
				events: { ...SDK_0_3_337.input.events, Interrupt: ["bar", "reason", "source", "via"], Foo: ["x"] },
			},
			output: {
				common: [...SDK_0_3_337.output.common, "banner"],
				events: { ...SDK_0_3_337.output.events, Stop: ["additionalContext", "hookEventName", "retry"] },
			},
		};
		const drift = compareLists(next, knownLists());
		expect(driftReport(drift)).toBe(
			"Claude Code agent SDK 0.3.340 (Claude Code 2.1.340): new events: Foo; new input fields: *.turn_id, " +
				"Foo.x, Interrupt.bar; new output fields: *.banner, Stop.hookSpecificOutput.retry",
		);
	});
});

const SDK_D_TS = `
export declare type BaseHookInput = { session_id: string; cwd: string; agent_id?: string };
export declare const HOOK_EVENTS: readonly ['PreToolUse', 'Interrupt'];
export declare type PreToolUseHookInput = BaseHookInput & { hook_event_name: 'PreToolUse'; tool_name: string };
export declare type InterruptHookInput = (BaseHookInput & { hook_event_name: 'Interrupt' }) & { via?: 'terminal' };
export declare type HookInput = PreToolUseHookInput | InterruptHookInput;
export declare type PreToolUseHookSpecificOutput = { hookEventName: 'PreToolUse'; updatedInput?: object };
export declare type SyncHookJSONOutput = { continue?: boolean; hookSpecificOutput?: PreToolUseHookSpecificOutput };
`;

describe("extractSdkLists", () => {
	it("reads events, input fields per event (the common ones apart) and output fields", () => {
		expect(extractSdkLists(SDK_D_TS, "9.9.9", "2.9.9")).toEqual({
			version: "9.9.9",
			claudeCode: "2.9.9",
			events: ["PreToolUse", "Interrupt"],
			input: {
				common: ["agent_id", "cwd", "hook_event_name", "session_id"],
				events: { Interrupt: ["via"], PreToolUse: ["tool_name"] },
			},
			output: {
				common: ["continue", "hookSpecificOutput"],
				events: { PreToolUse: ["hookEventName", "updatedInput"] },
			},
		});
	});

	it("throws an ExtractError naming the type when the typings changed shape", () => {
		expect(() => extractSdkLists(SDK_D_TS.replace("HookInput =", "AnyHookInput ="), "1")).toThrow(ExtractError);
		expect(() => extractSdkLists("", "1")).toThrow(/declares no HOOK_EVENTS/);
	});
});
