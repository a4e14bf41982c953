/**
 * Settings text -> hook entries and issues. Pure: a broken entry is reported with its file, JSON path and
 * reason and skipped; the rest of the file still loads (as in Claude Code v2.1.101/v2.1.122).
 */
import { createHash } from "node:crypto";
import type { ParseError } from "jsonc-parser";
import { isHookEventName, unknownEventText } from "../events/facts.ts";
import { lazyModule } from "../io/lazy-module.ts";
import { isObject } from "../is-object.ts";
import { compileIfRule } from "../match/if-rule.ts";
import { isPiSettingsFile } from "../match/index-by-event.ts";
import { compileMatcher } from "../match/matcher.ts";
import type { CommandHandler, ConfigIssue, HookEntry, HookHandler, HookSource, OtherHandler } from "../types.ts";

/** What one settings file contributes. */
export interface ParsedSource {
	readonly source: HookSource;
	readonly entries: readonly HookEntry[];
	readonly issues: readonly ConfigIssue[];
	/** `disableAllHooks` of this file; undefined when the file does not set it. */
	readonly disableAllHooks: boolean | undefined;
	/** False when the file as a whole could not be used (invalid JSON, not an object). */
	readonly usable: boolean;
	/** `allowedHttpHookUrls` of this file; undefined when the file does not set it. */
	readonly allowedHttpHookUrls?: readonly string[];
	/** `httpHookAllowedEnvVars` of this file; undefined when the file does not set it. */
	readonly httpHookAllowedEnvVars?: readonly string[];
	/** `enabledPlugins` (`name@marketplace` -> on/off) of this file; undefined when it does not set it. */
	readonly enabledPlugins?: Readonly<Record<string, boolean>>;
	/** `pluginConfigs.<id>.options` of this file, values as strings (a plugin's user config). */
	readonly pluginOptions?: Readonly<Record<string, Readonly<Record<string, string>>>>;
	/** `allowManagedHooksOnly` (honoured in managed policy only). */
	readonly allowManagedHooksOnly?: boolean;
	/** True when `strictPluginOnlyCustomization` is `true` or lists `"hooks"` (honoured in managed policy only). */
	readonly strictPluginOnlyHooks?: boolean;
}

type Json = Record<string, unknown>;

const OTHER_TYPES = new Set(["http", "prompt", "agent", "mcp_tool"]);

/**
 * Stable id of a handler: the full SHA-256 (64 hex digits) of file + event + matcher + definition, so it survives
 * reordering (not renaming). Never truncated: approvals are keyed by it, and a cut hash can be collided.
 */
export const hookId = (file: string, event: string, matcher: string | undefined, handler: unknown): string =>
	createHash("sha256")
		.update(JSON.stringify([file, event, matcher ?? "", handler]))
		.digest("hex");

type HandlerResult = { ok: true; handler: HookHandler } | { ok: false; path: string; message: string };

const parseCommonFields = (raw: Json, path: string): { ok: false; path: string; message: string } | undefined => {
	if (
		raw.timeout !== undefined &&
		!(typeof raw.timeout === "number" && Number.isFinite(raw.timeout) && raw.timeout > 0)
	) {
		return {
			ok: false,
			path: `${path}.timeout`,
			message: `timeout must be a positive number of seconds, got ${JSON.stringify(raw.timeout)}`,
		};
	}
	if (raw.statusMessage !== undefined && typeof raw.statusMessage !== "string") {
		return { ok: false, path: `${path}.statusMessage`, message: "statusMessage must be a string" };
	}
	if (raw.if !== undefined && typeof raw.if !== "string") {
		return { ok: false, path: `${path}.if`, message: 'if must be a string such as "Bash(git *)"' };
	}
	if (raw.once !== undefined && typeof raw.once !== "boolean") {
		return { ok: false, path: `${path}.once`, message: "once must be true or false" };
	}
	// Claude Code 2.1.328: an mcp_tool hook reads any value other than "continue" as "block" (fails closed).
	if (
		raw.type !== "mcp_tool" &&
		raw.onFailure !== undefined &&
		raw.onFailure !== "block" &&
		raw.onFailure !== "continue"
	) {
		return { ok: false, path: `${path}.onFailure`, message: 'onFailure must be "block" or "continue"' };
	}
	return undefined;
};

