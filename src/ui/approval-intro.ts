/**
 * The approval dialog's first paragraph: where the hooks it asks about are declared (this project's settings
 * files, a plugin this project enables, a skill in this project), as Claude Code's trust dialog says where a
 * folder's hooks are declared (Claude Code 2.1.329). Pure; terminal-safe.
 */
import { terminalSafe } from "../engine/text/terminal-safe.ts";
import type { HookEntry, SourceScope } from "../engine/types.ts";

/** The project settings files by scope, as the user knows them (relative to the project). */
export const PROJECT_FILES: Partial<Readonly<Record<SourceScope, string>>> = {
	"claude-project": ".claude/settings.json",
	"claude-local": ".claude/settings.local.json",
	"pi-project": ".pi/settings.json",
};

/** `a`, `a and b`, `a, b and c`. */
const listed = (items: readonly string[]): string =>
	items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/**
 * Where `entries` are declared, in the order they first appear, one phrase per place: `this project's settings file
 * .claude/settings.json` (or `files a and b`), `the plugin notes@my-marketplace (enabled by this project's settings)`,
 * `the skill deploy`; any other source by its file.
 */
export const declaredIn = (entries: readonly HookEntry[]): string => {
	const files: string[] = [];
	const others: string[] = [];
	const add = (list: string[], item: string) => {
		if (!list.includes(item)) list.push(item);
	};
	for (const { source } of entries) {
		const file = PROJECT_FILES[source.scope];
		if (file !== undefined) add(files, file);
		else if (source.scope === "plugin")
			add(others, `the plugin ${terminalSafe(source.plugin?.id ?? "")} (enabled by this project's settings)`);
		else if (source.scope === "skill") add(others, `the skill ${terminalSafe(source.name ?? "")}`);
		else add(others, terminalSafe(source.file));
	}
	const settings =
		files.length === 0 ? [] : [`this project's settings ${files.length === 1 ? "file" : "files"} ${listed(files)}`];
	return listed([...settings, ...others]);
};

/** The dialog's intro lines for `entries`: where they are declared, and what approving means. */
export const approvalIntro = (entries: readonly HookEntry[]): string[] => [
	`These hooks are declared in ${declaredIn(entries)} and run commands on your machine. Every field of each ` +
		`is listed; approve them only if you trust all of it.`,
];
