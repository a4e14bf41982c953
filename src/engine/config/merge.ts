/**
 * Merging the parsed sources into one configuration: hooks from every source add up (Claude Code hooks
 * §2.1), project files count only in a trusted project, handler types this version cannot run are listed
 * as skipped, and `disableAllHooks` takes the most specific value that is set. Limits a user sets
 * (`allowedHttpHookUrls`, `httpHookAllowedEnvVars`) stay in force: a project file can add its own, narrower
 * limit, never lift the user's.
 */
import { isFiredInPi, notFiredReason } from "../events.ts";
import type { ConfigIssue, HookConfig, HookEntry, SkippedHook, SourceScope } from "../types.ts";
import type { ParsedSource } from "./parse.ts";

/** Handler types pi-hook-manager runs; `agent` and `mcp_tool` are listed as skipped. */
const SUPPORTED_TYPES = new Set(["command", "http", "prompt"]);

/** Why a project hook waits: it is new or changed and the user has not approved this definition. */
export const UNAPPROVED_MESSAGE = "new or changed project hook: it runs once you approve its current definition";

/** Most specific first: a project-local `false` overrides a user `true` (Claude Code hooks §9 item 57). */
const DISABLE_PRECEDENCE: readonly SourceScope[] = [
	"claude-local",
	"claude-project",
	"pi-project",
	"pi-global",
	"claude-user",
];

/**
 * Merges parsed sources (in source order). `trusted` = `ctx.isProjectTrusted()`. `isApproved` (change-aware
 * trust) says whether the user approved a project hook's current definition; project hooks that are not
 * approved are listed as skipped (reason `untrusted`). Pure.
 */
export const mergeSources = (
	sources: readonly ParsedSource[],
	trusted: boolean,
	isApproved: (entry: HookEntry) => boolean = () => true,
): HookConfig => {
	const entries: HookEntry[] = [];
	const skipped: SkippedHook[] = [];
	const issues: ConfigIssue[] = [];
	const disable = new Map<SourceScope, boolean>();
	const disableFile = new Map<SourceScope, string>();
	// Limits per layer: what the user's files allow, and what the project's files allow (they only narrow).
	const limits = {
		urls: { user: undefined, project: undefined },
		envVars: { user: undefined, project: undefined },
	} as {
		urls: Record<"user" | "project", string[] | undefined>;
		envVars: Record<"user" | "project", string[] | undefined>;
	};
	for (const parsed of sources) {
		issues.push(...parsed.issues);
		if (parsed.source.project && !trusted) {
			for (const entry of parsed.entries) {
				skipped.push({
					entry,
					reason: "untrusted",
					message: "project is not trusted: project hooks run only after you trust this folder in pi",
				});
			}
			continue;
		}
		if (parsed.disableAllHooks !== undefined) {
			disable.set(parsed.source.scope, parsed.disableAllHooks);
			disableFile.set(parsed.source.scope, parsed.source.file);
		}
		const layer = parsed.source.project ? "project" : "user";
		if (parsed.allowedHttpHookUrls !== undefined)
			limits.urls[layer] = [...(limits.urls[layer] ?? []), ...parsed.allowedHttpHookUrls];
		if (parsed.httpHookAllowedEnvVars !== undefined)
			limits.envVars[layer] = [...(limits.envVars[layer] ?? []), ...parsed.httpHookAllowedEnvVars];
		for (const entry of parsed.entries) {
			if (!isFiredInPi(entry.event)) {
				skipped.push({
					entry,
					reason: "unsupported_type",
					message: notFiredReason(entry.event),
				});
			} else if (parsed.source.project && !isApproved(entry)) {
				skipped.push({ entry, reason: "untrusted", message: UNAPPROVED_MESSAGE });
			} else if (SUPPORTED_TYPES.has(entry.handler.type)) {
				entries.push(entry);
			} else {
				skipped.push({
					entry,
					reason: "unsupported_type",
					message: `"${entry.handler.type}" hooks are not supported by pi-hook-manager; only "command", "http" and "prompt" hooks run`,
				});
			}
		}
	}
	const urls = layered(limits.urls);
	const envVars = layered(limits.envVars);
	const scope = DISABLE_PRECEDENCE.find((candidate) => disable.has(candidate));
	return {
		entries,
		skipped,
		issues,
		disableAllHooks: scope === undefined ? false : (disable.get(scope) ?? false),
		...(scope === undefined ? {} : { disableAllHooksSource: disableFile.get(scope) }),
		...(urls === undefined ? {} : { allowedHttpHookUrls: urls }),
		...(envVars === undefined ? {} : { httpHookAllowedEnvVars: envVars }),
	};
};

/** The user list and the project list, those that are set; undefined when neither is. */
const layered = (lists: Record<"user" | "project", string[] | undefined>): string[][] | undefined => {
	const set = [lists.user, lists.project].filter((list) => list !== undefined);
	return set.length === 0 ? undefined : set;
};
