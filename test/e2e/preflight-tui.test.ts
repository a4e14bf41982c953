/**
 * The preflight in the real pi's /hooks panel, in tmux: a hook naming a program that is not on pi's PATH says so
 * under its row when the panel opens; once the program is installed, the next opening looks again and the line
 * is gone (each opening runs the preflight afresh).
 */
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeLlm, startFakeLlm } from "../support/fake-llm.mjs";
import { createPiSandbox, type PiSandbox } from "../support/pi-env.ts";
import { startPiTui } from "../support/pi-tui.ts";
import { createTmuxServer, type TmuxServer } from "../support/tmux.ts";

let llm: FakeLlm;
let sandbox: PiSandbox;
let tmux: TmuxServer;
let bin: string;

beforeAll(async () => {
	llm = await startFakeLlm();
	sandbox = createPiSandbox({ fakeUrl: llm.url });
	bin = join(sandbox.root, "bin");
	mkdirSync(bin, { recursive: true });
	sandbox.writeJson("home/.claude/settings.json", {
		hooks: {
			PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "phm-preflight-tool --check" }] }],
		},
	});
	tmux = createTmuxServer();
	await startPiTui(tmux, sandbox, { env: { PATH: `${bin}:${process.env.PATH ?? ""}` }, cols: 120, rows: 36 });
});

afterAll(async () => {
	tmux?.kill();
	await llm?.close();
	sandbox?.cleanup();
});

const openPanel = async (): Promise<string> => {
	tmux.type("/hooks");
	tmux.keys(["Enter"]);
	return tmux.waitFor("Filter:");
};

describe("the preflight in the real pi's /hooks panel", () => {
	it("says a hook's program is not on PATH, and looks again at the next opening", async () => {
		await openPanel();
		const screen = await tmux.waitFor("cannot run here: phm-preflight-tool is not on PATH");
		expect(screen).toMatch(/on +cmd +phm-preflight-tool --check/);
		tmux.keys(["Escape"]);
		await tmux.waitFor((text) => !text.includes("Filter:"));
		writeFileSync(join(bin, "phm-preflight-tool"), "#!/bin/sh\nexit 0\n");
		chmodSync(join(bin, "phm-preflight-tool"), 0o755);
		const again = await openPanel();
		expect(again).toMatch(/on +cmd +phm-preflight-tool --check/);
		expect(again).not.toContain("cannot run here");
		tmux.keys(["Escape"]);
	});
});
