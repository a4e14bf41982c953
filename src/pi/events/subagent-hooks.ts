/**
 * SubagentStart and SubagentStop from the subagent extensions pi users install (`@tintinweb/pi-subagents`,
 * `pi-subagents`): their lifecycle events on pi's event bus are read by the engine (channel/subagents.ts) and run
 * through its flow (flow/subagent.ts); this file only listens, runs and tells. A malformed event runs no hook and is
 * told once per channel. At session start, SubagentStart/SubagentStop hooks with no such extension loaded are told
 * once: they never fire.
 */
import type { EventBus } from "@earendil-works/pi-coding-agent";
import {
	readSubagentEvent,
	SUBAGENT_CHANNELS,
	SUBAGENT_TOOLS,
	type SubagentExtension,
} from "../../engine/channel/subagents.ts";
import { subagentFlow } from "../../engine/flow/subagent.ts";
import { type HookContext, runFlow } from "./hook-context.ts";

/** What the subagent bridge needs of the session. */
export interface SubagentPorts {
	readonly events: Pick<EventBus, "on">;
	/** The hook context for an event now; undefined before `session_start`. */
	readonly hookContext: () => HookContext | undefined;
	/** Tells the user one line; never throws. */
	readonly tell: (text: string) => void;
}

/** Starts listening on every subagent channel; returns the function that stops. */
export const listenForSubagents = (ports: SubagentPorts): (() => void) => {
	const told = new Set<string>();
	const offs = Object.keys(SUBAGENT_CHANNELS).map((channel) =>
		ports.events.on(channel, async (raw) => {
			const read = readSubagentEvent(channel, raw);
			if (read.kind === "ignored") return;
			if (read.kind === "invalid") {
				if (told.has(channel)) return;
				told.add(channel);
				ports.tell(
					`${read.extension} sent a subagent event that cannot be read (${read.problem}); no hook ran`,
				);
				return;
			}
			const hc = ports.hookContext();
			if (hc === undefined) return;
			await runFlow(
				hc,
				(moment) => subagentFlow(hc, moment, read.moment),
				(steps) => steps,
			)?.catch(() => undefined);
		}),
	);
	return () => {
		for (const off of offs) off();
	};
};

/** The subagent extensions loaded, by the tools they registered (pi's `getAllTools()` names). */
export const loadedSubagentExtensions = (toolNames: readonly string[]): SubagentExtension[] => [
	...new Set(toolNames.flatMap((name) => (SUBAGENT_TOOLS[name] === undefined ? [] : [SUBAGENT_TOOLS[name]]))),
];

/**
 * The line to tell at session start when SubagentStart or SubagentStop hooks are configured but no subagent
 * extension is loaded (they never fire); undefined otherwise.
 */
export const subagentStatusLine = (
	hasHooks: (event: "SubagentStart" | "SubagentStop") => boolean,
	toolNames: readonly string[],
): string | undefined => {
	const events = (["SubagentStart", "SubagentStop"] as const).filter(hasHooks);
	if (events.length === 0 || loadedSubagentExtensions(toolNames).length > 0) return undefined;
	return (
		`${events.join(" and ")} hooks never fire: no subagent extension is loaded ` +
		"(pi-subagents or @tintinweb/pi-subagents publish their subagents' start and end)"
	);
};
