/**
 * Merging the parsed sources into one configuration: hooks from every source add up (as in Claude Code),
 * project files count only in a trusted project, handler types this version cannot run and handler types
 * Claude Code does not accept on the hook's event (`prompt` on SessionStart) are listed as skipped, and
 * `disableAllHooks` takes the most specific value that is set. Limits a user sets (`allowedHttpHookUrls`,
 * `httpHookAllowedEnvVars`) stay in force: a project file can add its own, narrower limit, never lift the user's.
 * Managed policy sits above everything (as in Claude Code): its `disableAllHooks` wins, non-managed `disableAllHooks`
 * leaves managed hooks running, and its `allowManagedHooksOnly` / `strictPluginOnlyCustomization` skip the other
 * sources' hooks.
 */
import { allowsHandlerType, handlerTypesOf, isFiredInPi, notFiredReason } from "../events/facts.ts";
import type { ConfigIssue, HookConfig, HookEntry, HookSource, SkippedHook, SourceScope } from "../types.ts";
import type { ParsedSource } from "./parse.ts";
import { isPolicySource, sourceLabel } from "./sources.ts";

/** Handler types pi-hook-manager runs (all five of Claude Code's); any other is listed as skipped. */
const SUPPORTED_TYPES = new Set(["command", "http", "prompt", "agent", "mcp_tool"]);

/** Why a project hook waits: it is new or changed and the user has not approved this definition. */
export const UNAPPROVED_MESSAGE = "new or changed project hook: it runs once you approve its current definition";

/** Why a hook waits in strict mode (`strictHooks`): a person has not seen it as it is now. */
export const UNSEEN_MESSAGE =
	"new or changed since you last looked: with strictHooks on it runs once you approve it (/hooks approve)";

/** The sentence a user reads for a hook skipped for one of these reasons, made from its code. */
export const skipMessage = (
	reason: "untrusted" | "unapproved" | "no_such_event" | "unsupported_type" | "type_not_on_event" | "unseen",
	entry: HookEntry,
): string => {
	switch (reason) {
		case "untrusted":
			return "project is not trusted: project hooks run only after you trust this folder in pi";
		case "unapproved":
			return UNAPPROVED_MESSAGE;
		case "unseen":
			return UNSEEN_MESSAGE;
		case "no_such_event":
			return notFiredReason(entry.event);
		case "type_not_on_event":
			return typeNotOnEventMessage(entry);
		case "unsupported_type":
			return (
				`"${entry.handler.type}" hooks are not supported by pi-hook-manager; only "command", "http", ` +
				`"prompt", "agent" and "mcp_tool" hooks run`
			);
	}
};

/** `"prompt" hooks do not run on PostModelSwitch: Claude Code accepts only "command", "http" and "mcp_tool" there`. */
const typeNotOnEventMessage = (entry: HookEntry): string => {
	const types = handlerTypesOf(entry.event).map((type) => `"${type}"`);
	const list = `${types.slice(0, -1).join(", ")} and ${types.at(-1)}`;
	return `"${entry.handler.type}" hooks do not run on ${entry.event}: Claude Code accepts only ${list} hooks there`;
};

const skip = (entry: HookEntry, reason: Parameters<typeof skipMessage>[0]): SkippedHook => ({
	entry,
	reason,
	message: skipMessage(reason, entry),
});

/** Most specific first: a project-local `false` overrides a user `true` (as in Claude Code). */
const DISABLE_PRECEDENCE: readonly SourceScope[] = [
	"claude-local",
	"claude-project",
	"pi-project",
	"pi-global",
	"claude-user",
];

/** Settings-file scopes: the only ones whose `disableAllHooks`, `allowedHttpHookUrls` and policy keys count. */
const SETTINGS_SCOPES = new Set<SourceScope>([
	"managed",
	"claude-user",
	"claude-project",
	"claude-local",
	"pi-global",
	"pi-project",
]);

/** The five settings files the panel edits. */
const FIVE_SETTINGS = new Set<SourceScope>([
	"claude-user",
	"claude-project",
	"claude-local",
	"pi-global",
	"pi-project",
]);

