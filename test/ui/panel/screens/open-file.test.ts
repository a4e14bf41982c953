/**
 * Opening a hook's settings file in the user's own editor from the /hooks panel (screens/open-file.ts, with pi's
 * port in src/pi/manager/external-editor.ts): `$EDITOR` gets the file at the hook's line, the panel reads the
 * hooks again when it exits, and without an editor the panel says so.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { screenLines } from "../../../support/screen.ts";
import { KEY, PROJECT_TEXT, usePanelMounts } from "../harness.ts";

const panels = usePanelMounts();
let scratch: string | undefined;
afterEach(() => {
	if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
	scratch = undefined;
});

const flat = (lines: readonly string[]): string => lines.join("").replace(/[│\s]/g, "");

/** An editor script: writes its arguments to args.log and sets the hook's timeout to 33 in the file it got last. */
const editorScript = (root: string): string => {
	const script = join(root, "fake-editor.sh");
	writeFileSync(
		script,
		`#!/bin/sh\nprintf '%s\\n' "$@" > "${root}/args.log"\nfor f; do last="$f"; done\n` +
			`sed 's/"timeout": 10/"timeout": 33/' "$last" > "$last.tmp" && mv "$last.tmp" "$last"\n`,
	);
	chmodSync(script, 0o755);
	return script;
};

describe("ctrl+o opens the hook's file in $EDITOR", () => {
	it("at the hook's line (+LINE), and the list shows the file as the editor left it", async () => {
		const dir = mkdtempSync(join(tmpdir(), "open-file-"));
		scratch = dir;
		const script = editorScript(dir);
		const h = await panels.mount({ cols: 100, rows: 30, editorEnv: { EDITOR: script } });
		const file = h.writeText(1, PROJECT_TEXT);
		await h.type("guard");
		expect(flat(screenLines(await h.screen()))).toContain("ctrl+oopenin$EDITOR");
		await h.send(KEY.ctrlO);
		const back = await h.waitFor("Back from");
		expect(flat(screenLines(back))).toContain(`Backfrom${script}`.replace(/\s/g, ""));
		const hookLine = PROJECT_TEXT.split("\n").findIndex((line) => line.includes("./guard.sh")) + 1;
		expect(readFileSync(join(dir, "args.log"), "utf8")).toBe(`+${hookLine}\n${file}\n`);
		expect(readFileSync(file, "utf8")).toContain('"timeout": 33');
		h.runScheduled();
		expect(await h.text()).toContain("timeout 33 s");
	});

	it("ctrl+g opens the script the hook's command runs, offered only on a hook that runs one", async () => {
		const dir = mkdtempSync(join(tmpdir(), "open-file-"));
		scratch = dir;
		const script = editorScript(dir);
		const h = await panels.mount({ cols: 140, rows: 30, editorEnv: { VISUAL: script, EDITOR: "nano" } });
		const guard = join(h.root, "project", ".claude", "hooks", "guard.sh");
		mkdirSync(dirname(guard), { recursive: true });
		writeFileSync(guard, "#!/bin/sh\nexit 0\n");
		h.writeText(1, PROJECT_TEXT.replace('"./guard.sh"', '"bash \\"$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh\\""'));
		expect(flat(screenLines(await h.type("guard")))).toContain("ctrl+geditscript");
		await h.send(KEY.ctrlG);
		await h.waitFor("Back from");
		expect(readFileSync(join(dir, "args.log"), "utf8")).toBe(`${guard}\n`);
		h.writeText(1, PROJECT_TEXT.replace("./guard.sh", "echo guard"));
		expect(flat(screenLines(await h.screen()))).not.toContain("editscript");
	});

	it("says clearly that no editor is set, and opens nothing", async () => {
		const h = await panels.mount({ cols: 100, rows: 30, editorEnv: {} });
		h.writeText(1, PROJECT_TEXT);
		await h.type("guard");
		const screen = await h.send(KEY.ctrlO);
		expect(flat(screenLines(screen))).toContain("Noeditorisset");
		expect(flat(screenLines(screen))).toContain("set$VISUALor$EDITOR");
		expect(readFileSync(h.sources[1]?.file ?? "", "utf8")).toBe(PROJECT_TEXT);
	});

	it("is not offered where the host cannot hand the terminal over", async () => {
		const harness = await panels.mount({ cols: 100, rows: 30 });
		expect(flat(screenLines(await harness.screen()))).not.toContain("$EDITOR");
	});
});
