/**
 * InstructionsLoaded in a real pi session that loaded real context files: one hook run per file pi put in its
 * system prompt, with Claude Code's memory type and the load reason; output is ignored, bad input never throws.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { runInstructionsLoaded } from "../../../src/pi/events/instructions-hooks.ts";
import { readJsonLines } from "../../support/e2e.ts";
import { recordStdinTo, startHookContext } from "../../support/hook-context.ts";
import { useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-instructions-");

describe("runInstructionsLoaded", () => {
	it("runs the hooks once per context file pi loaded, global first, with memory type and reason", async () => {
		const log = join(sdk.root, "runs.jsonl");
		mkdirSync(join(sdk.root, "agent"), { recursive: true });
		writeFileSync(join(sdk.root, "agent", "AGENTS.md"), "Global rules.\n");
		writeFileSync(join(sdk.root, "project", "CLAUDE.md"), "Project rules.\n");
		const { hc, records } = await startHookContext(
			sdk,
			{ InstructionsLoaded: [{ hooks: [recordStdinTo(log)] }] },
			{ contextFiles: true },
		);
		await runInstructionsLoaded(hc, join(sdk.root, "agent"), "session_start");
		expect(readJsonLines(log).map((run) => [run.file_path, run.memory_type, run.load_reason])).toEqual([
			[join(sdk.root, "agent", "AGENTS.md"), "User", "session_start"],
			[join(sdk.root, "project", "CLAUDE.md"), "Project", "session_start"],
		]);
		expect(readJsonLines(log)[0]).toMatchObject({ hook_event_name: "InstructionsLoaded", session_id: "s-1" });
		expect(records).toEqual([]);
	});

	it("matches the hooks on the load reason", async () => {
		const log = join(sdk.root, "runs.jsonl");
		writeFileSync(join(sdk.root, "project", "AGENTS.md"), "Rules.\n");
		const { hc } = await startHookContext(
			sdk,
			{ InstructionsLoaded: [{ matcher: "compact", hooks: [recordStdinTo(log)] }] },
			{ contextFiles: true },
		);
		await runInstructionsLoaded(hc, join(sdk.root, "agent"), "session_start");
		await runInstructionsLoaded(hc, join(sdk.root, "agent"), "compact");
		expect(readJsonLines(log).map((run) => run.load_reason)).toEqual(["compact"]);
	});

	it("ignores exit 2 and output, systemMessage included (as Claude Code does), records a failing hook", async () => {
		writeFileSync(join(sdk.root, "project", "AGENTS.md"), "Rules.\n");
		const { hc, records, ui } = await startHookContext(
			sdk,
			{
				InstructionsLoaded: [
					{
						hooks: [
							{ type: "command", command: "echo 'no' >&2; exit 2" },
							{ type: "command", command: "echo broke >&2; exit 1" },
							{ type: "command", command: `printf '%s' '{"systemMessage": "rules read"}'` },
						],
					},
				],
			},
			{ contextFiles: true },
		);
		await runInstructionsLoaded(hc, join(sdk.root, "agent"), "session_start");
		expect(records.map((record) => record.kind)).toEqual(["error"]);
		expect(ui.notices).toEqual([]);
	});

	it("runs nothing when pi loaded no context file", async () => {
		const log = join(sdk.root, "runs.jsonl");
		writeFileSync(log, "");
		writeFileSync(join(sdk.root, "project", "AGENTS.md"), "Rules pi was told not to load.\n");
		const { hc } = await startHookContext(sdk, { InstructionsLoaded: [{ hooks: [recordStdinTo(log)] }] });
		await runInstructionsLoaded(hc, join(sdk.root, "agent"), "session_start");
		expect(readJsonLines(log)).toEqual([]);
	});

	it("runs nothing and does not throw once the context went stale (the session was forked away)", async () => {
		const log = join(sdk.root, "runs.jsonl");
		writeFileSync(log, "");
		writeFileSync(join(sdk.root, "project", "AGENTS.md"), "Rules.\n");
		const { hc, pi } = await startHookContext(
			sdk,
			{ InstructionsLoaded: [{ hooks: [recordStdinTo(log)] }] },
			{ contextFiles: true },
		);
		pi.faux.setResponses([fauxAssistantMessage("one"), fauxAssistantMessage("two")]);
		await pi.session().prompt("first");
		await pi.session().prompt("second");
		await pi.fork(pi.session().getUserMessagesForForking()[1]?.entryId ?? "");
		await expect(runInstructionsLoaded(hc, join(sdk.root, "agent"), "compact")).resolves.toBeUndefined();
		expect(readJsonLines(log)).toEqual([]);
	});
});
