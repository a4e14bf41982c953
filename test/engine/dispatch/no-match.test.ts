/**
 * The no-match path end to end, without pi: the engine records a call no hook matches, the firing log takes the
 * excerpt of it, and nothing builds its stdin or its why-not-run trace until someone reads them.
 */
import { describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { createEngine } from "../../../src/engine/dispatch/dispatch.ts";
import { firingExcerpt } from "../../../src/engine/record/excerpt.ts";
import type { FiringRecord } from "../../../src/engine/record/firing-record.ts";
import { REDACTED } from "../../../src/engine/text/redact.ts";
import { createFiringLog, slimRecord } from "../../../src/ui/panel/firing-log.ts";
import { engineDeps } from "../../support/engine-deps.ts";
import { engineSession } from "../../support/engine-session.ts";

const config = mergeSources(
	[
		parseSettingsText(
			JSON.stringify({
				hooks: {
					PreToolUse: [
						{ matcher: "Read", hooks: [{ type: "command", command: "echo read" }] },
						{ matcher: "Edit|Write", hooks: [{ type: "command", command: "echo edit" }] },
					],
				},
			}),
			{ scope: "claude-user", file: "/u/settings.json", project: false },
		),
	],
	true,
);

const engineWithLog = () => {
	const log = createFiringLog();
	const records: FiringRecord[] = [];
	const engine = createEngine(
		engineDeps({
			config: () => config,
			baseEnv: {},
			runners: {
				process: async () => ({ kind: "spawn_failed", message: "no hook may run here", durationMs: 0 }),
			},
			observers: {
				onRecord: (record) => {
					records.push(record);
					log.add(firingExcerpt(record));
				},
			},
		}),
	);
	return { engine, log, records };
};

/** A PreToolUse stdin builder for a Bash call holding a secret, and how often it was called. */
const secretPayload = () => {
	let calls = 0;
	const payload = () => {
		calls++;
		return { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "export TOKEN=hunter22" } };
	};
	return { payload, built: () => calls };
};

describe("recordIfNoneMatches", () => {
	it("records a call no hook matches, building its stdin only when the log entry is read", () => {
		const { engine, log } = engineWithLog();
		const { payload, built } = secretPayload();
		const none = engine.recordIfNoneMatches({
			event: "PreToolUse",
			matchValues: ["Bash"],
			piMatchValues: ["bash"],
			summary: "export TOKEN=hunter22",
			payload,
		});
		expect(none).toBe(true);
		expect(log.records()).toHaveLength(1);
		expect(built()).toBe(0);
		const [kept] = log.records();
		expect(kept?.verdicts).toEqual([]);
		expect([kept?.event, kept?.matchQuery]).toEqual(["PreToolUse", "Bash"]);
		expect(kept?.notRun.map((hook) => hook.reason)).toEqual(["matcher", "matcher"]);
		expect(kept?.stdin).toContain(`TOKEN=${REDACTED}`);
		expect(kept?.stdin).not.toContain("hunter22");
		expect(JSON.parse(kept?.stdin ?? "").tool_name).toBe("Bash");
		expect(kept?.stdin).toBe(kept?.stdin);
		expect(built()).toBe(1);
	});

	it("records nothing and returns false when a hook matches, so the caller dispatches", () => {
		const { engine, records } = engineWithLog();
		const payload = () => ({ hook_event_name: "PreToolUse" });
		expect(engine.recordIfNoneMatches({ event: "PreToolUse", matchValues: ["Write"], summary: "f", payload })).toBe(
			false,
		);
		expect(records).toEqual([]);
	});

	it("the firing log's size estimate reads neither stdin nor trace of a dispatched no-match call", async () => {
		const { engine, records, log } = engineWithLog();
		const request = {
			event: "PreToolUse" as const,
			matchValues: ["Bash"],
			payload: { hook_event_name: "PreToolUse", tool_name: "Bash" },
			session: engineSession(),
		};
		await engine.dispatch(request);
		expect(records).toHaveLength(1);
		expect(log.bytes()).toBeGreaterThan(0);
		expect(records[0]?.sizeHint).toEqual({ stdinChars: records[0]?.stdin.length, notRunHeld: 0 });
	});

	it("records the call as the log row itself, masked on read, and keeps the unmasked stdin for a replay", () => {
		const { engine, log, records } = engineWithLog();
		const { payload, built } = secretPayload();
		engine.recordIfNoneMatches({ event: "PreToolUse", matchValues: ["Bash"], summary: "s", payload });
		const [row] = records;
		expect(row?.isLogRow).toBe(true);
		expect(log.records()[0]).toBe(row);
		expect(built()).toBe(0);
		const unmasked = row?.replay ?? "";
		expect(unmasked).toContain("hunter22");
		expect(JSON.parse(unmasked).tool_input).toEqual({ command: "export TOKEN=hunter22" });
		expect(row?.stdin).not.toContain("hunter22");
		expect(built()).toBe(1);
	});

	it("a slimmed unmatched row keeps its why-not-run trace and its masked stdin", () => {
		const { engine, records } = engineWithLog();
		const payload = () => ({ hook_event_name: "PreToolUse", tool_input: { command: "export TOKEN=hunter22" } });
		engine.recordIfNoneMatches({ event: "PreToolUse", matchValues: ["Bash"], summary: "s", payload });
		const slim = slimRecord(records[0] as FiringRecord);
		expect(slim.notRun.map((hook) => hook.reason)).toEqual(["matcher", "matcher"]);
		expect(slim.stdin).toContain(`TOKEN=${REDACTED}`);
		expect(slim.summary).toBe("s");
		expect(slim.verdicts).toEqual([]);
	});
});
