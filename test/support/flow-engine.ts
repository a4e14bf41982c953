/**
 * Test helper for the engine's event flows (src/engine/flow/): a real engine over a user settings file holding the
 * given hooks, running real hook processes, with a fixed clock and the records it hands to `onRecord`.
 */
import { readFileSync } from "node:fs";
import { mergeSources } from "../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import { createEngine } from "../../src/engine/dispatch/dispatch.ts";
import type { FlowMoment, FlowPorts } from "../../src/engine/flow/run-event.ts";
import type { PlanStep } from "../../src/engine/plan/steps.ts";
import type { FiringRecord } from "../../src/engine/record/firing-record.ts";
import { type EngineDepsOverrides, engineDeps } from "./engine-deps.ts";
import { engineSession } from "./engine-session.ts";

/** The fixed clock of {@link flowEngine}, epoch milliseconds. */
export const FLOW_CLOCK = 1_700_000_000_000;

/** What {@link flowEngine} made: the flow ports, a moment in `dir`, and the engine's records. */
export interface FlowEngine {
	readonly ports: FlowPorts;
	readonly moment: FlowMoment;
	readonly records: FiringRecord[];
}

/** A real engine over `hooks` (a settings file's `hooks` object) in project folder `dir`. */
export const flowEngine = (hooks: unknown, dir: string, deps: Omit<EngineDepsOverrides, "config"> = {}): FlowEngine => {
	const config = mergeSources(
		[
			parseSettingsText(JSON.stringify({ hooks }), {
				scope: "claude-user",
				file: "/u/settings.json",
				project: false,
			}),
		],
		true,
	);
	const records: FiringRecord[] = [];
	const engine = createEngine(
		engineDeps({
			config: () => config,
			clock: () => FLOW_CLOCK,
			...deps,
			observers: { onRecord: (record) => records.push(record), ...deps.observers },
		}),
	);
	return { ports: { engine, clock: () => FLOW_CLOCK }, moment: { session: engineSession(dir) }, records };
};

/** A command hook that appends its stdin line to `file`. */
export const appendTo = (file: string): Record<string, unknown> => ({
	type: "command",
	command: `cat >> '${file}'; echo >> '${file}'`,
});

/** The JSON objects of `file`, one per non-blank line (what {@link appendTo} hooks wrote). */
export const jsonLinesOf = (file: string): Record<string, unknown>[] =>
	readFileSync(file, "utf8")
		.split("\n")
		.filter((line) => line.trim() !== "")
		.map((line) => JSON.parse(line) as Record<string, unknown>);

/** The kinds of the cards among a plan's steps, in order. */
export const cardKinds = (steps: readonly PlanStep[] | undefined): string[] =>
	(steps ?? []).flatMap((step) => (step.do === "record" ? [step.record.kind] : []));
