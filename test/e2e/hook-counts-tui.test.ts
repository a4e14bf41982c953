/**
 * One count, one meaning, in the real pi in tmux: with a hook on, one switched off in the panel, a project hook
 * waiting for approval and one pi never fires, `/hooks status`, the panel's header and the footer give the same
 * numbers in the same words.
 */
import { afterAll, describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { EXTENSION_PATH, PI_BIN } from "../support/pi-env.ts";
import { createTmuxServer } from "../support/tmux.ts";

const e2e = useE2e();
const tmux = createTmuxServer();
afterAll(() => tmux.kill());

/** The screen's text with line breaks and runs of spaces as one space (notices wrap anywhere). */
const flat = (screen: string): string => screen.replace(/\s+/g, " ");
const cmd = (command: string) => ({ hooks: [{ type: "command", command }] });
const COUNTS = "4 hooks: 1 on, 1 switched off, 1 waiting for approval, 1 skipped";

describe("the hook counts", () => {
	it("are the same in /hooks status, the panel's header and the footer", async () => {
		const sandbox = e2e.sandbox();
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { Stop: [cmd("echo kept"), cmd("echo switched")], TeammateIdle: [cmd("echo never")] },
		});
		sandbox.writeJson("project/.claude/settings.json", { hooks: { Stop: [cmd("echo project")] } });
		const name = "counts";
		tmux.start([PI_BIN, "-e", EXTENSION_PATH], {
			name,
			cwd: sandbox.projectDir,
			env: sandbox.env({ TERM: "tmux-256color" }),
			cols: 120,
			rows: 40,
		});
		const waitFor = (test: string | RegExp | ((screen: string) => boolean)) => tmux.waitFor(test, { name });
		// The project hook is not approved: it waits.
		await waitFor("Run 1 new or changed project hook(s)?");
		tmux.keys(["Escape"], name);
		await waitFor((screen) => screen.includes("fake-model") && !screen.includes("Run 1 new"));
		tmux.type("/hooks", name);
		tmux.keys(["Enter"], name);
		await waitFor("Filter:");
		tmux.type("echo switched", name);
		tmux.keys(["C-t"], name);
		const panel = await waitFor("Disabled: Stop echo switched");
		expect(panel.split("\n").find((line) => line.includes("╭─"))).toContain(COUNTS);
		tmux.keys(["Escape"], name);
		await waitFor("Filter: type to filter");
		tmux.keys(["Escape"], name);
		await waitFor((screen) => !screen.includes("Filter:"));
		await waitFor("hooks 1 switched off · 1 waiting for approval");
		tmux.type("/hooks status", name);
		await waitFor("/hooks status");
		tmux.keys(["Enter"], name);
		const status = await waitFor((screen) => flat(screen).includes(COUNTS));
		expect(flat(status)).toContain(`hooks: ${COUNTS}; /hooks approve reviews what waits; kill switch not set`);
		await tmux.quit(name);
	});
});
