// Driving a real terminal program (the real pi) in tmux for end-to-end tests: a private server per test
// file (own socket and config, never the user's tmux), keys sent with send-keys, the screen read with
// capture-pane, and waits on screen text instead of fixed sleeps.

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ownChild, waitBudget, waitedText } from "./test-limit.ts";

/** tmux settings for tests: no status line, pi's extended keys, no escape delay, panes kept after exit. */
const TMUX_CONF = [
	"set -g status off",
	"set -g extended-keys on",
	"set -g escape-time 0",
	'set -g default-terminal "tmux-256color"',
	"set -g remain-on-exit on",
	"set -g history-limit 10000",
].join("\n");

/** Options of {@link TmuxServer.start}. */
export interface TmuxStartOptions {
	/** Session name; default `main`. */
	readonly name?: string;
	readonly cwd: string;
	/** The complete environment of the program (nothing is inherited from the tmux server). */
	readonly env: Readonly<Record<string, string>>;
	/** Default 120 x 40. */
	readonly cols?: number;
	readonly rows?: number;
	/**
	 * The sandbox root the program runs in: when the test that started it ends or times out, the program and every
	 * process below that root (its hooks) are killed.
	 */
	readonly root?: string;
}

/** Options of {@link TmuxServer.waitFor}. */
export interface WaitOptions {
	/** Default `main`. */
	readonly name?: string;
	/** Default 20 000 ms; less when the test's limit is nearer. */
	readonly timeoutMs?: number;
	/** Poll interval; default 100 ms. */
	readonly intervalMs?: number;
}

/** A private tmux server; `kill()` it in `afterAll`. */
export interface TmuxServer {
	/** The `-L` socket name. */
	readonly socket: string;
	/** Starts `argv` in a new detached session; the program's environment is exactly `options.env`. */
	start(argv: readonly string[], options: TmuxStartOptions): void;
	/** `send-keys` with tmux key names, e.g. `"Enter"`, `"C-o"`, `"C-d"`. */
	keys(keys: readonly string[], name?: string): void;
	/** Types `text` literally (`send-keys -l`). */
	type(text: string, name?: string): void;
	/** The visible screen as plain text (`capture-pane -p`), or with colours (`-e -N`) for screenshots. */
	capture(options?: { readonly name?: string; readonly escapes?: boolean }): string;
	/**
	 * Resolves with the screen once `test` accepts it; rejects after the timeout (or near the test's limit) with a
	 * message naming `test` and the last screen.
	 */
	waitFor(test: string | RegExp | ((screen: string) => boolean), options?: WaitOptions): Promise<string>;
	/** True while the session's program is running (false once it exited; the pane stays). */
	isRunning(name?: string): boolean;
	/** The pane's title, as the program set it (OSC 0/2 title sequences change it). */
	paneTitle(name?: string): string;
	/**
	 * Quits pi (`Ctrl+D`) and resolves once its process has exited, so the test's sandbox is not removed while
	 * an exiting pi still writes its last files; rejects after `timeoutMs` (default 20 s).
	 */
	quit(name?: string, timeoutMs?: number): Promise<void>;
	/**
	 * Types `text` into pi's editor and submits it. pi shows its footer before its start-up is done and keeps a
	 * prompt submitted meanwhile in the editor ("Startup is still in progress"); then this submits it again.
	 */
	submit(text: string, name?: string): Promise<void>;
	/** Kills the server and removes its socket and config. */
	kill(): void;
}

/** Blocks until none of `pids` is alive, or `timeoutMs` has passed (then SIGKILLs what is left). */
const waitForExit = (pids: readonly number[], timeoutMs: number): void => {
	const alive = (pid: number): boolean => {
		try {
			process.kill(pid, 0);
			return true;
		} catch {
			return false;
		}
	};
	const deadline = Date.now() + timeoutMs;
	const pause = new Int32Array(new SharedArrayBuffer(4));
	while (pids.some(alive)) {
		if (Date.now() > deadline) {
			for (const pid of pids.filter(alive)) process.kill(pid, "SIGKILL");
			return;
		}
		Atomics.wait(pause, 0, 0, 20);
	}
};

const shellQuote = (value: string): string => `'${value.replace(/'/g, "'\\''")}'`;