const parseHandler = (raw: unknown, path: string): HandlerResult => {
	if (!isObject(raw)) return { ok: false, path, message: "a hook handler must be an object" };
	const common = parseCommonFields(raw, path);
	if (common) return common;
	if (raw.type === "command") {
		if (typeof raw.command !== "string" || raw.command.trim() === "") {
			return { ok: false, path: `${path}.command`, message: 'a command hook needs a non-empty "command" string' };
		}
		if (raw.args !== undefined && !(Array.isArray(raw.args) && raw.args.every((arg) => typeof arg === "string"))) {
			return { ok: false, path: `${path}.args`, message: "args must be an array of strings" };
		}
		for (const flag of ["async", "asyncRewake"] as const) {
			if (raw[flag] !== undefined && typeof raw[flag] !== "boolean") {
				return { ok: false, path: `${path}.${flag}`, message: `${flag} must be true or false` };
			}
		}
		const handler: CommandHandler = {
			type: "command",
			command: raw.command,
			...(raw.args === undefined ? {} : { args: raw.args as string[] }),
			...(raw.shell === "bash" || raw.shell === "powershell" ? { shell: raw.shell } : {}),
			...(raw.timeout === undefined ? {} : { timeout: raw.timeout as number }),
			...(raw.async === undefined ? {} : { async: raw.async as boolean }),
			...(raw.asyncRewake === undefined ? {} : { asyncRewake: raw.asyncRewake as boolean }),
			...(raw.statusMessage === undefined ? {} : { statusMessage: raw.statusMessage as string }),
			...(raw.if === undefined ? {} : { if: raw.if as string }),
			...(raw.once === true ? { once: true } : {}),
			...(raw.onFailure === undefined ? {} : { onFailure: raw.onFailure as "block" | "continue" }),
		};
		return { ok: true, handler };
	}
	if (raw.type === "http" && (typeof raw.url !== "string" || raw.url === "")) {
		return { ok: false, path: `${path}.url`, message: 'an http hook needs a "url" string' };
	}
	if (raw.type === "mcp_tool") {
		for (const key of ["server", "tool"] as const)
			if (typeof raw[key] !== "string" || raw[key] === "")
				return { ok: false, path: `${path}.${key}`, message: `an mcp_tool hook needs a "${key}" string` };
		if (
			raw.input !== undefined &&
			(typeof raw.input !== "object" || raw.input === null || Array.isArray(raw.input))
		)
			return { ok: false, path: `${path}.input`, message: 'an mcp_tool hook\'s "input" must be an object' };
	}
	if (
		(raw.type === "prompt" || raw.type === "agent") &&
		(typeof raw.prompt !== "string" || raw.prompt.trim() === "")
	) {
		return { ok: false, path: `${path}.prompt`, message: `a ${raw.type} hook needs a non-empty "prompt" string` };
	}
	if (typeof raw.type === "string" && OTHER_TYPES.has(raw.type)) {
		const handler: OtherHandler = {
			type: raw.type as OtherHandler["type"],
			raw,
			...(raw.timeout === undefined ? {} : { timeout: raw.timeout as number }),
			...(raw.statusMessage === undefined ? {} : { statusMessage: raw.statusMessage as string }),
			...(raw.if === undefined ? {} : { if: raw.if as string }),
			...(raw.once === true ? { once: true } : {}),
			// Claude Code: onFailure on command, http (2.1.295) and mcp_tool (2.1.328) hooks, not prompt or agent.
			...(raw.type === "http" && raw.onFailure !== undefined
				? { onFailure: raw.onFailure as "block" | "continue" }
				: {}),
			...(raw.type === "mcp_tool" && raw.onFailure !== undefined
				? { onFailure: raw.onFailure === "continue" ? "continue" : "block" }
				: {}),
		};
		return { ok: true, handler };
	}
	return {
		ok: false,
		path: `${path}.type`,
		message:
			`unknown hook type ${JSON.stringify(raw.type)}; expected "command", "http", "prompt", "agent" ` +
			`or "mcp_tool"`,
	};
};

