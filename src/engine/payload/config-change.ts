/** The stdin of ConfigChange (Claude Code 2.1.337 `ConfigChangeHookInput`), in Claude Code's key order. */
import { basePayload, type SessionInfo } from "./base.ts";

/** Claude Code's `source` of a ConfigChange: which kind of configuration file changed. */
export type ConfigChangeSource = "user_settings" | "project_settings" | "local_settings" | "policy_settings" | "skills";

/** ConfigChange stdin: base + `source` + `file_path` (the file that changed) when there is one. */
export const configChangePayload = (
	session: SessionInfo,
	change: { readonly source: ConfigChangeSource; readonly filePath: string | undefined },
): Record<string, unknown> => ({
	...basePayload(session, "ConfigChange"),
	source: change.source,
	...(change.filePath === undefined ? {} : { file_path: change.filePath }),
});
