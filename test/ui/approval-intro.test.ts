/** Where the approval dialog says the waiting hooks are declared (Claude Code 2.1.329's trust dialog). */
import { describe, expect, it } from "vitest";
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import type { HookSource } from "../../src/engine/types.ts";
import { approvalIntro, declaredIn } from "../../src/ui/approval-intro.ts";

const entriesOf = (source: HookSource) =>
	parseSettingsText(JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] } }), source)
		.entries;

const project = entriesOf({ scope: "claude-project", file: "/p/.claude/settings.json", project: true });
const local = entriesOf({ scope: "claude-local", file: "/p/.claude/settings.local.json", project: true });
const plugin = entriesOf({
	scope: "plugin",
	file: "/h/.claude/plugins/cache/m/notes/0.2.0/hooks/hooks.json",
	project: true,
	plugin: { id: "notes@m", root: "/h/.claude/plugins/cache/m/notes/0.2.0", data: "/d", options: {}, forced: false },
});
const skill = entriesOf({ scope: "skill", file: "/p/.pi/skills/deploy/SKILL.md", project: true, name: "deploy" });

describe("declaredIn", () => {
	it("names each place once, settings files first, in the order they appear", () => {
		expect(declaredIn([...project, ...project])).toBe("this project's settings file .claude/settings.json");
		expect(declaredIn([...skill, ...local, ...plugin, ...project])).toBe(
			"this project's settings files .claude/settings.local.json and .claude/settings.json, the skill " +
				"deploy and the plugin notes@m (enabled by this project's settings)",
		);
	});

	it("the intro is one line that starts with where the hooks are declared", () => {
		expect(approvalIntro(skill)).toEqual([
			"These hooks are declared in the skill deploy and run commands on your machine. Every field of each " +
				"is listed; approve them only if you trust all of it.",
		]);
	});
});
