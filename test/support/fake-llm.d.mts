// Type declarations for fake-llm.mjs, which stays plain JS so demo scripts can run it with `node`.
// Keep in sync with the JSDoc typedefs there.

/** The only model id the server reports; the sandbox's models.json uses the same id. */
export declare const FAKE_MODEL_ID: "fake-model";

/** A tool call a script step asks the fake model to make. */
export interface FakeToolCall {
	/** Tool name as pi knows it, e.g. `bash`. */
	readonly name: string;
	/** Tool arguments; `{}` when undefined. */
	readonly arguments?: Record<string, unknown>;
	/** Tool call id; a fresh `call_N` when undefined. */
	readonly id?: string;
}

/** One scripted reply: plain text, tool calls (with optional text before them), or an HTTP error. */
export type FakeStepResult =
	| { readonly text: string }
	| { readonly toolCalls: readonly FakeToolCall[]; readonly text?: string }
	| { readonly error: string; readonly status?: number };

/** A request body pi sent to `/v1/chat/completions`, parsed from JSON. */
export type ChatRequest = Record<string, unknown> & {
	readonly messages?: unknown[];
	readonly stream?: boolean;
	readonly stream_options?: { readonly include_usage?: boolean };
};

/** A script step: a fixed reply, or a function of the request (undefined = fall back to prompt-driven mode). */
export type FakeStep = FakeStepResult | ((body: ChatRequest) => FakeStepResult | undefined);

/** Options of {@link startFakeLlm}. */
export interface FakeLlmOptions {
	/** Port on 127.0.0.1; 0 (the default) picks a free one. */
	readonly port?: number;
	/** Steps consumed one per request; afterwards replies are prompt-driven. */
	readonly script?: readonly FakeStep[];
	/** File to which every request body is appended as one JSON line; no log when undefined. */
	readonly log?: string;
}

/** A running fake model server. */
export interface FakeLlm {
	/** Base URL for models.json, e.g. `http://127.0.0.1:PORT/v1`. */
	readonly url: string;
	/** The bound port. */
	readonly port: number;
	/** Every chat request body received so far, in order (live array). */
	readonly requests: ChatRequest[];
	/** Stops the server and drops open connections. */
	close(): Promise<void>;
}

/** Starts the fake OpenAI Chat Completions server on 127.0.0.1. */
export declare function startFakeLlm(options?: FakeLlmOptions): Promise<FakeLlm>;