/** Creates a private tmux server (started lazily by the first `start`). */
export const createTmuxServer = (): TmuxServer => {
	const dir = mkdtempSync(join(tmpdir(), "phm-tmux-"));
	const conf = join(dir, "tmux.conf");
	writeFileSync(conf, `${TMUX_CONF}\n`);
	const socket = `phm-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
	const tmux = (args: readonly string[]): string =>
		execFileSync("tmux", ["-L", socket, "-f", conf, ...args], {
			encoding: "utf8",
			env: { PATH: process.env.PATH ?? "/usr/bin:/bin", TMUX_TMPDIR: dir },
		});

	const capture = (options: { readonly name?: string; readonly escapes?: boolean } = {}): string =>
		tmux(["capture-pane", "-p", ...(options.escapes ? ["-e", "-N"] : []), "-t", options.name ?? "main"]);

	return {
		socket,
		start(argv, options) {
			// `env -i`: the tmux server's own environment (the test runner's) must not leak into the program.
			const command = [
				"env",
				"-i",
				...Object.entries(options.env).map(([key, value]) => `${key}=${value}`),
				...argv,
			]
				.map(shellQuote)
				.join(" ");
			tmux([
				"new-session",
				"-d",
				"-s",
				options.name ?? "main",
				"-x",
				String(options.cols ?? 120),
				"-y",
				String(options.rows ?? 40),
				"-c",
				options.cwd,
				command,
			]);
			const name = options.name ?? "main";
			const pid = Number(tmux(["display-message", "-p", "-t", name, "#{pane_pid}"]).trim());
			// The pane's program leads its own process group (tmux starts each pane in a session of its own).
			if (pid > 0) ownChild({ pid, label: `${argv.join(" ")} in tmux session ${name}`, root: options.root });
		},
		keys(keys, name = "main") {
			tmux(["send-keys", "-t", name, ...keys]);
		},
		type(text, name = "main") {
			tmux(["send-keys", "-t", name, "-l", text]);
		},
		capture,
		async waitFor(test, options = {}) {
			const budget = waitBudget(options.timeoutMs ?? 20_000);
			const deadline = Date.now() + budget.ms;
			const accepts =
				typeof test === "string"
					? (screen: string) => screen.includes(test)
					: test instanceof RegExp
						? (screen: string) => test.test(screen)
						: test;
			let screen = "";
			for (;;) {
				screen = capture({ name: options.name ?? "main" });
				if (accepts(screen)) return screen;
				if (Date.now() > deadline)
					throw new Error(
						`tmux: timed out ${waitedText(budget)} waiting for ${String(test)} ` +
							`in ${options.name ?? "main"}; the screen was:\n${screen}`,
					);
				await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
			}
		},
		isRunning(name = "main") {
			return tmux(["display-message", "-p", "-t", name, "#{pane_dead}"]).trim() === "0";
		},
		paneTitle(name = "main") {
			return tmux(["display-message", "-p", "-t", name, "#{pane_title}"]).trim();
		},
		async submit(text, name = "main") {
			tmux(["send-keys", "-t", name, "-l", text]);
			tmux(["send-keys", "-t", name, "Enter"]);
			for (let tries = 0; tries < 40; tries++) {
				await new Promise((resolve) => setTimeout(resolve, 250));
				if (!capture({ name }).includes("Startup is still in progress")) return;
				// The prompt is back in the editor; submitting it again once start-up is done sends it.
				tmux(["send-keys", "-t", name, "Enter"]);
				await new Promise((resolve) => setTimeout(resolve, 250));
				if (!capture({ name }).includes(text)) return;
			}
		},
		async quit(name = "main", timeoutMs = 20_000) {
			tmux(["send-keys", "-t", name, "C-d"]);
			const budget = waitBudget(timeoutMs, 1_000);
			const deadline = Date.now() + budget.ms;
			while (tmux(["display-message", "-p", "-t", name, "#{pane_dead}"]).trim() !== "1") {
				if (Date.now() > deadline)
					throw new Error(
						`tmux: timed out ${waitedText(budget)} waiting for ${name} to exit after Ctrl+D; ` +
							`the screen was:\n${capture({ name })}`,
					);
				await new Promise((resolve) => setTimeout(resolve, 50));
			}
		},
		kill() {
			let pids: number[] = [];
			try {
				pids = tmux(["list-panes", "-a", "-F", "#{pane_pid}"])
					.split("\n")
					.map(Number)
					.filter((pid) => pid > 0);
				tmux(["kill-server"]);
			} catch {
				// No server was started, or it is already gone.
			}
			// Wait until every program the server ran has exited (pi writes its last files on the way out), so a
			// sandbox removed right after this is not written to while it is removed (ENOTEMPTY).
			waitForExit(pids, 10_000);
			rmSync(dir, { recursive: true, force: true });
		},
	};
};
