/**
 * ConfigChange hooks (Claude Code) on an edit of a settings file, a managed policy file or a skill in use: the gate
 * of the session's configuration store (engine/config/store.ts). The store asks the gate before an edit takes
 * effect; the gate keeps the configuration from before (`wait`) while the ConfigChange hooks in effect run in the
 * background (engine/flow/config-change.ts), then answers the store's next check: `reject` when they blocked the
 * change (the hooks from before stay), else `accept`. An edit no ConfigChange hook is configured for, or of a file
 * Claude Code reports no ConfigChange for (plugin hook files, agent definitions), takes effect at once. An edit of
 * a skill not in use (its hooks are no configuration yet) fires the hooks too, as in Claude Code, with nothing to keep.
 */
import type { ConfigCandidate, GateAnswer } from "../../engine/config/store.ts";
import { configChange, configChangeSource } from "../../engine/flow/config-change.ts";
import type { HookConfig } from "../../engine/types.ts";
import { type HookContext, runFlow } from "./hook-context.ts";

/** The store's gate and what pi waits on. */
export interface ConfigGate {
	/** The store's `gate` (never throws; called inside the store's check, so it starts hooks only afterwards). */
	readonly gate: (candidate: ConfigCandidate, current: HookConfig) => GateAnswer;
	/**
	 * Settles once no ConfigChange hooks are running (each answer is then waiting for the store's next check); true
	 * when some were.
	 */
	settled(): Promise<boolean>;
	/** A skill's SKILL.md that is not in use changed: its ConfigChange hooks run (`source: "skills"`). */
	skillEdited(file: string, current: HookConfig): void;
}

/** What the gate runs hooks with. */
export interface ConfigGateDeps {
	/** The hook context of the session now; undefined once it ended (the edit then takes effect). */
	readonly hookContext: () => HookContext | undefined;
	/** An answer is ready: check the files again soon, so it takes effect without waiting for an event. */
	readonly decided: () => void;
	/** Keeps a run until it settles, so the session's end waits for it. */
	readonly track: (work: Promise<void>) => void;
}

/** True when `config` has a ConfigChange hook that can run (one skipped or switched off all: none). */
const hasConfigChangeHooks = (config: HookConfig): boolean =>
	!config.disableAllHooks && config.entries.some((entry) => entry.event === "ConfigChange");

/** Creates the gate; one per session. */
export const createConfigGate = (deps: ConfigGateDeps): ConfigGate => {
	/** The answer for each edit (`file\0stamp`) whose hooks have finished, until the store takes it. */
	const answers = new Map<string, GateAnswer>();
	const running = new Map<string, Promise<void>>();
	const keyOf = (candidate: ConfigCandidate): string => `${candidate.source.file}\u0000${candidate.stamp}`;
	/** Forgets the answers about earlier edits of `file`: a newer edit is asked about on its own. */
	const forgetOlder = (file: string, key: string): void => {
		for (const other of answers.keys())
			if (other !== key && other.startsWith(`${file}\u0000`)) answers.delete(other);
	};
	const run = async (key: string, hc: HookContext, change: Parameters<typeof configChange>[2]): Promise<void> => {
		let answer: GateAnswer = "accept";
		try {
			const plan = await runFlow(
				hc,
				(moment) => configChange(hc, moment, change),
				(done) => done.steps,
			);
			if (plan?.blocked === true) answer = "reject";
		} catch {
			// A failed run lets the change through, as a failing hook does.
		}
		answers.set(key, answer);
		running.delete(key);
		deps.decided();
	};
	return {
		gate(candidate, current) {
			const source = configChangeSource(candidate.source.scope);
			if (source === undefined) return "accept";
			const key = keyOf(candidate);
			forgetOlder(candidate.source.file, key);
			const answer = answers.get(key);
			if (answer !== undefined) {
				answers.delete(key);
				return answer;
			}
			if (running.has(key)) return "wait";
			if (!hasConfigChangeHooks(current)) return "accept";
			const hc = deps.hookContext();
			if (hc === undefined) return "accept";
			// Not now: the store is in the middle of its check, and the engine reads its configuration.
			const work = Promise.resolve().then(() => run(key, hc, { source, filePath: candidate.source.file }));
			running.set(key, work);
			deps.track(work);
			return "wait";
		},
		skillEdited(file, current) {
			if (!hasConfigChangeHooks(current)) return;
			const hc = deps.hookContext();
			if (hc === undefined) return;
			const key = `${file}\u0000unused`;
			if (running.has(key)) return;
			const work = Promise.resolve()
				.then(() =>
					runFlow(
						hc,
						(moment) => configChange(hc, moment, { source: "skills", filePath: file }),
						(done) => done.steps,
					),
				)
				.then(
					() => undefined,
					() => undefined, // A failed run changes nothing: the skill is not in use.
				)
				.then(() => {
					running.delete(key);
				});
			running.set(key, work);
			deps.track(work);
		},
		async settled() {
			const waited = running.size > 0;
			while (running.size > 0) await Promise.allSettled([...running.values()]);
			return waited;
		},
	};
};
