/**
 * Test helpers: model servers a test starts (the scripted fake model of test/support/fake-llm.mjs, a server
 * that takes requests and never answers), closed after each test, and the `fake` provider pointing at one.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterEach } from "vitest";
import { type FakeLlm, type FakeStep, startFakeLlm } from "./fake-llm.mjs";

/** The `fake` provider at `baseUrl`, as models.json holds it and as an extension registers it. */
export const fakeProvider = (baseUrl: string) => ({
	baseUrl,
	api: "openai-completions" as const,
	apiKey: "test-key",
	models: [
		{
			id: "fake-model",
			name: "Fake Model",
			reasoning: false,
			input: ["text" as const],
			contextWindow: 128_000,
			maxTokens: 4096,
			cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
		},
	],
});

/** The model servers of the current test; all are closed after it. */
export interface ModelServers {
	/** The scripted model the current test started, if any. */
	readonly llm: FakeLlm | undefined;
	/** Starts the scripted model answering with `steps`. */
	scripted(steps: readonly FakeStep[]): Promise<FakeLlm>;
	/** Starts a server that calls `onRequest` for each request and never answers; returns its `/v1` base URL. */
	silent(onRequest: (request: IncomingMessage) => void): Promise<string>;
}

/** Registers an afterEach hook that closes the servers a test started, and returns the starters. */
export const useModelServers = (): ModelServers => {
	let llm: FakeLlm | undefined;
	let silent: Server | undefined;
	afterEach(async () => {
		await llm?.close();
		llm = undefined;
		silent?.closeAllConnections();
		await new Promise((resolve) => (silent ? silent.close(resolve) : resolve(undefined)));
		silent = undefined;
	});
	return {
		get llm() {
			return llm;
		},
		async scripted(steps) {
			llm = await startFakeLlm({ script: [...steps] });
			return llm;
		},
		async silent(onRequest) {
			const server = createServer(onRequest);
			silent = server;
			await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
			return `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
		},
	};
};
