/**
 * `/hooks log` in the real pi, in tmux: typed key by key, as a person does, pi's argument menu shows while the
 * subcommand is incomplete and closes once it is complete, so one Enter opens the panel on the firing log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeLlm, startFakeLlm } from "../support/fake-llm.mjs";
import { createPiSandbox, type PiSandbox } from "../support/pi-env.ts";
import { startPiTui } from "../support/pi-tui.ts";
import { createTmuxServer, type TmuxServer } from "../support/tmux.ts";

let llm: FakeLlm;
let sandbox: PiSandbox;
let tmux: TmuxServer;

beforeAll(async () => {
	llm = await startFakeLlm();
	sandbox = createPiSandbox({ fakeUrl: llm.url });
	sandbox.writeJson("home/.claude/settings.json", {
		hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "true" }] }] },
	});
	tmux = createTmuxServer();
	await startPiTui(tmux, sandbox, { cols: 110, rows: 36 });
});

afterAll(async () => {
	tmux?.kill();
	await llm?.close();
	sandbox?.cleanup();
});

describe("/hooks subcommands in the real pi", () => {
	it("/hooks log opens the panel on the firing log with one Enter", async () => {
		tmux.type("/hooks lo");
		// The argument menu offers `log` while the word is incomplete...
		await tmux.waitFor("open the panel on the firing log");
		tmux.type("g");
		// ...and closes once it is complete, so Enter runs the command instead of applying the completion.
		await tmux.waitFor((screen) => screen.includes("/hooks log") && !screen.includes("open the panel on the"));
		tmux.keys(["Enter"]);
		const panel = await tmux.waitFor("Filter:");
		expect(panel).toMatch(/Hooks 1 +\[?Log 0/);
	});
});
