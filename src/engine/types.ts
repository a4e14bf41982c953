/**
 * Core types of the hook engine: configured hooks and where they come from, what a hook process did,
 * and what each hook decided. Shapes follow Claude Code's hooks contract ("Claude Code hooks" below).
 */

/** Every hook event name Claude Code defines (v2.1.337: its Agent SDK's `HOOK_EVENTS`). */
export const HOOK_EVENTS = [
	"SessionStart",
	"Setup",
	"UserPromptSubmit",
	"UserPromptExpansion",
	"PreToolUse",
	"PreSkillShellCommand",
	"PermissionRequest",
	"PermissionDenied",
	"PostToolUse",
	"PostToolUseFailure",
	"PostToolBatch",
	"Notification",
	"MessageDisplay",
	"SubagentStart",
	"SubagentStop",
	"TaskCreated",
	"TaskCompleted",
	"Stop",
	"StopFailure",
	"Interrupt",
	"TeammateIdle",
	"InstructionsLoaded",
	"ConfigChange",
	"CwdChanged",
	"DirectoryAdded",
	"FileChanged",
	"WorktreeCreate",
	"WorktreeRemove",
	"PreCompact",
	"PostCompact",
	"Elicitation",
	"ElicitationResult",
	"SessionEnd",
	"PreModelSwitch",
	"PostModelSwitch",
] as const;

/** A Claude Code hook event name, e.g. `"PreToolUse"`. */
export type HookEventName = (typeof HOOK_EVENTS)[number];

/** The five settings files hooks are read from, in the order they are merged. */
export type SettingsScope = "claude-user" | "claude-project" | "claude-local" | "pi-global" | "pi-project";

/**
 * Every place hooks come from: the five settings files, managed policy (`managed-settings.json` and
 * `managed-settings.d/*.json`), an enabled Claude Code plugin, the frontmatter of a skill pi loads, and the
 * frontmatter of a Claude Code agent definition.
 */
export type SourceScope = SettingsScope | "managed" | "plugin" | "skill" | "agent";

/** What a plugin's hooks get besides the hook itself (Claude Code: placeholders and environment). */
export interface PluginInfo {
	/** `name@marketplace`, the key of `enabledPlugins`. */
	readonly id: string;
	/** The install folder (`installPath` of its install record): `${CLAUDE_PLUGIN_ROOT}`. */
	readonly root: string;
	/** `~/.claude/plugins/data/<id with odd characters as ->`: `${CLAUDE_PLUGIN_DATA}`. */
	readonly data: string;
	/** The plugin's user config values (`pluginConfigs.<id>.options`), as `CLAUDE_PLUGIN_OPTION_<KEY>`. */
	readonly options: Readonly<Record<string, string>>;
	/** True when managed `enabledPlugins` enables it: it then counts as managed policy. */
	readonly forced: boolean;
}

/** Where a hook was defined. */
export interface HookSource {
	/** Which kind of source. */
	readonly scope: SourceScope;
	/** Absolute path of the file the hooks are read from (settings file, hooks.json, plugin.json, SKILL.md). */
	readonly file: string;
	/**
	 * True for project code that needs trust and approval: the project settings files, a plugin enabled only
	 * by a project file, a skill or agent definition inside the project.
	 */
	readonly project: boolean;
	/** Set for plugin hooks. */
	readonly plugin?: PluginInfo;
	/** The skill's or agent's name, for `skill` and `agent` sources. */
	readonly name?: string;
	/** Folder of a skill (its `${CLAUDE_PLUGIN_ROOT}`, Claude Code: skill hooks get only that one). */
	readonly root?: string;
	/** JSON path of the `hooks` object inside the file when it is not the top-level `hooks` (plugin.json arrays). */
	readonly hooksPath?: readonly (string | number)[];
}

/** A `command` hook handler (Claude Code hooks: shell form, or exec form when `args` is given). */
export interface CommandHandler {
	readonly type: "command";
	/** Shell string (shell form, run by `/bin/sh -c`) or executable (exec form). */
	readonly command: string;
	/** Present = exec form: spawn `command` with these arguments, no shell. */
	readonly args?: readonly string[];
	/** Claude Code's `shell`: `"bash"` (default, `/bin/sh -c`) or `"powershell"`; ignored with `args`. */
	readonly shell?: "bash" | "powershell";
	/** Timeout in seconds; undefined = the default of the handler type on the event (`defaultTimeoutSeconds`). */
	readonly timeout?: number;
	/** Run in the background without waiting (Claude Code `async`). */
	readonly async?: boolean;
	/** Background run that wakes the agent on exit 2 (Claude Code `asyncRewake`). */
	readonly asyncRewake?: boolean;
	/** Spinner text while the hook runs. */
	readonly statusMessage?: string;
	/** Permission-rule filter such as `Bash(git push*)`; only on tool events. */
	readonly if?: string;
	/** Run once per session, then drop (Claude Code honours it in skill frontmatter only). */
	readonly once?: boolean;
	/** `"block"`: a failure of this hook blocks like exit 2 (Claude Code 2.1.295 `onFailure`); default fail open. */
	readonly onFailure?: "block" | "continue";
}

