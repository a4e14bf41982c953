import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { agentDefinitionFiles, parseFrontmatterHooks, skillSource } from "../../../src/engine/config/frontmatter.ts";
import { settingsSources, sourceLabel } from "../../../src/engine/config/sources.ts";
import { createConfigStore } from "../../../src/engine/config/store.ts";

let root: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "phm-frontmatter-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const SKILL = `---
name: deploy
description: Deploys the app
hooks:
  PreToolUse:
    - matcher: Bash
      hooks:
        - type: command
          command: ./scripts/check.sh
          once: true
---
# Deploy

Run the deploy.
`;

describe("skill and agent frontmatter hooks", () => {
	it("reads the YAML hooks of a SKILL.md, named by its frontmatter, with once and the skill folder as root", () => {
		const parsed = parseFrontmatterHooks(SKILL, skillSource("/skills/dep/SKILL.md", false));
		expect(parsed.issues).toEqual([]);
		expect(parsed.entries).toHaveLength(1);
		const entry = parsed.entries[0];
		expect(entry?.handler).toMatchObject({ type: "command", command: "./scripts/check.sh", once: true });
		expect(entry?.jsonPath).toBe("hooks.PreToolUse[0].hooks[0]");
		expect(entry === undefined ? "" : sourceLabel(entry.source)).toBe("Skill deploy");
		expect(entry?.source.root).toBe("/skills/dep");
	});

	it("no frontmatter or no hooks is no hooks; bad YAML or a bad entry is an issue with the file", () => {
		const source = skillSource("/s/x/SKILL.md", false);
		expect(parseFrontmatterHooks("# just text", source).entries).toEqual([]);
		expect(parseFrontmatterHooks("---\nname: x\n---\n", source).entries).toEqual([]);
		expect(parseFrontmatterHooks("---\nhooks: [unclosed\n---\n", source).issues).toEqual([
			{ file: "/s/x/SKILL.md", path: "", message: expect.stringMatching(/^invalid YAML frontmatter: /) },
		]);
		expect(parseFrontmatterHooks("---\nhooks:\n  Nope: []\n---\n", source).issues.map((i) => i.path)).toEqual([
			"hooks.Nope",
		]);
	});

	it("the store reads skills in use and agent definitions; agent hooks are skipped with no_moment", () => {
		const skillFile = join(root, "skills", "deploy", "SKILL.md");
		mkdirSync(join(root, "skills", "deploy"), { recursive: true });
		writeFileSync(skillFile, SKILL);
		const agents = join(root, "home", ".claude", "agents");
		mkdirSync(agents, { recursive: true });
		writeFileSync(join(agents, "reviewer.md"), SKILL.replace("name: deploy", "name: reviewer"));
		writeFileSync(join(agents, "plain.md"), "---\nname: plain\n---\nNo hooks.\n");
		expect(agentDefinitionFiles(join(root, "home"), join(root, "p")).map((s) => s.name)).toEqual([
			"plain",
			"reviewer",
		]);
		let skills = [] as ReturnType<typeof skillSource>[];
		const store = createConfigStore({
			sources: settingsSources({
				home: join(root, "home"),
				agentDir: join(root, "agent"),
				projectDir: join(root, "p"),
			}),
			plugins: { home: join(root, "home"), projectDir: join(root, "p") },
			skills: () => skills,
			isTrusted: () => true,
		});
		expect(store.current().entries).toEqual([]);
		expect(store.current().skipped.map((s) => [sourceLabel(s.entry.source), s.reason])).toEqual([
			["Agent reviewer", "no_moment"],
		]);
		skills = [skillSource(skillFile, false)];
		store.invalidate();
		expect(store.current().entries.map((entry) => sourceLabel(entry.source))).toEqual(["Skill deploy"]);
	});
});
