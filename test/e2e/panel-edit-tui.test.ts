/**
 * Changing hook files from the /hooks panel in the real pi, in tmux: a deleted hook comes back with ctrl+z, its
 * file byte for byte as before, and fires again; after a save refused because the file changed on disk, the next
 * enter saves once the file is fixed; ctrl+o hands the terminal to $EDITOR on the hook's file at its line, and the
 * panel reads the hooks again when it exits.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { startPiTui } from "../support/pi-tui.ts";
import { createTmuxServer } from "../support/tmux.ts";

const e2e = useE2e();
const tmux = createTmuxServer();
afterAll(() => tmux.kill());

/** A settings text with two hooks in one group, in its own layout (two-space indent, a key after "hooks"). */
const settingsText = (fired: string): string =>
	`{\n  "hooks": {\n    "PreToolUse": [\n      {\n        "matcher": "Bash",\n        "hooks": [\n` +
	`          { "type": "command", "command": "echo one >> ${fired}" },\n` +
	`          { "type": "command", "command": "echo two >> ${fired}" }\n` +
	`        ]\n      }\n    ]\n  },\n  "model": "x"\n}\n`;

describe("the panel's file changes in the real pi", () => {
	it("ctrl+z after a delete puts the hook back byte for byte, and it fires again", async () => {
		const sandbox = e2e.sandbox();
		const fired = join(sandbox.root, "fired.log");
		const file = join(sandbox.root, "home", ".claude", "settings.json");
		sandbox.writeJson("home/.claude/settings.json", {});
		const original = settingsText(fired);
		writeFileSync(file, original);
		const name = "undo";
		await startPiTui(tmux, sandbox, { name, cols: 120, rows: 40 });
		const waitFor = (test: string | RegExp | ((screen: string) => boolean)) => tmux.waitFor(test, { name });
		tmux.type("/hooks", name);
		tmux.keys(["Enter"], name);
		await waitFor("Filter:");
		tmux.type("echo one", name);
		tmux.keys(["C-d"], name);
		await waitFor("Delete this hook?");
		tmux.keys(["Enter"], name);
		await waitFor("ctrl+z undo delete");
		expect(readFileSync(file, "utf8")).not.toContain("echo one");
		tmux.keys(["C-z"], name);
		await waitFor("Restored the deleted PreToolUse hook to Claude user");
		expect(readFileSync(file, "utf8")).toBe(original);
		tmux.keys(["Escape"], name);
		await waitFor("Filter: type to filter");
		tmux.keys(["Escape"], name);
		await waitFor((screen) => !screen.includes("Filter:"));
		tmux.type("bash: echo ran", name);
		tmux.keys(["Enter"], name);
		await waitFor("fake-model saw tool result: ran");
		expect(existsSync(fired) ? readFileSync(fired, "utf8") : "").toBe("one\ntwo\n");
		await tmux.quit(name);
	});

	it("after 'changed on disk' and a fix of the file, the second enter saves", async () => {
		const sandbox = e2e.sandbox();
		const file = join(sandbox.projectDir, ".claude", "settings.json");
		sandbox.writeJson("project/.claude/settings.json", { env: { A: "1" } });
		const good = readFileSync(file, "utf8");
		const name = "conflict";
		await startPiTui(tmux, sandbox, { name, cols: 120, rows: 40 });
		const waitFor = (test: string | RegExp | ((screen: string) => boolean)) => tmux.waitFor(test, { name });
		const flat = (screen: string): string => screen.replace(/[│\s]/g, "");
		tmux.type("/hooks", name);
		tmux.keys(["Enter"], name);
		await waitFor("Filter:");
		tmux.keys(["C-n"], name);
		await waitFor("Add a hook");
		tmux.type("echo added", name);
		await waitFor("echo added");
		// Another program breaks the file: the first enter says it changed on disk.
		writeFileSync(file, `${good},`);
		tmux.keys(["Enter"], name);
		await waitFor((screen) => flat(screen).includes("changedondisk"));
		// The user fixes it; one more enter saves.
		writeFileSync(file, good.replace('"1"', '"2"'));
		tmux.keys(["Enter"], name);
		await waitFor("Saved PreToolUse hook to Claude project");
		const saved = JSON.parse(readFileSync(file, "utf8"));
		expect(saved.env).toEqual({ A: "2" });
		expect(saved.hooks.PreToolUse[0].hooks).toEqual([{ type: "command", command: "echo added" }]);
		tmux.keys(["Escape"], name);
		await waitFor((screen) => !screen.includes("Filter:"));
		await tmux.quit(name);
	});

	it("ctrl+o opens the hook's file in $EDITOR at its line; the panel and pi read the edit after it", async () => {
		const sandbox = e2e.sandbox();
		const fired = join(sandbox.root, "fired.log");
		const file = join(sandbox.root, "home", ".claude", "settings.json");
		sandbox.writeJson("home/.claude/settings.json", {});
		writeFileSync(file, settingsText(fired));
		// The editor appends a third hook after the second one, as a user would type it.
		const script = join(sandbox.root, "editor.sh");
		writeFileSync(
			script,
			`#!/bin/sh\nprintf '%s\\n' "$@" > "${sandbox.root}/args.log"\nfor f; do last="$f"; done\n` +
				`sed 's|echo two >> ${fired}" }|echo two >> ${fired}" }, ` +
				`{ "type": "command", "command": "echo three >> ${fired}" }|' ` +
				`"$last" > "$last.tmp" && mv "$last.tmp" "$last"\n`,
		);
		chmodSync(script, 0o755);
		const name = "editor";
		await startPiTui(tmux, sandbox, { name, cols: 120, rows: 40, env: { EDITOR: script } });
		const waitFor = (test: string | RegExp | ((screen: string) => boolean)) => tmux.waitFor(test, { name });
		tmux.type("/hooks", name);
		tmux.keys(["Enter"], name);
		await waitFor("ctrl+o open in $EDITOR");
		tmux.type("echo two", name);
		tmux.keys(["C-o"], name);
		await waitFor("Back from");
		const line =
			settingsText(fired)
				.split("\n")
				.findIndex((text) => text.includes("echo two")) + 1;
		expect(readFileSync(join(sandbox.root, "args.log"), "utf8")).toBe(`+${line}\n${file}\n`);
		tmux.keys(["C-u"], name);
		await waitFor(/on +cmd +echo three >> /);
		tmux.keys(["Escape"], name);
		await waitFor((screen) => !screen.includes("Filter:"));
		tmux.type("bash: echo ran", name);
		tmux.keys(["Enter"], name);
		await waitFor("fake-model saw tool result: ran");
		expect(readFileSync(fired, "utf8")).toBe("one\ntwo\nthree\n");
		await tmux.quit(name);
	});

	it("ctrl+g opens the script the hook runs in $EDITOR, and the next run runs the edited script", async () => {
		const sandbox = e2e.sandbox();
		const fired = join(sandbox.root, "fired.log");
		const hook = join(sandbox.root, "hook.sh");
		writeFileSync(hook, `#!/bin/sh\necho before >> ${fired}\n`);
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `sh ${hook}` }] }] },
		});
		// The editor appends a line to the file it is given.
		const script = join(sandbox.root, "editor.sh");
		writeFileSync(script, `#!/bin/sh\nfor f; do last="$f"; done\necho "echo appended >> ${fired}" >> "$last"\n`);
		chmodSync(script, 0o755);
		const name = "script";
		await startPiTui(tmux, sandbox, { name, cols: 120, rows: 40, env: { EDITOR: script } });
		const waitFor = (test: string | RegExp | ((screen: string) => boolean)) => tmux.waitFor(test, { name });
		tmux.type("/hooks", name);
		tmux.keys(["Enter"], name);
		await waitFor("ctrl+g edit script");
		tmux.keys(["C-g"], name);
		await waitFor("Back from");
		expect(readFileSync(hook, "utf8")).toBe(`#!/bin/sh\necho before >> ${fired}\necho appended >> ${fired}\n`);
		tmux.keys(["Escape"], name);
		await waitFor((screen) => !screen.includes("Filter:"));
		tmux.type("bash: echo ran", name);
		tmux.keys(["Enter"], name);
		await waitFor("fake-model saw tool result: ran");
		expect(readFileSync(fired, "utf8")).toBe("before\nappended\n");
		await tmux.quit(name);
	});
});
