/**
 * PreCompact and PostCompact on pi's compaction events, on a real engine with real hook processes: the hooks get
 * Claude Code's trigger for pi's reason and match on it, a PreCompact exit 2 cancels the compaction with a card, and
 * a finished compaction runs PostCompact, SessionStart and InstructionsLoaded in that order.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SessionBeforeCompactEvent, SessionCompactEvent } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { handleBeforeCompact, handleCompact } from "../../../src/pi/events/compact-hooks.ts";
import { readJsonLines } from "../../support/e2e.ts";
import { printsJson, recordStdinTo, startHookContext } from "../../support/hook-context.ts";
import { useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-compact-hooks-");

const beforeCompact = (reason: SessionBeforeCompactEvent["reason"], customInstructions?: string) =>
	({ type: "session_before_compact", reason, customInstructions }) as unknown as SessionBeforeCompactEvent;

describe("handleBeforeCompact", () => {
	it("gives a manual compaction's hook the trigger and the user's instructions; exit 2 cancels it", async () => {
		const log = join(sdk.root, "runs.jsonl");
		const blocking = { type: "command", command: `cat >> '${log}'; echo >> '${log}'; echo 'not now' >&2; exit 2` };
		const { hc, records } = await startHookContext(sdk, { PreCompact: [{ matcher: "manual", hooks: [blocking] }] });
		expect(await handleBeforeCompact(beforeCompact("manual", "keep the notes"), hc)).toEqual({ cancel: true });
		expect(readJsonLines(log)).toMatchObject([
			{ hook_event_name: "PreCompact", trigger: "manual", custom_instructions: "keep the notes" },
		]);
		expect(records.map((record) => record.kind)).toEqual(["compact_cancelled"]);
		expect(records[0]?.reason).toMatch(/: not now$/);
	});

	it("calls pi's threshold compaction auto: a manual-only hook does not run, the compaction goes on", async () => {
		const log = join(sdk.root, "runs.jsonl");
		const { hc } = await startHookContext(sdk, {
			PreCompact: [{ matcher: "manual", hooks: [recordStdinTo(log)] }],
		});
		expect(await handleBeforeCompact(beforeCompact("threshold"), hc)).toBeUndefined();
		expect(() => readJsonLines(log)).toThrow(/ENOENT/);
	});
});

describe("handleCompact", () => {
	it("runs PostCompact with the summary, SessionStart compact, then InstructionsLoaded per file", async () => {
		const log = join(sdk.root, "runs.jsonl");
		writeFileSync(join(sdk.root, "project", "AGENTS.md"), "Rules.\n");
		const { hc, api } = await startHookContext(
			sdk,
			{
				InstructionsLoaded: [{ hooks: [recordStdinTo(log)] }],
				SessionStart: [{ matcher: "compact", hooks: [recordStdinTo(log)] }],
				PostCompact: [{ matcher: "auto", hooks: [recordStdinTo(log)] }],
			},
			{ contextFiles: true },
		);
		const event = {
			reason: "overflow",
			compactionEntry: { summary: "We fixed it." },
		} as unknown as SessionCompactEvent;
		await handleCompact(event, hc, api, join(sdk.root, "agent"));
		expect(readJsonLines(log)).toMatchObject([
			{ hook_event_name: "PostCompact", trigger: "auto", compact_summary: "We fixed it." },
			{ hook_event_name: "SessionStart", source: "compact" },
			{
				hook_event_name: "InstructionsLoaded",
				file_path: join(sdk.root, "project", "AGENTS.md"),
				load_reason: "compact",
			},
		]);
	});

	it("resolves with the FileChanged watch list a SessionStart compact hook gave, none without", async () => {
		const output = { hookSpecificOutput: { hookEventName: "SessionStart", watchPaths: ["/w/.envrc"] } };
		const { hc, api } = await startHookContext(sdk, {
			SessionStart: [{ matcher: "compact", hooks: [{ type: "command", command: printsJson(output) }] }],
		});
		const event = { reason: "manual", compactionEntry: { summary: "s" } } as unknown as SessionCompactEvent;
		expect(await handleCompact(event, hc, api, join(sdk.root, "agent"))).toEqual(["/w/.envrc"]);
		const quiet = await startHookContext(sdk, { PostCompact: [{ hooks: [{ type: "command", command: "true" }] }] });
		expect(await handleCompact(event, quiet.hc, quiet.api, join(sdk.root, "agent"))).toBeUndefined();
	});
});
