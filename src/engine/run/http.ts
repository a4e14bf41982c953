/**
 * `http` hooks (as in Claude Code): POST the hook input JSON; a 2xx JSON object is read like
 * command stdout, an empty 2xx is a plain success, anything else is a non-blocking error. Header values may
 * use `$VAR` only for names listed in `allowedEnvVars`. This file owns the only `fetch`.
 */

import type { HttpRunner, HttpSpec, ProcessOutcome } from "../ports.ts";
import { capturedText as captured, stoppedOutcome } from "./request-outcome.ts";

/** Largest response body kept, in bytes. */
export const MAX_HTTP_BODY_BYTES = 1024 * 1024;

/**
 * Header values with `$VAR` / `${VAR}` replaced from `env` for names in `allowedEnvVars`; other names become
 * empty (as in Claude Code). Non-string values are dropped.
 */
export const resolveHeaders = (
	headers: unknown,
	allowedEnvVars: unknown,
	env: Readonly<Record<string, string | undefined>>,
): Record<string, string> => {
	const allowed = new Set(
		Array.isArray(allowedEnvVars) ? allowedEnvVars.filter((name) => typeof name === "string") : [],
	);
	const resolved: Record<string, string> = {};
	if (headers === null || typeof headers !== "object") return resolved;
	for (const [name, value] of Object.entries(headers)) {
		if (typeof value !== "string") continue;
		resolved[name] = value.replace(
			/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
			(_whole, braced?: string, bare?: string) => {
				const key = braced ?? bare ?? "";
				return allowed.has(key) ? (env[key] ?? "") : "";
			},
		);
	}
	return resolved;
};

/** True when `url` matches one of the `allowedHttpHookUrls` patterns (`*` = any characters). */
export const isUrlAllowed = (url: string, patterns: readonly string[] | undefined): boolean => {
	if (patterns === undefined) return true;
	return patterns.some((pattern) =>
		new RegExp(
			`^${pattern
				.split("*")
				.map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
				.join(".*")}$`,
		).test(url),
	);
};

/** Sends one http hook request; never rejects. */
export const runHttpHook: HttpRunner = async (spec: HttpSpec, signal?: AbortSignal): Promise<ProcessOutcome> => {
	const started = performance.now();
	const elapsed = () => performance.now() - started;
	if (signal?.aborted) return stoppedOutcome(false, spec.timeoutMs, 0);
	const timeout = AbortSignal.timeout(spec.timeoutMs);
	const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
	try {
		const response = await fetch(spec.url, {
			method: "POST",
			headers: { "Content-Type": "application/json", ...spec.headers },
			body: spec.body,
			signal: combined,
			redirect: "error",
		});
		const buffer = Buffer.from(await response.arrayBuffer());
		const body = buffer.subarray(0, MAX_HTTP_BODY_BYTES).toString("utf8");
		if (!response.ok) {
			return {
				kind: "request_failed",
				message: `HTTP ${response.status} from ${spec.url}`,
				durationMs: elapsed(),
			};
		}
		const trimmed = body.trim();
		if (trimmed !== "" && !trimmed.startsWith("{")) {
			return {
				kind: "request_failed",
				message: `HTTP ${response.status} from ${spec.url} with a body that is not a JSON object`,
				durationMs: elapsed(),
			};
		}
		return { kind: "exited", code: 0, stdout: captured(body), stderr: captured(""), durationMs: elapsed() };
	} catch (error) {
		if (timeout.aborted || signal?.aborted) return stoppedOutcome(timeout.aborted, spec.timeoutMs, elapsed());
		const cause = (error as { cause?: { message?: string } }).cause?.message;
		return {
			kind: "request_failed",
			message: `request to ${spec.url} failed: ${cause ?? (error as Error).message}`,
			durationMs: elapsed(),
		};
	}
};
