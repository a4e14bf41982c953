/** Skills in use: `/skill:name` prompts and reads of a skill's SKILL.md mark it, once, with its scope. */
import type { SlashCommandInfo } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { createSkillHooks } from "../../../src/pi/events/skill-hooks.ts";

const command = (name: string, path: string, scope: "user" | "project"): SlashCommandInfo => ({
	name: `skill:${name}`,
	source: "skill",
	sourceInfo: { path, source: "local", scope, origin: "top-level" },
});
const pi = {
	getCommands: () =>
		[
			command("deploy", "/home/u/.pi/agent/skills/deploy/SKILL.md", "user"),
			command("lint", "/work/p/.pi/skills/lint/SKILL.md", "project"),
			{
				name: "review",
				source: "prompt",
				sourceInfo: { path: "/x.md", source: "local", scope: "user", origin: "top-level" },
			},
		] as SlashCommandInfo[],
};

describe("createSkillHooks", () => {
	it("a /skill:name prompt puts that skill in use once; other prompts and unknown skills do nothing", () => {
		const skills = createSkillHooks(pi, "/work/p");
		expect(skills.useFromPrompt("bash: ls")).toBe(false);
		expect(skills.useFromPrompt("/skill:nope")).toBe(false);
		expect(skills.useFromPrompt("/skill:deploy now")).toBe(true);
		expect(skills.useFromPrompt("/skill:deploy again")).toBe(false);
		expect(skills.active()).toEqual([
			{
				scope: "skill",
				file: "/home/u/.pi/agent/skills/deploy/SKILL.md",
				project: false,
				name: "deploy",
				root: "/home/u/.pi/agent/skills/deploy",
			},
		]);
	});

	it("the model reading a skill's SKILL.md puts it in use; a project skill is project code", () => {
		const skills = createSkillHooks(pi, "/work/p");
		expect(skills.useFromRead("read", { path: "README.md" }, "/work/p")).toBe(false);
		expect(skills.useFromRead("bash", { command: "cat .pi/skills/lint/SKILL.md" }, "/work/p")).toBe(false);
		expect(skills.useFromRead("read", { path: ".pi/skills/lint/SKILL.md" }, "/work/p")).toBe(true);
		expect(skills.active().map((source) => [source.name, source.project])).toEqual([["lint", true]]);
	});
});