const parseHooks = (
	hooks: Json,
	source: HookSource,
	entries: HookEntry[],
	issues: ConfigIssue[],
	prefix = "hooks",
): void => {
	const issue = (path: string, message: string): void => {
		issues.push({ file: source.file, path, message });
	};
	for (const [event, groups] of Object.entries(hooks)) {
		const eventPath = `${prefix}.${event}`;
		if (!isHookEventName(event)) {
			issue(eventPath, unknownEventText(event));
			continue;
		}
		if (!Array.isArray(groups)) {
			issue(eventPath, "an event must map to an array of matcher groups");
			continue;
		}
		groups.forEach((group: unknown, groupIndex) => {
			const groupPath = `${eventPath}[${groupIndex}]`;
			if (!isObject(group)) return issue(groupPath, 'a matcher group must be an object with "hooks"');
			if (group.matcher !== undefined && typeof group.matcher !== "string") {
				return issue(`${groupPath}.matcher`, "matcher must be a string");
			}
			const compiled = compileMatcher(group.matcher as string | undefined);
			if (!compiled.ok) return issue(`${groupPath}.matcher`, compiled.message);
			if (!Array.isArray(group.hooks))
				return issue(`${groupPath}.hooks`, '"hooks" must be an array of hook handlers');
			group.hooks.forEach((rawHandler: unknown, handlerIndex) => {
				const jsonPath = `${groupPath}.hooks[${handlerIndex}]`;
				const parsed = parseHandler(rawHandler, jsonPath);
				if (!parsed.ok) return issue(parsed.path, parsed.message);
				let id: string;
				try {
					id = hookId(source.file, event, group.matcher as string | undefined, rawHandler);
				} catch (error) {
					// JSON.parse reads 100k nested arrays; JSON.stringify (for the id) overflows the stack on them.
					return issue(
						jsonPath,
						`this hook handler is nested too deeply to read (${(error as Error).message})`,
					);
				}
				let ifRule: HookEntry["ifRule"];
				if (parsed.handler.if !== undefined) {
					const rule = compileIfRule(parsed.handler.if, { piToolNames: isPiSettingsFile(source.scope) });
					if (!rule.ok) return issue(`${jsonPath}.if`, rule.message);
					ifRule = rule.rule;
				}
				entries.push({
					id,
					event,
					matcher: compiled.matcher,
					handler: parsed.handler,
					definition: rawHandler as Record<string, unknown>,
					source,
					jsonPath,
					...(ifRule ? { ifRule } : {}),
				});
			});
		});
	}
};

/**
 * Parses a `hooks` object that is not in a settings file (a skill's or agent's frontmatter, a plugin manifest's
 * inline hooks): entries and issues, with JSON paths under `prefix`. Pure; never throws.
 */
export const parseHooksObject = (
	hooks: unknown,
	source: HookSource,
	prefix = "hooks",
): { entries: HookEntry[]; issues: ConfigIssue[] } => {
	const entries: HookEntry[] = [];
	const issues: ConfigIssue[] = [];
	if (isObject(hooks)) parseHooks(hooks, source, entries, issues, prefix);
	else issues.push({ file: source.file, path: prefix, message: '"hooks" must be an object keyed by hook event' });
	return { entries, issues };
};

const pathLabel = (path: readonly (string | number)[]): string =>
	path.map((part, index) => (typeof part === "number" ? `[${part}]` : index === 0 ? part : `.${part}`)).join("");

const readPolicyKeys = (data: Json, source: HookSource, issues: ConfigIssue[]): Partial<ParsedSource> => {
	const keys: {
		enabledPlugins?: Record<string, boolean>;
		pluginOptions?: Record<string, Record<string, string>>;
		allowManagedHooksOnly?: boolean;
		strictPluginOnlyHooks?: boolean;
	} = {};
	if (data.enabledPlugins !== undefined) {
		if (isObject(data.enabledPlugins)) {
			const enabled: Record<string, boolean> = {};
			for (const [id, value] of Object.entries(data.enabledPlugins)) {
				// Claude Code also accepts a version list for an enabled plugin: any non-false value enables it.
				if (typeof value === "boolean") enabled[id] = value;
				else if (Array.isArray(value)) enabled[id] = true;
			}
			keys.enabledPlugins = enabled;
		} else
			issues.push({
				file: source.file,
				path: "enabledPlugins",
				message: 'enabledPlugins must be an object such as {"guard@my-marketplace": true}',
			});
	}
	if (isObject(data.pluginConfigs)) {
		const options: Record<string, Record<string, string>> = {};
		for (const [id, config] of Object.entries(data.pluginConfigs)) {
			if (!isObject(config) || !isObject(config.options)) continue;
			const values: Record<string, string> = {};
			for (const [key, value] of Object.entries(config.options)) {
				if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
					values[key] = String(value);
			}
			options[id] = values;
		}
		keys.pluginOptions = options;
	}
	if (typeof data.allowManagedHooksOnly === "boolean") keys.allowManagedHooksOnly = data.allowManagedHooksOnly;
	const strict = data.strictPluginOnlyCustomization;
	if (strict === true || (Array.isArray(strict) && strict.includes("hooks"))) keys.strictPluginOnlyHooks = true;
	else if (strict === false || Array.isArray(strict)) keys.strictPluginOnlyHooks = false;
	return keys;
};

