/**
 * The tool calls running beside a hook, so that a project hook's per-run check comes after what they write
 * (EngineTrust.settle). pi runs the tool calls of one model reply at the same time; a hook that reads a covered
 * file late (after a `sleep`) could otherwise read what a parallel call wrote after the check.
 *
 * The order this relies on, read in `@earendil-works/pi-agent-core` 1.6.0 (dist/agent-loop.js, bundled into
 * pi-coding-agent): `executeToolCallsParallel` first runs `prepareToolCall` (its `beforeToolCall`: pi's
 * `tool_call`, PreToolUse) for every call of the reply one after another, and only then starts all executions
 * (`Promise.all` over the prepared calls); each call's `afterToolCall` (pi's `tool_result`, PostToolUse) runs once its
 * own tool returned, while the others may still run, then its `tool_execution_end`. So an outer PreToolUse never has
 * a call running beside it and is not held (holding it would wait for a call that starts only after it); PostToolUse
 * and PostToolUseFailure wait until no other call runs. A call another tool makes (`executeTool`, a codemode script:
 * `tool_execution_start` with `parentToolCallId`, before pi's queue of sequential nested calls) gets its `tool_call`
 * while other calls run, so its PreToolUse waits too. A tool that makes such calls is not waited for: its nested
 * calls would wait for it, and it for them (a deadlock). It writes through them, and they are counted: a codemode
 * script runs in a QuickJS sandbox with no file system (pi-coding-agent docs/codemode.md, "Scripts").
 *
 * A call counts from its `tool_call` (after any queue) until its `tool_result` or `tool_execution_end`. Nothing is
 * hashed or read: a Set per call, and a hold only while another call runs.
 */
import type { HookEventName } from "../../engine/types.ts";

/** The calls of the running reply. */
export interface CallsInFlight {
	/** `tool_call`: the call is about to run (unless it is blocked: then its `tool_execution_end` ends it). */
	started(id: string): void;
	/** `tool_execution_start`: `parent` (when set) made the call, so `parent` runs other tools. */
	nested(id: string, parent: string | undefined): void;
	/** `tool_result` (its tool returned) or `tool_execution_end`: the call no longer runs. */
	ended(id: string): void;
	/**
	 * Resolves once no other call runs beside the hooks of `event` for `callId` (or `signal` aborts); undefined at
	 * once when none does or the event is not held (an outer PreToolUse, an event of no call). Never rejects.
	 */
	settle(event: HookEventName, callId: string | undefined, signal?: AbortSignal): Promise<void> | undefined;
	/** The run ended: nothing runs any longer, and every hold goes on. */
	clear(): void;
}

/** Creates the tracker of one session. */
export const createCallsInFlight = (): CallsInFlight => {
	const running = new Set<string>();
	/** Calls that made other calls (not waited for). */
	const parents = new Set<string>();
	/** Calls another call made (their PreToolUse is held). */
	const nestedCalls = new Set<string>();
	let waiters: { readonly id: string; readonly go: () => void }[] = [];

	const busy = (id: string): boolean => {
		for (const other of running) if (other !== id && !parents.has(other)) return true;
		return false;
	};
	const wake = (): void => {
		if (waiters.length === 0) return;
		const still: typeof waiters = [];
		for (const waiter of waiters) {
			if (busy(waiter.id)) still.push(waiter);
			else waiter.go();
		}
		waiters = still;
	};
	const held = (event: HookEventName, id: string): boolean =>
		event === "PostToolUse" || event === "PostToolUseFailure" || (event === "PreToolUse" && nestedCalls.has(id));

	return {
		started(id) {
			running.add(id);
		},
		nested(id, parent) {
			if (parent === undefined) return;
			nestedCalls.add(id);
			parents.add(parent);
			wake();
		},
		ended(id) {
			const was = running.delete(id);
			parents.delete(id);
			nestedCalls.delete(id);
			if (was) wake();
		},
		settle(event, callId, signal) {
			if (callId === undefined || !held(event, callId) || !busy(callId) || signal?.aborted === true)
				return undefined;
			return new Promise<void>((resolve) => {
				const go = (): void => {
					signal?.removeEventListener("abort", abort);
					resolve();
				};
				const abort = (): void => {
					waiters = waiters.filter((waiter) => waiter.go !== go);
					go();
				};
				signal?.addEventListener("abort", abort, { once: true });
				waiters.push({ id: callId, go });
			});
		},
		clear() {
			running.clear();
			parents.clear();
			nestedCalls.clear();
			const all = waiters;
			waiters = [];
			for (const waiter of all) waiter.go();
		},
	};
};
