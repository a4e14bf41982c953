/**
 * An engine over real processes with hooks given inline, and the PreToolUse request the spawn benchmarks
 * dispatch (figures 2 and 3).
 */
import { mergeSources } from "../src/engine/config/merge.ts";
import { parseSettingsText } from "../src/engine/config/parse.ts";
import {
	ALL_ON,
	createEngine,
	DEFAULT_LIMITS,
	type DispatchRequest,
	type HookEngine,
	NO_OBSERVERS,
	NO_SESSION_SIGNAL,
	NO_TRUST_CHECK,
	UNAVAILABLE_RUNNERS,
} from "../src/engine/engine.ts";
import { runProcess } from "../src/engine/run/process.ts";

/** An engine whose only hooks are `hooks` on PreToolUse for Bash, run by the real runner. */
export const benchEngine = (hooks: readonly Record<string, unknown>[]): HookEngine => {
	const settings = JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks }] } });
	const config = mergeSources(
		[parseSettingsText(settings, { scope: "claude-user", file: "/bench/settings.json", project: false })],
		true,
	);
	return createEngine({
		config: () => config,
		runners: { ...UNAVAILABLE_RUNNERS, process: runProcess },
		baseEnv: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
		sessionSignal: NO_SESSION_SIGNAL,
		switches: ALL_ON,
		trust: NO_TRUST_CHECK,
		observers: NO_OBSERVERS,
		clock: Date.now,
		limits: DEFAULT_LIMITS,
	});
};

/** A PreToolUse request for `bash ls` in the current directory. */
export const benchRequest = (): DispatchRequest => {
	const cwd = process.cwd();
	return {
		event: "PreToolUse",
		matchValues: ["Bash", "bash"],
		tool: { ccToolName: "Bash", ccInput: { command: "ls" } },
		payload: { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } },
		session: {
			sessionId: "bench",
			transcriptPath: "",
			cwd,
			projectDir: cwd,
			promptId: undefined,
			home: "/home/tester",
		},
	};
};
