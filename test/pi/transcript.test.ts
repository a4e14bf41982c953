/**
 * The transcript a hook is pointed at exists, in a real pi (pi's SDK in-process with file-backed sessions): a
 * session pi has not written yet gets its header written as pi writes it, and a file pi wrote is left alone.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ensureTranscript } from "../../src/pi/transcript.ts";
import { type SdkRuntime, startSdkRuntime } from "../support/pi-sdk.ts";

let root: string;
let pi: SdkRuntime | undefined;

beforeEach(() => {
	root = realpathSync(mkdtempSync(join(tmpdir(), "phm-transcript-")));
	mkdirSync(join(root, "project"), { recursive: true });
	vi.stubEnv("HOME", join(root, "home"));
	vi.stubEnv("PI_CODING_AGENT_DIR", join(root, "agent"));
});
afterEach(async () => {
	await pi?.dispose();
	pi = undefined;
	vi.unstubAllEnvs();
	rmSync(root, { recursive: true, force: true });
});

const startPi = async (): Promise<ExtensionContext> => {
	let seen: ExtensionContext | undefined;
	const factory = (api: ExtensionAPI) => {
		api.on("session_start", (_event, ctx) => {
			seen = ctx;
		});
	};
	pi = await startSdkRuntime({ cwd: join(root, "project"), agentDir: join(root, "agent"), extensions: [factory] });
	if (seen === undefined) throw new Error("no session_start");
	return seen;
};

describe("ensureTranscript", () => {
	it("writes the header of a session pi has not written yet", async () => {
		const ctx = await startPi();
		const file = ctx.sessionManager.getSessionFile();
		if (file === undefined) throw new Error("no session file");
		expect(existsSync(file)).toBe(false);
		ensureTranscript(ctx);
		const lines = readFileSync(file, "utf8").trimEnd().split("\n");
		expect(lines.map((line) => JSON.parse(line))[0]).toEqual(ctx.sessionManager.getHeader());
	});

	it("leaves a file pi wrote alone", async () => {
		const ctx = await startPi();
		if (pi === undefined) throw new Error("pi not started");
		pi.faux.setResponses([fauxAssistantMessage("hello")]);
		await pi.session().prompt("hi");
		const file = ctx.sessionManager.getSessionFile();
		if (file === undefined) throw new Error("no session file");
		const before = readFileSync(file, "utf8");
		expect(before).toContain("hello");
		ensureTranscript(ctx);
		expect(readFileSync(file, "utf8")).toBe(before);
	});
});
