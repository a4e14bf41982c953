/**
 * The `agent` hook runner: a read-only sub-agent, made in-process with pi's SDK
 * (`createAgentSession`), on pi's current model (or the hook's `model`), with only pi's `read`, `grep`, `find`
 * and `ls` tools, no extensions (so no hooks of its own), no context files and no session file. It gets the
 * hook's prompt (with `$ARGUMENTS`), works for at most `maxTurns` model turns and the hook's timeout (60 s by
 * default), and its final `{ok, reason}` answer becomes the hook JSON the engine reads, as for a `prompt` hook.
 * Never rejects.
 */

import type { AgentRunner, ProcessOutcome } from "../../engine/ports.ts";
import { parsePromptAnswer } from "../../engine/run/prompt-hook.ts";
import { answeredOutcome, stoppedOutcome } from "../../engine/run/request-outcome.ts";
import { findHookModel, type HookModelContext, noHookModel } from "./hook-model.ts";

/** What the sub-agent is told besides pi's own system prompt. */
export const AGENT_HOOK_SYSTEM =
	"You are a hook in a coding agent: verify the request below, " +
	"using the read-only tools (read, grep, find, ls) as needed. You cannot change anything. " +
	'End with only a JSON object: {"ok": true} to allow, or {"ok": false, "reason": "<why>"} to block.';

/** The tools the sub-agent may use: pi's read-only ones. */
export const AGENT_HOOK_TOOLS = ["read", "grep", "find", "ls"] as const;

/** pi's SDK module, as `import("@earendil-works/pi-coding-agent")` gives it. */
export type PiSdk = typeof import("@earendil-works/pi-coding-agent");

/** Loads pi's SDK: inside pi, the one pi supplies to extensions (loaded on the first agent hook only). */
const piSdk = (): Promise<PiSdk> => import("@earendil-works/pi-coding-agent");

/**
 * Creates a runner that uses the context `getCtx()` returns at run time (pi's extension context, or the command
 * line's), pi's agent directory, and pi's SDK from `loadSdk` (default: the package pi supplies).
 */
export const createAgentRunner =
	(
		getCtx: () => HookModelContext | undefined,
		agentDir: () => string,
		loadSdk: () => Promise<PiSdk> = piSdk,
	): AgentRunner =>
	async (spec, signal): Promise<ProcessOutcome> => {
		const started = performance.now();
		const elapsed = () => performance.now() - started;
		const ctx = getCtx();
		const wanted = spec.model;
		const model = findHookModel(ctx, wanted);
		if (ctx === undefined || model === undefined) return noHookModel("agent", wanted, elapsed());
		const stopped = { timeout: false, turns: false };
		let session: { abort(): Promise<void>; dispose(): void } | undefined;
		const stop = (): void => void session?.abort().catch(() => {});
		const timer = setTimeout(() => {
			stopped.timeout = true;
			stop();
		}, spec.timeoutMs);
		timer.unref?.();
		const onAbort = (): void => stop();
		signal?.addEventListener("abort", onAbort, { once: true });
		try {
			const sdk = await loadSdk();
			const settingsManager = sdk.SettingsManager.inMemory({ retry: { enabled: false } });
			const resourceLoader = new sdk.DefaultResourceLoader({
				cwd: spec.cwd,
				agentDir: agentDir(),
				settingsManager,
				noExtensions: true,
				noSkills: true,
				noPromptTemplates: true,
				noThemes: true,
				noContextFiles: true,
				appendSystemPrompt: [AGENT_HOOK_SYSTEM],
			});
			await resourceLoader.reload();
			const created = await sdk.createAgentSession({
				cwd: spec.cwd,
				agentDir: agentDir(),
				model,
				thinkingLevel: "off",
				tools: [...AGENT_HOOK_TOOLS],
				resourceLoader,
				settingsManager,
				sessionManager: sdk.SessionManager.inMemory(spec.cwd),
			});
			const agent = created.session;
			session = agent;
			let turns = 0;
			agent.subscribe((event) => {
				if (event.type === "turn_end" && ++turns >= spec.maxTurns) {
					stopped.turns = true;
					stop();
				}
			});
			if (signal?.aborted) stop();
			else await agent.prompt(spec.prompt);
			if (stopped.timeout || signal?.aborted) return stoppedOutcome(stopped.timeout, spec.timeoutMs, elapsed());
			const text = agent.getLastAssistantText() ?? "";
			const answer = parsePromptAnswer(text);
			if (answer === undefined) {
				const why = stopped.turns
					? `the agent hook used its ${spec.maxTurns} turns without answering {"ok": ...}`
					: `the agent hook did not answer {"ok": ...}: ${text.slice(0, 200)}`;
				return { kind: "request_failed", message: why, durationMs: elapsed() };
			}
			return answeredOutcome(spec.event, answer, elapsed());
		} catch (error) {
			return {
				kind: "request_failed",
				message: `agent hook failed: ${(error as Error).message}`,
				durationMs: elapsed(),
			};
		} finally {
			clearTimeout(timer);
			signal?.removeEventListener("abort", onAbort);
			session?.dispose();
		}
	};