/** What the merge needs besides the parsed sources. */
export interface MergeExtras {
	/** Problems found outside the sources' files (plugin records and manifests, managed folder). */
	readonly issues?: readonly ConfigIssue[];
	/** Parsed hooks of plugins switched off in `enabledPlugins`: listed as skipped (`plugin_disabled`). */
	readonly disabledPlugins?: readonly ParsedSource[];
	/** Managed policy files or folders that could not be read at all (the managed-settings.d folder). */
	readonly unreadableManaged?: readonly string[];
	/**
	 * Strict mode (`strictHooks`): false for a hook of a non-project, non-managed source no person saw as it is now.
	 * Such a hook is skipped (`unseen`); one with `onFailure: "block"` stays configured and is listed in
	 * `HookConfig.heldUnseen`, so each of its runs is stopped and blocks. Undefined: strict mode is off.
	 */
	readonly isSeen?: (entry: HookEntry) => boolean;
}

/** True for a hook with `onFailure: "block"`: one that cannot run blocks what it guards. */
const failsClosed = (entry: HookEntry): boolean =>
	(entry.handler as { readonly onFailure?: string }).onFailure === "block";

/**
 * True when a managed file's `allowedHttpHookUrls` cannot be known: the file failed to load (or a broken edit
 * left its last good copy in force), or it sets the key to something that is not a list of strings.
 */
const managedUrlsUnreadable = (parsed: ParsedSource): boolean =>
	parsed.source.scope === "managed" &&
	(!parsed.usable ||
		parsed.issues.some((issue) => issue.kind === "kept_last_good" || issue.path === "allowedHttpHookUrls"));

/** The managed policy switches that apply (the last managed file that sets one wins). */
interface Policy {
	disableAllHooks?: { value: boolean; file: string };
	managedOnly?: string;
	pluginOnly?: string;
}

const readPolicy = (sources: readonly ParsedSource[]): Policy => {
	const policy: Policy = {};
	for (const parsed of sources) {
		if (parsed.source.scope !== "managed") continue;
		const file = parsed.source.file;
		if (parsed.disableAllHooks !== undefined) policy.disableAllHooks = { value: parsed.disableAllHooks, file };
		if (parsed.allowManagedHooksOnly !== undefined)
			policy.managedOnly = parsed.allowManagedHooksOnly ? file : undefined;
		if (parsed.strictPluginOnlyHooks !== undefined)
			policy.pluginOnly = parsed.strictPluginOnlyHooks ? file : undefined;
	}
	return policy;
};

/** The policy skip of a hook of `source`, if managed policy keeps it from running. */
const policySkip = (source: HookSource, policy: Policy): Omit<SkippedHook, "entry"> | undefined => {
	if (policy.managedOnly !== undefined && !isPolicySource(source)) {
		return {
			reason: "managed_only",
			message:
				`allowManagedHooksOnly is set in managed policy (${policy.managedOnly}): only managed ` +
				`hooks and plugins it enables run`,
		};
	}
	if (policy.pluginOnly !== undefined && source.scope !== "managed" && source.scope !== "plugin") {
		return {
			reason: "plugin_only",
			message:
				`strictPluginOnlyCustomization is set in managed policy (${policy.pluginOnly}): only ` +
				`plugin and managed hooks run`,
		};
	}
	return undefined;
};

/**
 * Merges parsed sources (in source order). `trusted` = `ctx.isProjectTrusted()`. `isApproved` (change-aware
 * trust) says whether the user approved a project hook's current definition; project hooks that are not
 * approved are listed as skipped (reason `unapproved`). Pure.
 */
