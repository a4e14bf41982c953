/**
 * An engine over real processes with hooks given inline, and the PreToolUse request the spawn benchmarks
 * dispatch (figures 2 and 3).
 */
import { mergeSources } from "../src/engine/config/merge.ts";
import { parseSettingsText } from "../src/engine/config/parse.ts";
import { createEngine, type DispatchRequest, type HookEngine } from "../src/engine/engine.ts";
import { runProcess } from "../src/engine/run.ts";

/** An engine whose only hooks are `hooks` on PreToolUse for Bash, run by the real runner. */
export const benchEngine = (hooks: readonly Record<string, unknown>[]): HookEngine => {
	const settings = JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks }] } });
	const config = mergeSources(
		[parseSettingsText(settings, { scope: "claude-user", file: "/bench/settings.json", project: false })],
		true,
	);
	return createEngine({
		config: () => config,
		runner: runProcess,
		baseEnv: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
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
