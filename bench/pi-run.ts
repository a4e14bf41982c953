/**
 * Runs the real pi binary in print mode with the bench probes around a set of extensions, against the scripted
 * model (test/support/fake-llm.mjs) making `calls` bash tool calls one after another, and returns what the probes
 * marked. Used by the figures measured inside pi (per-call cost, spawn, start-up).
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { startFakeLlm } from "../test/support/fake-llm.mjs";
import { type PiSandbox, runPiPrint } from "../test/support/pi-env.ts";
import type { ProbeMarks, ProbeSpan } from "./probes/marks.ts";

const PROBES = join(import.meta.dirname, "probes");

/** The probe extension loaded before the measured ones. */
export const PROBE_BEFORE = join(PROBES, "probe-before.ts");
/** The probe extension loaded after the measured ones. */
export const PROBE_AFTER = join(PROBES, "probe-after.ts");
/** The floor extension: a bare spawn per tool call (see floor-spawn.ts). */
export const FLOOR_SPAWN = join(PROBES, "floor-spawn.ts");
/** The same through execa as the runner calls it, and nothing else (see floor-execa.ts). */
export const FLOOR_EXECA = join(PROBES, "floor-execa.ts");
/** An extension whose tool_call and tool_result handlers return at once (see floor-handler.ts). */
export const FLOOR_HANDLER = join(PROBES, "floor-handler.ts");

/** One pi run's probe marks and wall time. */
export interface ProbedRun {
	readonly marks: ProbeMarks;
	/** Spawn to exit of the pi process, milliseconds. */
	readonly wallMs: number;
}

/** The bash command each scripted tool call runs. */
const TOOL_COMMAND = "true";

/**
 * Runs `pi -ne -e probe-before <extensions> -e probe-after -p go` in `sandbox`, the model making `calls` bash
 * calls of `true`, one per turn. Throws when pi fails or the probes wrote nothing.
 */
export const runProbed = async (
	sandbox: PiSandbox,
	extensions: readonly string[],
	calls: number,
	env: Record<string, string> = {},
): Promise<ProbedRun> => {
	const call = { toolCalls: [{ name: "bash", arguments: { command: TOOL_COMMAND } }] };
	const llm = await startFakeLlm({ script: [...Array.from({ length: calls }, () => call), { text: "done" }] });
	const out = join(sandbox.root, "marks.json");
	rmSync(out, { force: true });
	try {
		sandbox.setFakeUrl(llm.url);
		const args = ["-ne", "-e", PROBE_BEFORE, ...extensions.flatMap((path) => ["-e", path]), "-e", PROBE_AFTER];
		const result = await runPiPrint(sandbox, [...args, "-p", "go"], {
			timeoutMs: 120_000,
			env: { PI_HOOK_BENCH_OUT: out, ...env },
		});
		if (result.code !== 0 || !result.stdout.includes("done")) {
			throw new Error(`pi ${args.join(" ")} failed (${result.code}): ${result.stderr.slice(0, 400)}`);
		}
		const marks = JSON.parse(readFileSync(out, "utf8")) as ProbeMarks;
		return { marks, wallMs: result.durationMs };
	} finally {
		await llm.close();
	}
};

/** Milliseconds of each span of `event` in `run`, in order. */
export const spanTimes = (run: ProbedRun, event: string): number[] =>
	run.marks.spans.filter((span: ProbeSpan) => span.event === event).map((span) => span.end - span.start);