export const mergeSources = (
	sources: readonly ParsedSource[],
	trusted: boolean,
	isApproved: (entry: HookEntry) => boolean = () => true,
	extras: MergeExtras = {},
): HookConfig => {
	const entries: HookEntry[] = [];
	const skipped: SkippedHook[] = [];
	const issues: ConfigIssue[] = [...(extras.issues ?? [])];
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
	const policy = readPolicy(sources);
	const managedFiles: string[] = [];
	// Claude Code 2.1.267: a managed allowedHttpHookUrls that cannot be read admits no http hook URL (fail closed).
	const unreadableUrls: string[] = [...(extras.unreadableManaged ?? [])];
	const isSeen = extras.isSeen;
	const heldUnseen = new Set<string>();
	for (const parsed of sources) {
		// Problems of a file that is not one of the five settings files say whose it is (Managed, Plugin x, Skill y).
		const whose = FIVE_SETTINGS.has(parsed.source.scope) ? undefined : sourceLabel(parsed.source);
		issues.push(
			...(whose === undefined ? parsed.issues : parsed.issues.map((issue) => ({ ...issue, source: whose }))),
		);
		if (parsed.source.scope === "managed" && parsed.usable && parsed.entries.length > 0)
			managedFiles.push(parsed.source.file);
		if (managedUrlsUnreadable(parsed)) unreadableUrls.push(parsed.source.file);
		if (parsed.source.project && !trusted) {
			for (const entry of parsed.entries) skipped.push(skip(entry, "untrusted"));
			continue;
		}
		const settings = SETTINGS_SCOPES.has(parsed.source.scope);
		if (settings && parsed.source.scope !== "managed" && parsed.disableAllHooks !== undefined) {
			disable.set(parsed.source.scope, parsed.disableAllHooks);
			disableFile.set(parsed.source.scope, parsed.source.file);
		}
		// Only settings files set limits (a plugin's hooks.json or a skill's frontmatter cannot).
		const layer = parsed.source.project ? "project" : "user";
		if (settings && parsed.allowedHttpHookUrls !== undefined)
			limits.urls[layer] = [...(limits.urls[layer] ?? []), ...parsed.allowedHttpHookUrls];
		if (settings && parsed.httpHookAllowedEnvVars !== undefined)
			limits.envVars[layer] = [...(limits.envVars[layer] ?? []), ...parsed.httpHookAllowedEnvVars];
		const held = policySkip(parsed.source, policy);
		for (const entry of parsed.entries) {
			if (held !== undefined) {
				skipped.push({ entry, ...held });
			} else if (parsed.source.scope === "agent") {
				skipped.push({
					entry,
					reason: "no_moment",
					message:
						`pi has no subagents: the ${parsed.source.name ?? ""} agent's hooks run only ` +
						`inside that subagent`,
				});
			} else if (!isFiredInPi(entry.event)) skipped.push(skip(entry, "no_such_event"));
			else if (!allowsHandlerType(entry.event, entry.handler.type))
				skipped.push(skip(entry, "type_not_on_event"));
			else if (parsed.source.project && !isApproved(entry)) skipped.push(skip(entry, "unapproved"));
			else if (!SUPPORTED_TYPES.has(entry.handler.type)) skipped.push(skip(entry, "unsupported_type"));
			else if (
				isSeen !== undefined &&
				!parsed.source.project &&
				!isPolicySource(parsed.source) &&
				!isSeen(entry)
			) {
				if (failsClosed(entry)) {
					heldUnseen.add(entry.id);
					entries.push(entry);
				} else skipped.push(skip(entry, "unseen"));
			} else entries.push(entry);
		}
	}
	for (const parsed of extras.disabledPlugins ?? []) {
		for (const entry of parsed.entries) {
			skipped.push({
				entry,
				reason: "plugin_disabled",
				message:
					`plugin ${parsed.source.plugin?.id ?? ""} is switched off in enabledPlugins, so its ` +
					`hooks do not run`,
			});
		}
	}
	for (const file of unreadableUrls) {
		issues.push({
			source: "Managed",
			file,
			path: "allowedHttpHookUrls",
			message: "cannot be read, so no http hook URL is admitted (managed policy fails closed)",
			kind: "http_closed",
		});
	}
	const urls = unreadableUrls.length > 0 ? [[]] : layered(limits.urls);
	const envVars = layered(limits.envVars);
	const managed = policy.disableAllHooks;
	const scope = DISABLE_PRECEDENCE.find((candidate) => disable.has(candidate));
	const disableSource = managed?.file ?? (scope === undefined ? undefined : disableFile.get(scope));
	return {
		entries,
		skipped,
		issues,
		disableAllHooks:
			managed !== undefined ? managed.value : scope === undefined ? false : (disable.get(scope) ?? false),
		...(disableSource === undefined ? {} : { disableAllHooksSource: disableSource }),
		...(managed === undefined ? {} : { disableAllHooksManaged: true }),
		...(managedFiles.length === 0 ? {} : { managedFiles }),
		...(urls === undefined ? {} : { allowedHttpHookUrls: urls }),
		...(unreadableUrls.length === 0 ? {} : { allowedHttpHookUrlsClosedBy: unreadableUrls[0] }),
		...(envVars === undefined ? {} : { httpHookAllowedEnvVars: envVars }),
		...(heldUnseen.size === 0 ? {} : { heldUnseen }),
	};
};

/** The user list and the project list, those that are set; undefined when neither is. */
const layered = (lists: Record<"user" | "project", string[] | undefined>): string[][] | undefined => {
	const set = [lists.user, lists.project].filter((list) => list !== undefined);
	return set.length === 0 ? undefined : set;
};
