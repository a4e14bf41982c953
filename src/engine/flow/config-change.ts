/**
 * The flow of Claude Code's ConfigChange: a settings file, a managed policy file or a skill in use changed during
 * the session, and its hooks decide whether the new configuration takes effect. Claude Code: exit 2 or
 * `decision: "block"` keeps the configuration from before (its `reason` is never shown); a `policy_settings` change
 * cannot be blocked (the hooks run, their block is ignored); `continue` and `systemMessage` are discarded. pi says
 * which hook blocked a change (Claude Code logs it in its debug output only), since a user editing a settings file
 * would otherwise wonder why the edit does nothing.
 */
import { decideBlockEvent } from "../decide/stop.ts";
import { type ConfigChangeSource, configChangePayload } from "../payload/config-change.ts";
import type { PlanStep } from "../plan/steps.ts";
import { shortCommand } from "../text/messages.ts";
import type { SourceScope } from "../types.ts";
import { type FlowMoment, type FlowPorts, runEvent } from "./run-event.ts";

/**
 * The ConfigChange `source` of a file of `scope`: Claude Code's user, project and local settings (pi's global and
 * project settings count as user and project settings), managed policy, and skills; undefined for the files Claude
 * Code reports no ConfigChange for (plugin hook files, agent definitions).
 */
export const configChangeSource = (scope: SourceScope): ConfigChangeSource | undefined => {
	switch (scope) {
		case "claude-user":
		case "pi-global":
			return "user_settings";
		case "claude-project":
		case "pi-project":
			return "project_settings";
		case "claude-local":
			return "local_settings";
		case "managed":
			return "policy_settings";
		case "skill":
			return "skills";
		default:
			return undefined;
	}
};

/** True when hooks can keep a change of `source` from taking effect (Claude Code: all but managed policy). */
export const canBlockConfigChange = (source: ConfigChangeSource): boolean => source !== "policy_settings";

/** One changed configuration file. */
export interface ConfigChangeInput {
	readonly source: ConfigChangeSource;
	/** The absolute path of the file that changed. */
	readonly filePath: string;
}

/** What the ConfigChange hooks decided: `blocked` = the change does not take effect; `steps` to carry out. */
export interface ConfigChangePlan {
	readonly blocked: boolean;
	readonly steps: readonly PlanStep[];
}

/** ConfigChange for `change`. Undefined at once when the event has no hooks (the change takes effect). */
export const configChange = (
	ports: FlowPorts,
	moment: FlowMoment,
	change: ConfigChangeInput,
): Promise<ConfigChangePlan> | undefined => {
	if (!ports.engine.hasHooks("ConfigChange")) return undefined;
	return (async () => {
		const run = await runEvent(ports, moment, {
			event: "ConfigChange",
			matchValues: [change.source],
			payload: configChangePayload(moment.session, change),
			summary: `${change.source}: ${change.filePath}`,
		});
		const decision = decideBlockEvent(run.verdicts, "ConfigChange");
		if (!decision.blocked) return { blocked: false, steps: run.steps };
		const hooks = decision.by.map((verdict) => shortCommand(verdict.entry)).join(", ");
		const blocked = canBlockConfigChange(change.source);
		const text = blocked
			? `ConfigChange hook ${hooks} blocked the change to ${change.filePath}: the hooks from before it ` +
				"stay in effect"
			: `ConfigChange hook ${hooks} cannot block a change to managed policy (${change.filePath}): ` +
				"it takes effect";
		const notice: PlanStep = { do: "notify", notice: { level: "warning", text } };
		return { blocked, steps: [...run.steps, notice] };
	})();
};
