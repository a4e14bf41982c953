/**
 * The transcript a hook is pointed at exists, in a real pi (pi's SDK in-process with file-backed sessions): a
 * session pi has not written yet gets its header written as pi writes it, and a file pi wrote is left alone.
 */
import { existsSync, readFileSync } from "node:fs";
import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { ensureTranscript } from "../../../src/pi/session/transcript.ts";
import { type SdkRuntime, useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-transcript-");
let pi: SdkRuntime | undefined;

const startPi = async (): Promise<ExtensionContext> => {
	let seen: ExtensionContext | undefined;
	const factory = (api: ExtensionAPI) => {
		api.on("session_start", (_event, ctx) => {
			seen = ctx;
		});
	};
	pi = await sdk.start({ extensions: [factory] });
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
