/**
 * Driving the real pi in RPC mode (`pi --mode rpc`) for end-to-end tests that need several prompts in one
 * session, `/compact`, or answers to dialogs: JSON lines in on stdin, records out on stdout.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { EXTENSION_PATH, PI_BIN, type PiSandbox, tail } from "./pi-env.ts";
import { killLeftovers, ownChild, waitBudget, waitedText } from "./test-limit.ts";

/** One JSON record pi wrote on stdout. */
export type RpcRecord = Record<string, unknown> & { readonly type?: string };

/** A running pi in RPC mode. */
export interface PiRpc {
	/** Every record so far, in order. */
	readonly records: RpcRecord[];
	/** Everything pi wrote on stderr so far. */
	stderr(): string;
	/** Sends one command (a JSON object) on stdin. */
	send(command: Record<string, unknown>): void;
	/**
	 * Resolves with the first record (at or after index `from`) that matches. Rejects when pi exits first, or after
	 * `timeoutMs` (default 30 000) or sooner when the test's limit is nearer, with a message naming what it waited
	 * for (`what`, default the predicate's source), the last records and pi's stderr.
	 */
	waitFor(
		match: (record: RpcRecord) => boolean,
		timeoutMs?: number,
		from?: number,
		what?: string,
	): Promise<RpcRecord>;
	/** Sends a prompt and waits until the run settles (or the prompt was handled without a run). */
	prompt(message: string, timeoutMs?: number): Promise<void>;
	/**
	 * Closes stdin and waits for pi to exit; after `timeoutMs` (or near the test's limit) pi's process group and its
	 * hooks are killed. Resolves with the exit code.
	 */
	close(timeoutMs?: number): Promise<number | null>;
}

/** Starts `pi --mode rpc -e <extension>` in the sandbox's project. */
export const startPiRpc = (
	sandbox: PiSandbox,
	extraArgs: readonly string[] = [],
	env: Record<string, string> = {},
): PiRpc => {
	const child: ChildProcessWithoutNullStreams = spawn(PI_BIN, ["--mode", "rpc", "-e", EXTENSION_PATH, ...extraArgs], {
		cwd: sandbox.projectDir,
		env: sandbox.env(env),
		detached: true,
	});
	const release =
		child.pid === undefined
			? () => {}
			: ownChild({ pid: child.pid, label: `pi --mode rpc ${extraArgs.join(" ")}`.trim(), root: sandbox.root });
	const records: RpcRecord[] = [];
	const waiters = new Set<() => void>();
	let stderr = "";
	let buffer = "";
	let exited: number | null | undefined;
	child.stdout.setEncoding("utf8").on("data", (text: string) => {
		buffer += text;
		let newline = buffer.indexOf("\n");
		while (newline !== -1) {
			const line = buffer.slice(0, newline).trim();
			buffer = buffer.slice(newline + 1);
			if (line !== "") {
				try {
					records.push(JSON.parse(line) as RpcRecord);
				} catch {
					records.push({ type: "unparsable", line });
				}
			}
			newline = buffer.indexOf("\n");
		}
		for (const wake of waiters) wake();
	});
	child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
	child.stdin.on("error", () => {});
	const exitPromise = new Promise<number | null>((resolve) =>
		child.on("close", (code) => {
			exited = code;
			release();
			for (const wake of waiters) wake();
			resolve(code);
		}),
	);
	let requestId = 0;

	const waitFor: PiRpc["waitFor"] = (match, timeoutMs = 30_000, from = 0, what = match.toString()) =>
		new Promise((resolve, reject) => {
			const budget = waitBudget(timeoutMs);
			const lastSeen = (): string =>
				`last records:\n${tail(JSON.stringify(records.slice(-5)))}\nstderr:\n${tail(stderr)}`;
			const check = (): boolean => {
				const found = records.slice(from).find(match);
				if (found !== undefined) {
					cleanup();
					resolve(found);
					return true;
				}
				if (exited !== undefined) {
					cleanup();
					reject(new Error(`pi --mode rpc exited (${exited}) while waiting for ${what}; ${lastSeen()}`));
					return true;
				}
				return false;
			};
			const timer = setTimeout(() => {
				cleanup();
				reject(new Error(`pi --mode rpc: timed out ${waitedText(budget)} waiting for ${what}; ${lastSeen()}`));
			}, budget.ms);
			const cleanup = () => {
				clearTimeout(timer);
				waiters.delete(wake);
			};
			const wake = () => void check();
			if (!check()) waiters.add(wake);
		});

	const send: PiRpc["send"] = (command) => {
		child.stdin.write(`${JSON.stringify(command)}\n`);
	};

	return {
		records,
		stderr: () => stderr,
		send,
		waitFor,
		async prompt(message, timeoutMs = 30_000) {
			const id = `p${++requestId}`;
			const from = records.length;
			send({ id, type: "prompt", message });
			const shown = JSON.stringify(message.length > 60 ? `${message.slice(0, 57)}...` : message);
			const response = await waitFor(
				(record) => record.type === "response" && record.id === id,
				timeoutMs,
				from,
				`the response to prompt ${id} ${shown}`,
			);
			const data = response.data as { disposition?: string } | undefined;
			if (response.success === false || data?.disposition === "handled") return;
			await waitFor((record) => record.type === "agent_settled", timeoutMs, from, `agent_settled after ${shown}`);
		},
		async close(timeoutMs = 20_000) {
			child.stdin.end();
			const timer = setTimeout(() => {
				try {
					process.kill(-(child.pid ?? 0), "SIGKILL");
				} catch {
					// already gone
				}
				killLeftovers(sandbox.root);
			}, waitBudget(timeoutMs, 1_000).ms);
			const code = await exitPromise;
			clearTimeout(timer);
			return code;
		},
	};
};