/** jsonc-parser, loaded only to locate a syntax error. */
const jsonc = lazyModule<typeof import("jsonc-parser")>("jsonc-parser");

/**
 * Adds `(line L, column C)` of the first syntax error in `text` (located with jsonc-parser, lines and columns
 * from 1) to a JSON.parse message; the message alone when it cannot be located.
 */
export const withLineAndColumn = (message: string, text: string): string => {
	const errors: ParseError[] = [];
	try {
		jsonc().parse(text, errors, { disallowComments: true, allowTrailingComma: false });
	} catch {
		return message; // jsonc-parser recurses: 100k unclosed "[" overflow the stack; the message still says why
	}
	const offset = errors[0]?.offset;
	if (offset === undefined || /line \d+/.test(message)) return message;
	const before = text.slice(0, offset);
	const line = before.split("\n").length;
	const column = before.length - before.lastIndexOf("\n");
	return `${message} (line ${line}, column ${column})`;
};

/**
 * Parses the text of one settings file. Never throws: invalid JSON or a non-object makes the file unusable
 * (one issue); a bad `hooks` entry skips only that entry (one issue each).
 */
export const parseSettingsText = (text: string, source: HookSource): ParsedSource => {
	const entries: HookEntry[] = [];
	const issues: ConfigIssue[] = [];
	// A UTF-8 byte-order mark is not JSON but editors write it; an empty file holds no settings.
	const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
	if (body.trim() === "") return { source, entries, issues, disableAllHooks: undefined, usable: true };
	let data: unknown;
	try {
		data = JSON.parse(body);
	} catch (error) {
		const message = `invalid JSON: ${withLineAndColumn((error as Error).message, body)}`;
		return {
			source,
			entries,
			issues: [{ file: source.file, path: "", message }],
			disableAllHooks: undefined,
			usable: false,
		};
	}
	if (!isObject(data)) {
		const message = "a settings file must hold a JSON object";
		return {
			source,
			entries,
			issues: [{ file: source.file, path: "", message }],
			disableAllHooks: undefined,
			usable: false,
		};
	}
	if (source.hooksPath !== undefined) {
		// A plugin manifest whose `hooks` array holds inline objects: only that object counts.
		let at: unknown = data;
		for (const part of source.hooksPath) at = Array.isArray(at) || isObject(at) ? (at as Json)[part] : undefined;
		const parsed = parseHooksObject(at, source, pathLabel(source.hooksPath));
		return { source, entries: parsed.entries, issues: parsed.issues, disableAllHooks: undefined, usable: true };
	}
	let disableAllHooks: boolean | undefined;
	if (data.disableAllHooks !== undefined) {
		if (typeof data.disableAllHooks === "boolean") disableAllHooks = data.disableAllHooks;
		else
			issues.push({
				file: source.file,
				path: "disableAllHooks",
				message: "disableAllHooks must be true or false",
			});
	}
	if (data.hooks !== undefined) {
		if (isObject(data.hooks)) parseHooks(data.hooks, source, entries, issues);
		else
			issues.push({ file: source.file, path: "hooks", message: '"hooks" must be an object keyed by hook event' });
	}
	const stringList = (key: string, what: string): string[] | undefined => {
		const value = data[key];
		if (value === undefined) return undefined;
		if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value as string[];
		issues.push({ file: source.file, path: key, message: `${key} must be an array of ${what}` });
		return undefined;
	};
	const allowedHttpHookUrls = stringList("allowedHttpHookUrls", "URL patterns");
	const httpHookAllowedEnvVars = stringList("httpHookAllowedEnvVars", "environment variable names");
	return {
		source,
		entries,
		issues,
		disableAllHooks,
		usable: true,
		...(allowedHttpHookUrls ? { allowedHttpHookUrls } : {}),
		...(httpHookAllowedEnvVars ? { httpHookAllowedEnvVars } : {}),
		...readPolicyKeys(data, source, issues),
	};
};
