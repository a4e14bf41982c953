/** The model a `prompt` or `agent` hook asks: pi's current one, or the hook's `model` among pi's available ones. */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { ProcessOutcome } from "../../engine/ports.ts";

/**
 * What the prompt and agent runners need of pi: its current model and its model registry. A pi extension context
 * is one (inside pi); the command line builds one from pi's agent dir with pi's SDK (src/cli/pi-models.ts).
 */
export type HookModelContext = Pick<ExtensionContext, "model" | "modelRegistry">;

/** The model of a pi context. */
export type HookModel = NonNullable<ExtensionContext["model"]>;

/**
 * pi's current model when `wanted` is undefined, else the available model whose id or `provider/id` is `wanted`;
 * undefined when there is no context or no such model.
 */
export const findHookModel = (ctx: HookModelContext | undefined, wanted: string | undefined): HookModel | undefined =>
	wanted === undefined
		? ctx?.model
		: ctx?.modelRegistry.getAvailable().find((m) => m.id === wanted || `${m.provider}/${m.id}` === wanted);

/** The outcome of a `prompt` or `agent` hook for which {@link findHookModel} found no model (non-blocking). */
export const noHookModel = (
	handler: "prompt" | "agent",
	wanted: string | undefined,
	durationMs: number,
): ProcessOutcome => ({
	kind: "request_failed",
	message: `no model for the ${handler} hook${wanted ? ` (${wanted})` : ""}`,
	durationMs,
});
