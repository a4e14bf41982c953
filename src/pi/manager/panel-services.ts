/**
 * The /hooks panel's services over the real world: the live configuration, the persisted per-hook switches,
 * the kill switch, and saving hook edits to the settings files (a disabled mark follows an edited hook to its
 * new id and is dropped with a deleted one).
 */
import { relative } from "node:path";
import {
	type FileSnapshot,
	parseHookPath,
	readHandler,
	saveHookChange,
	snapshotFile,
} from "../../engine/config/edit.ts";
import { restoreDeleted } from "../../engine/config/undo-delete.ts";
import type { TestRunOutcome } from "../../engine/dispatch/types.ts";
import { sampleInput } from "../../engine/dry-run/sample-input.ts";
import type { FiringRecord, TestRunRequest } from "../../engine/engine.ts";
import { fixtureFromEvent, fixtureFromRun } from "../../engine/fixture/from-run.ts";
import type { SessionInfo } from "../../engine/payload/base.ts";
import type { HookConfig, HookSource } from "../../engine/types.ts";
import type { FiringLog } from "../../ui/panel/firing-log.ts";
import { hookTarget } from "../../ui/panel/format.ts";
import type { PanelServices } from "../../ui/panel/services.ts";
import { fixtureDir, saveFixture } from "../stores/fixture-files.ts";
import type { HookState } from "../stores/hook-state.ts";
import type { KillSwitch } from "./kill-switch.ts";

export { createKillSwitch, type KillSwitch } from "./kill-switch.ts";

/** What the services are built from. */
export interface PanelServiceDeps {
	readonly config: () => HookConfig | undefined;
	readonly sources: readonly HookSource[];
	readonly log: FiringLog;
	readonly state: HookState;
	readonly killSwitch: KillSwitch;
	readonly trusted: () => boolean;
	/** Hears every change the panel makes (switch flipped, file saved), e.g. to update the footer. */
	readonly onChange?: () => void;
	/** The session facts of sample inputs; undefined before the session started (then `cwd` alone is used). */
	readonly session?: () => SessionInfo | undefined;
	/** Runs one hook as a dry run (the runtime's `testRun`); without it the panel offers no test runs. */
	readonly testRun?: (request: Omit<TestRunRequest, "session">) => Promise<TestRunOutcome> | undefined;
	/** The full stdin of a logged record when it was kept (the log holds a masked excerpt). */
	readonly rawInput?: (record: FiringRecord) => string | undefined;
	/** pi's working directory, for sample inputs before the session started. */
	readonly cwd?: string;
	/** The user's home directory, for sample inputs before the session started (`~` unexpanded without it). */
	readonly home?: string;
}

/** Session facts for a sample input when no session runs yet. */
const fallbackSession = (cwd: string, home: string): SessionInfo => ({
	sessionId: "00000000-0000-0000-0000-000000000000",
	transcriptPath: "",
	cwd,
	projectDir: cwd,
	promptId: undefined,
	home,
});

/**
 * The panel's services: the hooks, edits, log and test-run ports; no approvals, journal or context-cards
 * setting (panel-wiring.ts adds those in pi).
 */
export const createPanelServices = (deps: PanelServiceDeps): PanelServices => ({
	hooks: {
		config: deps.config,
		sources: deps.sources,
		isEnabled: (entry) => deps.state.isEnabled(entry),
		setEnabled(entry, enabled) {
			const result = deps.state.setEnabled(entry, enabled);
			deps.onChange?.();
			return result.ok ? undefined : `${result.message} (the change applies until pi exits)`;
		},
		allOff: () => deps.killSwitch.isOff(),
		toggleAllOff: () => deps.killSwitch.toggle(),
		trusted: deps.trusted,
		readOnlyReason: () => undefined,
	},
	edits: {
		snapshot: (file) => snapshotFile(file),
		save(snapshot, change, previous) {
			const result = saveHookChange(snapshot, change);
			// An edit changes the hook's id (its definition): its statistics go with it.
			if (result.ok && previous !== undefined && change.kind === "update" && result.id !== undefined)
				deps.log.carryStats(previous.id, result.id);
			if (result.ok && previous !== undefined && !deps.state.isEnabled(previous)) {
				if (change.kind === "delete") deps.state.setEnabled(previous, true);
				else if (change.kind === "update" && result.id !== undefined && result.id !== previous.id) {
					deps.state.rename(previous.id, {
						id: result.id,
						file: snapshot.file,
						event: change.draft.event,
						matcher: change.draft.matcher,
						target:
							typeof change.draft.handler.command === "string"
								? change.draft.handler.command
								: hookTarget(previous),
					});
				}
			}
			deps.onChange?.();
			return result;
		},
		restore(deleted, switchedOff) {
			const result = restoreDeleted(deleted);
			if (result.ok && switchedOff && result.id !== undefined)
				deps.state.setEnabled({ ...deleted.entry, id: result.id }, false);
			deps.onChange?.();
			return result;
		},
		readHandler(snapshot: FileSnapshot, entry) {
			const at = parseHookPath(entry.jsonPath);
			return at === undefined ? undefined : readHandler(snapshot.text, snapshot.file, entry.id, at);
		},
	},
	log: {
		firings: deps.log,
		sessionId: () => deps.session?.()?.sessionId,
		now: Date.now,
		recordedInput(record) {
			const raw = deps.rawInput?.(record);
			return raw === undefined ? { stdin: record.stdin, exact: false } : { stdin: raw, exact: true };
		},
	},
	tests: {
		session: () => deps.session?.(),
		sampleInput: (entry) =>
			sampleInput(entry, deps.session?.() ?? fallbackSession(deps.cwd ?? process.cwd(), deps.home ?? "")),
		run: (entry, stdin, signal) => deps.testRun?.({ entry, stdin, signal, summary: testSummary(stdin) }),
		saveCase(stdin, outcome) {
			const fixture = fixtureFromRun(stdin, outcome.verdict);
			if (fixture === undefined) return { error: "The stdin is not a JSON object: there is no case to save." };
			const session = deps.session?.();
			return saveFixture(session?.projectDir ?? deps.cwd ?? process.cwd(), fixture, session?.home || undefined);
		},
		saveRecords(records) {
			const projectDir = deps.session?.()?.projectDir ?? deps.cwd ?? process.cwd();
			let saved = 0;
			let unusable = 0;
			for (const record of records) {
				const fixture = fixtureFromEvent(
					deps.rawInput?.(record) ?? record.stdin,
					record.event,
					record.verdicts,
				);
				if (fixture === undefined) {
					unusable++;
					continue;
				}
				const result = saveFixture(projectDir, fixture, deps.session?.()?.home || undefined);
				if ("error" in result) return result;
				saved++;
			}
			return { dir: relative(projectDir, fixtureDir(projectDir)), saved, unusable };
		},
	},
	approvals: undefined,
	journal: undefined,
	contextCards: undefined,
});

/** A short form of a test run's stdin for the log: the bash command, file path or prompt when it has one. */
export const testSummary = (stdin: string): string => {
	try {
		const value = JSON.parse(stdin) as Record<string, unknown> | null;
		const input = value?.tool_input as Record<string, unknown> | undefined;
		const candidates = [
			input?.command,
			input?.file_path,
			input?.pattern,
			value?.prompt,
			value?.source,
			value?.reason,
		];
		const found = candidates.find((candidate): candidate is string => typeof candidate === "string");
		return found ?? "";
	} catch {
		return "(stdin is not JSON)";
	}
};
