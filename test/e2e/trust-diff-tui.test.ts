/**
 * The re-approval dialog in the real pi's TUI (tmux): after the repository rewrote a script an approved project
 * hook runs, the dialog that decides shows what changed in it, line by line, and declining keeps the new content
 * from running.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FakeLlm, startFakeLlm } from "../support/fake-llm.mjs";
import { createPiSandbox, EXTENSION_PATH, PI_BIN, type PiSandbox } from "../support/pi-env.ts";
import { createTmuxServer, type TmuxServer } from "../support/tmux.ts";

let llm: FakeLlm;
let tmux: TmuxServer;
let sandbox: PiSandbox | undefined;

beforeAll(async () => {
	llm = await startFakeLlm();
	tmux = createTmuxServer();
});
afterAll(async () => {
	tmux?.kill();
	await llm?.close();
});
afterEach(() => {
	sandbox?.cleanup();
	sandbox = undefined;
});

const mark = (word: string) => `echo ${word} >> "$CLAUDE_PROJECT_DIR/runs.txt"\n`;

describe("the re-approval dialog in the TUI", () => {
	it("shows the changed lines of a rewritten script; declining keeps them from running", async () => {
		const box = createPiSandbox({ fakeUrl: llm.url });
		sandbox = box;
		box.writeJson("project/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sh .claude/h.sh" }] }] },
		});
		box.writeFile("project/.claude/h.sh", mark("good"));
		box.writeFile("project/evil.txt", mark("EVIL"));
		const runs = () => {
			const file = join(box.projectDir, "runs.txt");
			return existsSync(file) ? readFileSync(file, "utf8") : "";
		};
		const name = "diff";
		tmux.start([PI_BIN, "-e", EXTENSION_PATH], {
			name,
			cwd: box.projectDir,
			env: box.env({ TERM: "tmux-256color" }),
			cols: 120,
			rows: 40,
		});
		await tmux.waitFor("Run 1 new or changed project hook(s)?", { name });
		tmux.keys(["y"], name);
		await tmux.waitFor("approved 1 project hook(s)", { name });
		tmux.type("bash: cp evil.txt .claude/h.sh", name);
		tmux.keys(["Enter"], name);
		await tmux.waitFor("fake-model saw tool result", { name });
		expect(runs()).toBe("good\n");
		tmux.type("bash: echo two", name);
		tmux.keys(["Enter"], name);
		const screen = await tmux.waitFor(
			(text) =>
				text.includes("runs .claude/h.sh (CHANGED since you approved it)") && text.includes("+ echo EVIL"),
			{ name },
		);
		expect(screen).toContain(`- ${mark("good").trim()}`);
		expect(screen).toContain(`+ ${mark("EVIL").trim()}`);
		tmux.keys(["n"], name);
		await tmux.waitFor("will not run until approved", { name });
		await tmux.waitFor((text) => text.split("fake-model saw tool result").length > 2, { name });
		expect(runs()).toBe("good\n");
	});
});
