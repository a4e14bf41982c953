/**
 * Lays out the recorded Claude Code plugin layout (test/fixtures/claude-code-layout) in a folder: the user's
 * `~/.claude` (settings, install records, the plugin cache) and a project's `.claude/settings.json`, with the
 * templated paths filled in.
 */
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The fixture's folder. */
export const CLAUDE_LAYOUT = join(import.meta.dirname, "..", "fixtures", "claude-code-layout");

const fill = (dir: string, vars: Readonly<Record<string, string>>): void => {
	for (const name of readdirSync(dir)) {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) fill(path, vars);
		else {
			const text = readFileSync(path, "utf8");
			const filled = text.replace(/\{\{([A-Z]+)\}\}/g, (whole, key: string) => vars[key] ?? whole);
			if (filled !== text) writeFileSync(path, filled);
		}
	}
};

/** Copies the layout: `home/.claude/...` into `home`, `project/.claude/...` into `project`. */
export const layClaudeLayout = (home: string, project: string, marketplace = "/nonexistent/marketplace"): void => {
	cpSync(join(CLAUDE_LAYOUT, "home"), home, { recursive: true });
	cpSync(join(CLAUDE_LAYOUT, "project"), project, { recursive: true });
	const vars = { HOME: home, PROJECT: project, MARKETPLACE: marketplace };
	fill(join(home, ".claude"), vars);
	fill(join(project, ".claude"), vars);
};
