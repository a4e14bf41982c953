/**
 * Driving the real pi in RPC mode (`pi --mode rpc`) for end-to-end tests that need several prompts in one
 * session, `/compact`, or answers to dialogs: JSON lines in on stdin, records out on stdout.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { EXTENSION_PATH, PI_BIN, type PiSandbox } from "./pi-env.ts";

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
	/** Resolves with the first record (at or after index `from`) that matches; rejects after `timeoutMs`. */
	waitFor(match: (record: RpcRecord) => boolean, timeoutMs?: number, from?: number): Promise<RpcRecord>;
	/** Sends a prompt and waits until the run settles (or the prompt was handled without a run). */
	prompt(message: string, timeoutMs?: number): Promise<void>;
	/** Closes stdin and waits for pi to exit (kills it after `timeoutMs`); resolves with the exit code. */
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
			for (const wake of waiters) wake();
			resolve(code);
		}),
	);
	let requestId = 0;

	const waitFor: PiRpc["waitFor"] = (match, timeoutMs = 30_000, from = 0) =>
		new Promise((resolve, reject) => {
			const check = (): boolean => {
				const found = records.slice(from).find(match);
				if (found !== undefined) {
					cleanup();
					resolve(found);
					return true;
				}
				if (exited !== undefined) {
					cleanup();
					reject(new Error(`pi exited (${exited}) before the expected record; stderr:\n${stderr}`));
					return true;
				}
				return false;
			};
			const timer = setTimeout(() => {
				cleanup();
				reject(
					new Error(
						`timed out waiting for a record; last records:\n${JSON.stringify(records.slice(-5))}\n` +
							`stderr:\n${stderr}`,
					),
				);
			}, timeoutMs);
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
			const response = await waitFor((record) => record.type === "response" && record.id === id, timeoutMs, from);
			const data = response.data as { disposition?: string } | undefined;
			if (response.success === false || data?.disposition === "handled") return;
			await waitFor((record) => record.type === "agent_settled", timeoutMs, from);
		},
		async close(timeoutMs = 20_000) {
			child.stdin.end();
			const timer = setTimeout(() => {
				try {
					process.kill(-(child.pid ?? 0), "SIGKILL");
				} catch {
					// already gone
				}
			}, timeoutMs);
			const code = await exitPromise;
			clearTimeout(timer);
			return code;
		},
	};
};
