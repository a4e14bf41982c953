/**
 * `npm run demo` in a terminal (tmux): pi clears what the demo printed, so the example prompts are shown
 * inside pi, in a widget above the editor, and one of them does what it says once the hooks are approved.
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/pi-env.ts";
import { createTmuxServer } from "../support/tmux.ts";

const tmux = createTmuxServer();
afterAll(() => tmux.kill());

describe("the demo in a terminal", () => {
	it("keeps its example prompts visible inside pi", async () => {
		tmux.start(["node", join(PROJECT_ROOT, "demo", "run-demo.mjs")], {
			cwd: PROJECT_ROOT,
			env: {
				PATH: [join(PROJECT_ROOT, "node_modules", ".bin"), process.env.PATH ?? "/usr/bin:/bin"].join(":"),
				TERM: "tmux-256color",
				LANG: "C.UTF-8",
			},
			cols: 120,
			rows: 45,
		});
		// The approval dialog of the demo's project hooks comes first: scroll to its end, then answer yes.
		await tmux.waitFor(/new or changed project hook/, { timeoutMs: 60_000 });
		tmux.keys(["End"]);
		tmux.type("y");
		const screen = await tmux.waitFor("Demo: type one of these prompts", { timeoutMs: 30_000 });
		expect(screen).toContain("bash: rm -rf victim");
		expect(screen).toContain("bash: git push --force origin main");
		tmux.type("bash: rm -rf victim");
		tmux.keys(["Enter"]);
		await tmux.waitFor(/blocked Bash/, { timeoutMs: 30_000 });
		await tmux.quit();
	});
});
