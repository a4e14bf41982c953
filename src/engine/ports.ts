/**
 * The engine's ports to the outside world, as types: what to spawn for a `command` hook and what came back
 * (`ProcessSpec`, `ProcessOutcome`, `ProcessRunner`), and the request runners of `http`, `prompt`, `agent` and
 * `mcp_tool` hooks. The real runners live in src/engine/run/ and src/host/models/; tests pass their own.
 */
import type { HookEventName } from "./types.ts";

/** What to spawn for one hook run. Validated by the runner before spawning. */
export interface ProcessSpec {
	/** Executable: `/bin/sh` for shell form, the command for exec form. */
	readonly file: string;
	readonly args: readonly string[];
	readonly cwd: string;
	/** The complete environment of the child (not merged with process.env). */
	readonly env: Readonly<Record<string, string>>;
	/** Written once to the child's stdin, then stdin is closed. */
	readonly stdin: string;
	/** Milliseconds before the process group gets SIGTERM. */
	readonly timeoutMs: number;
	/** Milliseconds between SIGTERM and SIGKILL. */
	readonly killGraceMs: number;
	/** Bytes kept of stdout and of stderr each; the rest is drained and counted. */
	readonly maxOutputBytes: number;
}

/** Captured output of one stream. */
export interface CapturedOutput {
	/** Decoded as UTF-8 (invalid bytes become U+FFFD); ends with a truncation marker when capped. */
	readonly text: string;
	/** Total bytes the process wrote, including the dropped part. */
	readonly bytes: number;
	/** True when bytes > the cap. */
	readonly truncated: boolean;
}

interface OutcomeBase {
	readonly stdout: CapturedOutput;
	readonly stderr: CapturedOutput;
	/** Wall time from spawn to the end of the run, in milliseconds. */
	readonly durationMs: number;
}

/**
 * What a hook process did. The runner never throws: every run ends in exactly one of these.
 * - `exited`: the process exited on its own with `code`.
 * - `signaled`: the process was killed by a signal nobody in the engine sent (e.g. SIGKILL from outside).
 * - `timed_out`: the engine killed the process group after `timeoutMs`.
 * - `aborted`: the engine killed the process group because the AbortSignal fired (Esc in pi).
 * - `spawn_failed`: the process could not start (`message` says why: ENOENT, EACCES, bad spec).
 * - `request_failed`: an `http` or `prompt` hook got no usable answer (non-2xx status, connection error,
 *   a URL outside `allowedHttpHookUrls`, no model); `message` says why.
 */
export type ProcessOutcome =
	| (OutcomeBase & { readonly kind: "exited"; readonly code: number })
	| (OutcomeBase & { readonly kind: "signaled"; readonly signal: string })
	| (OutcomeBase & { readonly kind: "timed_out"; readonly timeoutMs: number })
	| (OutcomeBase & { readonly kind: "aborted" })
	| { readonly kind: "spawn_failed"; readonly message: string; readonly durationMs: number }
	| { readonly kind: "request_failed"; readonly message: string; readonly durationMs: number };

/** Port for running hook processes; `runProcess` in run/process.ts is the real one. */
export interface ProcessRunner {
	(spec: ProcessSpec, signal?: AbortSignal): Promise<ProcessOutcome>;
	/** Loads what the first run needs while pi is idle (at the first prompt), so that run does not wait for it. */
	readonly warm?: () => void;
}

/** What to send for one `http` hook run. */
export interface HttpSpec {
	readonly url: string;
	/** Header values with allowed `$VAR`s already substituted. */
	readonly headers: Readonly<Record<string, string>>;
	/** The hook input JSON (the POST body). */
	readonly body: string;
	/** Milliseconds before the request is cancelled. */
	readonly timeoutMs: number;
}

/** Port for `http` hooks; `runHttpHook` in run/http.ts is the real one. Never rejects. */
export type HttpRunner = (spec: HttpSpec, signal?: AbortSignal) => Promise<ProcessOutcome>;

/** What to ask for one `prompt` hook run. */
export interface PromptSpec {
	readonly event: HookEventName;
	/** The hook's prompt with `$ARGUMENTS` replaced by (or followed by) the hook input JSON. */
	readonly prompt: string;
	/** `provider/model` or model id from the hook; undefined = pi's current model. */
	readonly model: string | undefined;
	readonly timeoutMs: number;
}

/** What to run for one `agent` hook: a read-only sub-agent. */
export interface AgentSpec extends PromptSpec {
	/** The folder the sub-agent's read-only tools work in (the session's cwd). */
	readonly cwd: string;
	/** Most model turns before the sub-agent is stopped (Claude Code: up to 50). */
	readonly maxTurns: number;
}

/**
 * Port for `agent` hooks (a sub-agent on pi's model, wired in src/pi). Resolves like a {@link PromptRunner}:
 * `exited` 0 with the hook JSON the sub-agent's `{ok, reason}` answer stands for, or a failure. Never rejects.
 */
export type AgentRunner = (spec: AgentSpec, signal?: AbortSignal) => Promise<ProcessOutcome>;

/**
 * Port for `prompt` hooks (pi's model, wired in src/pi). Resolves `exited` 0 with stdout = the hook JSON the
 * model's `{ok, reason}` stands for, or `request_failed`/`timed_out`/`aborted`. Never rejects.
 */
export type PromptRunner = (spec: PromptSpec, signal?: AbortSignal) => Promise<ProcessOutcome>;

/** What to call for one `mcp_tool` hook run. */
export interface McpToolSpec {
	/** The server's name as configured (`my-srv`; plugin servers `plugin:<plugin>:<server>`). */
	readonly server: string;
	/** The tool's name as the server offers it (`do-thing`). */
	readonly tool: string;
	/** The tool's arguments, `${path}`s already substituted from the hook input. */
	readonly input: Readonly<Record<string, unknown>>;
	/** Milliseconds before the call is cancelled. */
	readonly timeoutMs: number;
	/** True for a project hook (a project's server definition needs no approval of its own for it). */
	readonly project?: boolean;
}

/**
 * How an `mcp_tool` hook's call ended, as the pi side saw it (`durationMs` from start to end):
 * - `answered`: the tool returned; `text` is its text content, `isError` its MCP `isError`, `nonText` the types of
 *   its other content blocks (`image`, `audio`, ...; absent when there are none);
 * - `no_server`: no connected server of that name; `no_tool`: the server offers no tool of that name;
 * - `no_bridge`: pi never showed the extension its tools (its bridge tool is not active, e.g. `pi --tools`);
 * - `failed`: the call threw (`message` says why); `timed_out` / `aborted`: its timeout or Esc stopped it;
 * - `unapproved_server`: the server is the project's definition (`file`), not approved for another source's hook;
 * - `unavailable`: there are no MCP servers here (the CLI), so `mcp_tool` hooks cannot run.
 */
export type McpToolReply = { readonly durationMs: number } & (
	| {
			readonly kind: "answered";
			readonly text: string;
			readonly isError: boolean;
			readonly nonText?: readonly string[];
	  }
	| { readonly kind: "no_server" | "no_tool" | "no_bridge" | "timed_out" | "aborted" | "unavailable" }
	| { readonly kind: "failed"; readonly message: string }
	| { readonly kind: "unapproved_server"; readonly file: string }
);

/** Port for `mcp_tool` hooks: calls a tool of a server pi has connected (wired in src/pi). Never rejects. */
export type McpToolRunner = (spec: McpToolSpec, signal?: AbortSignal) => Promise<McpToolReply>;
