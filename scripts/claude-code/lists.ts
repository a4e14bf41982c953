/**
 * The shapes the Claude Code drift check (`npm run check:claude-code`) works on: the hook events, input fields and
 * output fields one release of `@anthropic-ai/claude-agent-sdk` declares in its `sdk.d.ts`, and the same lists as
 * pi-hook-manager knows them. Field names are Claude Code's wire names (`tool_name`, `hookSpecificOutput`).
 */

/** Field names, split into those every event has and each event's own. */
export interface FieldLists {
	/** Fields on every event (input: `BaseHookInput`'s; output: `SyncHookJSONOutput`'s top level). */
	readonly common: readonly string[];
	/** Each event's own fields (input: `XxxHookInput` minus the common ones; output: `XxxHookSpecificOutput`). */
	readonly events: Readonly<Record<string, readonly string[]>>;
}

/** What one SDK release declares (the checked-in copy: `test/fixtures/claude-code/agent-sdk-0.3.337.json`). */
export interface SdkLists {
	/** The SDK's version, e.g. `0.3.337`. */
	readonly version: string;
	/** The Claude Code it bundles (its `manifest.json`), e.g. `2.1.337`; undefined when not known. */
	readonly claudeCode?: string;
	/** `HOOK_EVENTS`, in the SDK's order. */
	readonly events: readonly string[];
	/** Hook stdin fields (`HookInput`, the union of the `XxxHookInput` types). */
	readonly input: FieldLists;
	/** Hook JSON output fields (`SyncHookJSONOutput`; per event, the `hookSpecificOutput` members). */
	readonly output: FieldLists;
}

/** What pi-hook-manager knows: its `HOOK_EVENTS`, and the fields it was last reviewed against. */
export interface KnownLists {
	readonly events: readonly string[];
	readonly input: FieldLists;
	readonly output: FieldLists;
}
