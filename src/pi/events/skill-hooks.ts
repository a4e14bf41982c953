/**
 * Skills in use: the hooks in a skill's `SKILL.md` frontmatter count from the moment the skill is used until the
 * session ends (as in Claude Code). pi uses a skill when the user types `/skill:name` or when the model reads
 * the skill's file (pi lists skills in the system prompt and the model reads the one it needs).
 */
import { resolve } from "node:path";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { skillSource } from "../../engine/config/frontmatter.ts";
import type { HookSource } from "../../engine/types.ts";

/** The skills of one session. */
export interface SkillHooks {
	/** The sources of the skills in use, in the order they were first used (stable objects). */
	active(): readonly HookSource[];
	/** Marks the skill of a `/skill:name ...` prompt as in use; true when it was not yet. */
	useFromPrompt(text: string): boolean;
	/** Marks a skill as in use when a `read` tool call reads its SKILL.md; true when it was not yet. */
	useFromRead(toolName: string, input: Readonly<Record<string, unknown>>, cwd: string): boolean;
}

interface KnownSkill {
	readonly name: string;
	readonly file: string;
	readonly project: boolean;
}

/** Creates the session's skill tracker over pi's command list (`pi.getCommands()`, skills as `skill:<name>`). */
export const createSkillHooks = (pi: Pick<ExtensionAPI, "getCommands">, projectDir: string): SkillHooks => {
	const used = new Map<string, HookSource>();
	const known = (): KnownSkill[] => {
		try {
			return pi
				.getCommands()
				.filter((command) => command.source === "skill" && typeof command.sourceInfo?.path === "string")
				.map((command) => ({
					name: command.name.replace(/^skill:/, ""),
					file: resolve(command.sourceInfo.path),
					// A skill inside the project is project code, as its settings hooks are.
					project:
						command.sourceInfo.scope === "project" ||
						resolve(command.sourceInfo.path).startsWith(`${resolve(projectDir)}/`),
				}));
		} catch {
			return [];
		}
	};
	const use = (skill: KnownSkill | undefined): boolean => {
		if (skill === undefined || used.has(skill.file)) return false;
		used.set(skill.file, { ...skillSource(skill.file, skill.project), name: skill.name });
		return true;
	};
	return {
		active: () => [...used.values()],
		useFromPrompt(text) {
			const match = /^\/skill:(\S+)/.exec(text);
			if (match === null) return false;
			return use(known().find((skill) => skill.name === match[1]));
		},
		useFromRead(toolName, input, cwd) {
			if (toolName !== "read" || typeof input.path !== "string") return false;
			const file = resolve(cwd, input.path.replace(/^@/, ""));
			return use(known().find((skill) => skill.file === file));
		},
	};
};
