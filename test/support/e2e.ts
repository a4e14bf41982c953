/**
 * Shared set-up of the end-to-end tests: one scripted fake model per test file and a fresh pi sandbox per
 * test (cleaned up after it), plus small readers for what hooks wrote.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll } from "vitest";
import { type FakeLlm, startFakeLlm } from "./fake-llm.mjs";
import { createPiSandbox, type PiSandbox, type PiSandboxOptions } from "./pi-env.ts";

/** The fake model of the current test file and the sandboxes of the current test. */
export interface E2eContext {
	/** The running fake model (started in beforeAll). */
	readonly llm: FakeLlm;
	/** Creates a sandbox wired to the fake model; it is removed after the test. */
	sandbox(options?: Omit<PiSandboxOptions, "fakeUrl">): PiSandbox;
}

/** Registers beforeAll/afterAll/afterEach hooks for a test file and returns its context. */
export const useE2e = (): E2eContext => {
	let llm: FakeLlm | undefined;
	const sandboxes: PiSandbox[] = [];
	beforeAll(async () => {
		llm = await startFakeLlm();
	});
	afterAll(async () => {
		await llm?.close();
	});
	afterEach(() => {
		for (const sandbox of sandboxes.splice(0)) sandbox.cleanup();
	});
	return {
		get llm() {
			if (llm === undefined) throw new Error("useE2e: the fake model starts in beforeAll");
			return llm;
		},
		sandbox(options = {}) {
			const sandbox = createPiSandbox({ ...options, fakeUrl: this.llm.url });
			sandboxes.push(sandbox);
			return sandbox;
		},
	};
};

/** The JSON lines of a file, parsed (empty lines skipped). */
export const readJsonLines = (file: string): Record<string, unknown>[] =>
	readFileSync(file, "utf8")
		.split("\n")
		.filter((line) => line.trim() !== "")
		.map((line) => JSON.parse(line) as Record<string, unknown>);

/** Every line of every session file (`*.jsonl` below `agentDir/sessions`) pi wrote in the sandbox. */
export const sessionLines = (sandbox: PiSandbox): Record<string, unknown>[] => {
	const root = join(sandbox.agentDir, "sessions");
	const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".jsonl"));
	return files.flatMap((file) => readJsonLines(join(root, file)));
};

/** The decision records (the `data` of `pi-hook-manager/decision` custom entries) in the sandbox's sessions. */
export const sessionDecisions = (sandbox: PiSandbox): Record<string, unknown>[] =>
	sessionLines(sandbox)
		.filter((line) => line.type === "custom" && line.customType === "pi-hook-manager/decision")
		.map((line) => line.data as Record<string, unknown>);
