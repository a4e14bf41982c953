/**
 * Strict mode of the hook tripwire (issue #25): `"strictHooks": true` in pi's global settings.json (the agent
 * dir's; a project file cannot set it) keeps a new or changed hook of any non-managed source from running until a
 * person approved it. pi and the `pi-hook-manager` command read it the same way.
 */
import { join } from "node:path";
import { readSettingsFile } from "../../engine/config/load.ts";

/** The pi setting that turns strict mode on. */
export const STRICT_SETTING = "strictHooks";

/** True only when pi's global settings.json in `agentDir` sets `strictHooks: true`. Never throws. */
export const strictHooksOn = (agentDir: string): boolean => {
	const read = readSettingsFile(join(agentDir, "settings.json"));
	if (read.kind !== "ok") return false;
	try {
		const data = JSON.parse(read.text) as Record<string, unknown> | null;
		return data?.[STRICT_SETTING] === true;
	} catch {
		return false;
	}
};