/** A hook handler type this version parses but does not run (`http`, `prompt`, `agent`, `mcp_tool`). */
export interface OtherHandler {
	readonly type: "http" | "prompt" | "agent" | "mcp_tool";
	/** The raw JSON object of the handler, kept for display. */
	readonly raw: Readonly<Record<string, unknown>>;
	readonly timeout?: number;
	readonly statusMessage?: string;
	readonly if?: string;
	/** Run once per session, then drop (skill frontmatter only). */
	readonly once?: boolean;
	/**
	 * `"block"` on `http` (Claude Code 2.1.295) and `mcp_tool` (2.1.328) hooks: a failure blocks like exit 2. An
	 * `mcp_tool` hook's value other than `"continue"` reads as `"block"` (the value as written stays in `raw`).
	 */
	readonly onFailure?: "block" | "continue";
}

/** Any hook handler. */
export type HookHandler = CommandHandler | OtherHandler;

/** A matcher compiled from the settings string (Claude Code hooks: exact names, `|` lists, or a regex). */
export interface CompiledMatcher {
	/** The matcher string as written; undefined when the group had none. */
	readonly source: string | undefined;
	/** True when `value` matches. */
	readonly test: (value: string) => boolean;
}

/** One configured hook handler with its provenance. */
export interface HookEntry {
	/**
	 * Stable identity of the handler, independent of its position in the file:
	 * source file + event + matcher + handler definition. Used for per-hook state.
	 */
	readonly id: string;
	readonly event: HookEventName;
	readonly matcher: CompiledMatcher;
	readonly handler: HookHandler;
	/** The handler object exactly as written in its file (every field, known or not): what approval covers. */
	readonly definition: Readonly<Record<string, unknown>>;
	readonly source: HookSource;
	/** JSON path of the handler inside its file, e.g. `hooks.PreToolUse[0].hooks[1]`. */
	readonly jsonPath: string;
	/** The compiled `if` filter; undefined when the handler has none. */
	readonly ifRule?: IfRule;
}

/**
 * What became of the hooks of a file with a problem:
 * - `skipped`: the bad entry (or, for a whole-file problem, the file) is skipped;
 * - `kept_last_good`: a file that broke mid-session keeps its hooks from before the edit;
 * - `emptied`: a file emptied mid-session; its hooks no longer run;
 * - `http_closed`: a managed `allowedHttpHookUrls` cannot be read, so no http hook URL is admitted;
 * - `plugin_skipped`: a plugin's manifest cannot be read and there are no hooks from before: none of the plugin's
 *   hooks run (the message names them).
 */
export type ConfigIssueKind = "skipped" | "kept_last_good" | "emptied" | "http_closed" | "plugin_skipped";

/** A problem found in a settings file; only the bad entry is skipped. */
export interface ConfigIssue {
	/** Absolute path of the file. */
	readonly file: string;
	/** JSON path of the bad entry, e.g. `hooks.PreToolUse[0].matcher`; `""` for the whole file. */
	readonly path: string;
	/** What is wrong, in one sentence. */
	readonly message: string;
	/** What became of the hooks; undefined = `skipped`. Code reads this, never `message`. */
	readonly kind?: ConfigIssueKind;
	/**
	 * The source the file belongs to when it is not one of the five settings files, as the UI labels it:
	 * `Managed`, `Plugin guard@my-marketplace`, `Skill deploy`, `Agent reviewer`.
	 */
	readonly source?: string;
}

/**
 * Why a configured hook does not run at all:
 * - `untrusted`: a project file in a project pi does not trust;
 * - `unapproved`: a new or changed project hook the user has not approved (change-aware trust);
 * - `no_such_event`: an event pi never fires (`TaskCompleted`, `TeammateIdle`, ...);
 * - `unsupported_type`: a handler type this version does not run;
 * - `type_not_on_event`: a handler type Claude Code does not accept on the hook's event (a `prompt` hook on
 *   SessionStart or PostModelSwitch);
 * - `managed_only`: managed `allowManagedHooksOnly`; `plugin_only`: managed `strictPluginOnlyCustomization`
 *   with hooks; `plugin_disabled`: its plugin is off in `enabledPlugins`;
 * - `no_moment`: pi has no moment this hook belongs to (an agent definition's hooks);
 * - `unseen`: strict mode (`strictHooks`): a new or changed hook of a non-managed source no person approved yet.
 */
export type SkipReason =
	| "untrusted"
	| "unapproved"
	| "no_such_event"
	| "unsupported_type"
	| "type_not_on_event"
	| "managed_only"
	| "plugin_only"
	| "plugin_disabled"
	| "no_moment"
	| "unseen";

