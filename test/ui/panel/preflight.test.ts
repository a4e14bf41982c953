/**
 * The preflight in the /hooks panel as a person sees it: a hook that cannot run on this machine (a program not
 * on PATH, a script without its execute bit) says so under its row in the list and in its details, with the
 * real probe over a PATH of the test's own; a hook that can run says nothing.
 */
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createPreflightChecker } from "../../../src/host/preflight/probe.ts";
import { TEST_THEME_COLORS } from "../../../src/ui/theme.ts";
import { cellAt, findText } from "../../support/screen.ts";
import { KEY, type PanelHarness, usePanelMounts } from "./harness.ts";

const panels = usePanelMounts();

/** User settings: a jq hook, a script without its execute bit, a hook that can run (`cat`). */
const SETTINGS = {
	hooks: {
		PreToolUse: [
			{
				matcher: "Bash",
				hooks: [
					{ type: "command", command: "jq -r .tool_input.command" },
					{ type: "command", command: "$CLAUDE_PROJECT_DIR/hooks/audit.sh" },
					{ type: "command", command: "cat >/dev/null" },
				],
			},
		],
	},
};

/** Mounts the panel with the real preflight; PATH is a temp folder holding `cat` and, with `jq`, a fake jq. */
const mount = (cols: number, jq: boolean): Promise<PanelHarness> =>
	panels.mount({
		cols,
		rows: 40,
		settings: { 0: SETTINGS },
		services: (root) => {
			const project = join(root, "project");
			const bin = join(root, "bin");
			mkdirSync(join(project, "hooks"), { recursive: true });
			mkdirSync(bin, { recursive: true });
			writeFileSync(join(project, "hooks", "audit.sh"), "#!/bin/sh\necho audit\n");
			chmodSync(join(project, "hooks", "audit.sh"), 0o644);
			for (const name of jq ? ["cat", "jq"] : ["cat"]) {
				writeFileSync(join(bin, name), "#!/bin/sh\nexit 0\n");
				chmodSync(join(bin, name), 0o755);
			}
			return {
				preflight: {
					...createPreflightChecker({ path: bin, home: join(root, "home") }, { projectDir: project }),
					projectDir: project,
				},
			};
		},
	});

describe.each([80, 120])("the preflight in /hooks at %i columns", (cols) => {
	it("says under a hook's row that it cannot run here, in the warning colour", async () => {
		const h = await mount(cols, false);
		const screen = await h.screen();
		const text = (await h.lines()).join("\n");
		expect(text).toContain("cannot run here: jq is not on PATH");
		expect(text).toContain("cannot run here: hooks/audit.sh has no execute bit");
		const at = findText(screen, "cannot run here: jq");
		expect(at).toBeDefined();
		if (at !== undefined) expect(cellAt(screen, at.row, at.col).fg).toBe(`p${TEST_THEME_COLORS.warning}`);
		// The hook that can run has no line under it: exactly the two findings are shown.
		expect(text.match(/cannot run here/g)).toHaveLength(2);
	});

	it("shows each finding in the hook's details", async () => {
		const h = await mount(cols, false);
		await h.type("audit");
		const screen = await h.send(KEY.enter);
		// The frame's inside, its lines joined: a wrapped sentence reads in one piece.
		const inside = (await h.lines())
			.map((line) => /│(.*)│/.exec(line)?.[1] ?? "")
			.join(" ")
			.replace(/\s+/g, " ");
		expect(inside).toContain("State enabled Cannot run");
		const at = findText(screen, "hooks/audit.sh has no execute bit");
		expect(at).toBeDefined();
		if (at !== undefined) expect(cellAt(screen, at.row, at.col).fg).toBe(`p${TEST_THEME_COLORS.error}`);
		expect(inside).toContain(
			"Cannot run hooks/audit.sh has no execute bit: sh cannot run it (exit 126); run chmod +x on it, or name " +
				"its interpreter in the command",
		);
	});

	it("says nothing of a program that is on PATH", async () => {
		const h = await mount(cols, true);
		const text = (await h.lines()).join("\n");
		expect(text).not.toContain("cannot run here: jq");
		expect(text).toContain("cannot run here: hooks/audit.sh");
	});
});
