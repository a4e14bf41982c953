/**
 * MessageDisplay `displayContent` in the real pi in tmux: the screen shows the hook's text instead of the
 * assistant's, while the model (its next request) and the session file keep what the assistant wrote.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { EXTENSION_PATH, PI_BIN } from "../support/pi-env.ts";
import { createTmuxServer } from "../support/tmux.ts";

const e2e = useE2e();
const tmux = createTmuxServer();
afterAll(() => tmux.kill());

/** Every file under `dir`, recursively. */
const filesUnder = (dir: string): string[] =>
	readdirSync(dir, { withFileTypes: true }).flatMap((item) =>
		item.isDirectory() ? filesUnder(join(dir, item.name)) : [join(dir, item.name)],
	);

describe("MessageDisplay displayContent", () => {
	it("replaces the assistant's text on screen only: the model and the session file keep the original", async () => {
		const sandbox = e2e.sandbox();
		const display = JSON.stringify({
			hookSpecificOutput: { hookEventName: "MessageDisplay", displayContent: "SHOWN-BY-HOOK instead" },
		});
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { MessageDisplay: [{ hooks: [{ type: "command", command: `echo '${display}'` }] }] },
		});
		tmux.start([PI_BIN, "-e", EXTENSION_PATH], {
			cwd: sandbox.projectDir,
			env: sandbox.env({ TERM: "tmux-256color" }),
		});
		await tmux.waitFor("fake-model");
		await tmux.submit("first words");
		const screen = await tmux.waitFor("SHOWN-BY-HOOK instead");
		expect(screen).not.toContain("echo: first words");
		const before = e2e.llm.requests.length;
		await tmux.submit("second");
		await tmux.waitFor(() => e2e.llm.requests.length > before);
		expect(JSON.stringify(e2e.llm.requests[before]?.messages)).toContain("echo: first words");
		expect(JSON.stringify(e2e.llm.requests[before]?.messages)).not.toContain("SHOWN-BY-HOOK");
		await tmux.quit();
		const sessions = filesUnder(join(sandbox.agentDir, "sessions")).filter((file) => file.endsWith(".jsonl"));
		const saved = sessions.map((file) => readFileSync(file, "utf8")).join("\n");
		expect(saved).toContain("echo: first words");
		expect(saved).not.toContain("SHOWN-BY-HOOK");
	});
});
