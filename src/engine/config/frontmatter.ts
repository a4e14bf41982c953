/**
 * Hooks in the YAML frontmatter of a skill (`SKILL.md`) or a Claude Code agent definition (`.claude/agents/*.md`):
 * the same `hooks:` shape as a settings file, written in YAML. Pure apart from the file read.
 */
import { readdirSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { lazyModule } from "../io/lazy-module.ts";
import type { ConfigIssue, HookEntry, HookSource } from "../types.ts";
import { parseHooksObject } from "./parse.ts";

/** The YAML parser, loaded when the first frontmatter with `hooks:` is read (not at start-up). */
const yamlModule = lazyModule<typeof import("yaml")>("yaml");

/** What one frontmatter file holds: its name, hooks and problems. */
export interface FrontmatterHooks {
	readonly source: HookSource;
	readonly entries: readonly HookEntry[];
	readonly issues: readonly ConfigIssue[];
}

const FRONTMATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** The YAML text between the leading `---` lines; undefined when the file has none. */
export const frontmatterText = (text: string): string | undefined => FRONTMATTER.exec(text)?.[1];

/**
 * The hooks of a frontmatter file's text. `source` says whose they are (skill or agent, name, project or not). A
 * file without frontmatter or without `hooks:` has none; bad YAML or a bad entry is an issue. Never throws.
 */
export const parseFrontmatterHooks = (text: string, source: HookSource): FrontmatterHooks => {
	const yaml = frontmatterText(text);
	if (yaml === undefined) return { source, entries: [], issues: [] };
	let data: unknown;
	try {
		data = yamlModule().parse(yaml, { maxAliasCount: 100 });
	} catch (error) {
		const message = `invalid YAML frontmatter: ${(error as Error).message.split("\n")[0]}`;
		return { source, entries: [], issues: [{ file: source.file, path: "", message }] };
	}
	if (data === null || typeof data !== "object" || Array.isArray(data)) return { source, entries: [], issues: [] };
	const record = data as Record<string, unknown>;
	const named =
		typeof record.name === "string" && record.name.trim() !== "" ? { ...source, name: record.name } : source;
	if (record.hooks === undefined || record.hooks === null) return { source: named, entries: [], issues: [] };
	const parsed = parseHooksObject(record.hooks, named);
	return { source: named, entries: parsed.entries, issues: parsed.issues };
};

/** A skill's source: named after its folder until its frontmatter names it; its folder is its root. */
export const skillSource = (file: string, project: boolean): HookSource => ({
	scope: "skill",
	file,
	project,
	name: basename(dirname(file)),
	root: dirname(file),
});

/**
 * Claude Code's agent definitions: `~/.claude/agents/*.md` and `<project>/.claude/agents/*.md` (one `readdir` per
 * folder). pi has no subagents, so their hooks are listed, never run.
 */
export const agentDefinitionFiles = (
	home: string,
	projectDir: string,
	claudeDir: string = join(home, ".claude"),
): HookSource[] => {
	const found: HookSource[] = [];
	for (const [dir, project] of [
		[join(claudeDir, "agents"), false],
		[join(projectDir, ".claude", "agents"), true],
	] as const) {
		let names: string[];
		try {
			if (statSync(dir, { throwIfNoEntry: false }) === undefined) continue;
			names = readdirSync(dir).filter((name) => name.endsWith(".md"));
		} catch {
			continue;
		}
		for (const name of names.sort())
			found.push({ scope: "agent", file: join(dir, name), project, name: name.slice(0, -3) });
	}
	return found;
};