/** A hook that is configured but does not run, and why. */
export interface SkippedHook {
	readonly entry: HookEntry;
	readonly reason: SkipReason;
	/** One sentence a user can act on, made from `reason` (see `skipMessage`); shown, never compared. */
	readonly message: string;
}

/** The merged hook configuration of all sources. */
export interface HookConfig {
	/** Hooks that may run, in source order. */
	readonly entries: readonly HookEntry[];
	/** Hooks that are configured but do not run. */
	readonly skipped: readonly SkippedHook[];
	/**
	 * Strict mode: ids of `entries` with `onFailure: "block"` no person saw as they are now. Each run of one is
	 * stopped (not-run reason `unseen`) and blocks what it guards; undefined when there are none.
	 */
	readonly heldUnseen?: ReadonlySet<string>;
	/** Problems in the files (bad JSON, unknown events, bad entries). */
	readonly issues: readonly ConfigIssue[];
	/** `disableAllHooks` after precedence (project-local > project > user; pi project > pi global). */
	readonly disableAllHooks: boolean;
	/** The file whose `disableAllHooks` value applies; undefined when no file sets it. */
	readonly disableAllHooksSource?: string;
	/**
	 * True when that value comes from managed policy: only then does it switch managed hooks (and plugins
	 * force-enabled by managed `enabledPlugins`) off too (as in Claude Code).
	 */
	readonly disableAllHooksManaged?: boolean;
	/** Managed policy files whose hooks count (for notices); empty when there are none. */
	readonly managedFiles?: readonly string[];
	/**
	 * `allowedHttpHookUrls` as limits an http hook's URL must pass, each a list of patterns with `*`: one list for
	 * the user's files (concatenated), one for the project's. A URL must match every list, so a project file can
	 * narrow the user's allow-list but never widen it. Undefined (or no list) = every URL allowed; an empty list
	 * blocks every http hook (Claude Code hooks: `allowedHttpHookUrls`).
	 */
	readonly allowedHttpHookUrls?: readonly (readonly string[])[];
	/**
	 * The managed file (or folder) whose `allowedHttpHookUrls` could not be read; when set, `allowedHttpHookUrls`
	 * is `[[]]` and no http hook runs (Claude Code 2.1.267: fail closed).
	 */
	readonly allowedHttpHookUrlsClosedBy?: string;
	/**
	 * `httpHookAllowedEnvVars` as limits, layered like {@link HookConfig.allowedHttpHookUrls}: a header may use
	 * `$VAR` only when the hook's `allowedEnvVars` and every list name it.
	 */
	readonly httpHookAllowedEnvVars?: readonly (readonly string[])[];
	/**
	 * Project settings that would switch hooks off or change a plugin's options, held back until the user approves
	 * them (src/engine/config/project-settings.ts); the configuration above is without them. Absent when none wait.
	 */
	readonly pendingSettings?: readonly ProjectSetting[];
}

/**
 * What a held-back setting would do, as a code: `hooks_off` (`disableAllHooks: true`: every hook off, the user's
 * too), `hooks_on` (`disableAllHooks: false` over the user's `true`), `plugin_off` (`enabledPlugins` false for a
 * plugin the user's settings switch on), `option` (a plugin option value other than the user's, or one the user
 * did not set).
 */
export type SettingEffect = "hooks_off" | "hooks_on" | "plugin_off" | "option" | "mcp_server";

/** One project setting value that changes what runs. */
export interface ProjectSetting {
	readonly effect: SettingEffect;
	/** The project settings file that sets it. */
	readonly source: HookSource;
	/** JSON path parts: `["disableAllHooks"]`, `["enabledPlugins", id]`, `["pluginConfigs", id, "options", key]`. */
	readonly path: readonly string[];
	/** The project's value. */
	readonly value: boolean | string;
	/** The user's value it replaces (managed, `~/.claude` and pi global settings); undefined when they set none. */
	readonly before?: boolean | string;
	/** The MCP server an `mcp_server` setting (pi's project `.pi/mcp.json`) defines or replaces. */
	readonly server?: string;
	/** The plugin id of a `plugin_off` or `option` setting. */
	readonly plugin?: string;
	/** Approval key: full SHA-256 of file, path and value. */
	readonly key: string;
}

/** Where the tool call happens, for resolving relative rule paths. */
export interface IfContext {
	/** The session's current directory (`./x` and bare patterns are relative to it). */
	readonly cwd: string;
	/** The project root (`/x` patterns are relative to it, as to the settings file's project). */
	readonly projectDir: string;
	/** The session's home directory (`~/x` patterns). */
	readonly home: string;
}

/** A compiled `if` rule. */
export interface IfRule {
	/** The rule as written. */
	readonly source: string;
	/** True when the hook should run for this call. `ccToolName` and `ccInput` are Claude Code's names. */
	readonly test: (ccToolName: string, ccInput: Readonly<Record<string, unknown>>, context: IfContext) => boolean;
}
