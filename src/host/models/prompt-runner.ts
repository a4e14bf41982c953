/**
 * The `prompt` hook runner: asks pi's current model (or the hook's `model`) through `ctx.modelRegistry`,
 * and turns its `{ok, reason}` answer into the hook JSON the engine reads. Never rejects.
 */

import type { ProcessOutcome, PromptRunner } from "../../engine/ports.ts";
import { PROMPT_HOOK_SYSTEM, parsePromptAnswer } from "../../engine/run/prompt-hook.ts";
import { answeredOutcome, stoppedOutcome } from "../../engine/run/request-outcome.ts";
import { blocksText } from "../../engine/text/blocks.ts";
import { findHookModel, type HookModelContext, noHookModel } from "./hook-model.ts";

/**
 * Creates a runner that uses the context `getCtx()` returns at run time (pi's extension context, or the command
 * line's from pi's agent dir); `now` stamps the request (epoch ms).
 */
export const createPromptRunner =
	(getCtx: () => HookModelContext | undefined, now: () => number): PromptRunner =>
	async (spec, signal): Promise<ProcessOutcome> => {
		const started = performance.now();
		const elapsed = () => performance.now() - started;
		const ctx = getCtx();
		const wanted = spec.model;
		const model = findHookModel(ctx, wanted);
		if (ctx === undefined || model === undefined) return noHookModel("prompt", wanted, elapsed());
		const timeout = AbortSignal.timeout(spec.timeoutMs);
		const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
		try {
			const reply = await ctx.modelRegistry.complete(
				model,
				{
					systemPrompt: PROMPT_HOOK_SYSTEM,
					messages: [{ role: "user", content: [{ type: "text", text: spec.prompt }], timestamp: now() }],
				},
				{ signal: combined },
			);
			if (timeout.aborted || signal?.aborted) return stoppedOutcome(timeout.aborted, spec.timeoutMs, elapsed());
			const text = blocksText(reply.content);
			const answer = parsePromptAnswer(text);
			if (answer === undefined) {
				const why = reply.errorMessage ?? `the model did not answer {"ok": ...}: ${text.slice(0, 200)}`;
				return { kind: "request_failed", message: why, durationMs: elapsed() };
			}
			return answeredOutcome(spec.event, answer, elapsed());
		} catch (error) {
			if (timeout.aborted) return stoppedOutcome(true, spec.timeoutMs, elapsed());
			return {
				kind: "request_failed",
				message: `prompt hook failed: ${(error as Error).message}`,
				durationMs: elapsed(),
			};
		}
	};
