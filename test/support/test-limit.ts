/**
 * The current test's time limit as the e2e helpers see it: how long a wait may still take so that it fails with its
 * own message (what it waited for, the last output seen) before vitest's timeout does, and the children the helpers
 * started, killed with their hooks when the test times out or ends (see also {@link killLeftovers}, which the
 * sandboxes' clean-up runs).
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { TestRunner } from "vitest";

/** Milliseconds a wait leaves of the test's limit: time to fail, print and clean up before vitest's timeout. */
export const RESERVE_MS = 3_000;

/** A wait's time: what the helper asked for, or less when the test's limit comes first. */
export interface WaitBudget {
	/** Milliseconds the wait may take (at least 1). */
	readonly ms: number;
	/** True when the test's limit, not the helper's own timeout, set `ms`. */
	readonly byTestLimit: boolean;
	/** The test's limit in ms (undefined outside a running test). */
	readonly limitMs: number | undefined;
}

/** The running test (its body, not its hooks), or undefined outside one. */
const runningTest = () => {
	const test = TestRunner.getCurrentTest();
	return test?.result?.state === "run" ? test : undefined;
};

/**
 * The time a wait of `wantedMs` may take: `wantedMs`, or what is left of the running test's limit less
 * `reserveMs` when that is shorter. Outside a test's body (in a hook, or no test) it is `wantedMs`.
 */
export const waitBudget = (wantedMs: number, reserveMs: number = RESERVE_MS): WaitBudget => {
	const test = runningTest();
	const started = test?.result?.startTime;
	if (test === undefined || started === undefined) return { ms: wantedMs, byTestLimit: false, limitMs: undefined };
	const left = started + test.timeout - Date.now() - reserveMs;
	return left < wantedMs
		? { ms: Math.max(1, left), byTestLimit: true, limitMs: test.timeout }
		: { ms: wantedMs, byTestLimit: false, limitMs: test.timeout };
};

/** Why a wait stopped, for its message: "after 20000 ms" or "after 57000 ms, near the test's 60000 ms limit". */
export const waitedText = (budget: WaitBudget): string =>
	budget.byTestLimit ? `after ${budget.ms} ms, near the test's ${budget.limitMs} ms limit` : `after ${budget.ms} ms`;

/** A process a helper started for the current test. */
export interface OwnedChild {
	readonly pid: number;
	/** What it is, e.g. "pi --mode rpc". */
	readonly label: string;
	/** The sandbox root: the child's hooks and tool commands run with their cwd or HOME below it. */
	readonly root?: string;
}

/** When `pid` started (clock ticks since boot, /proc/PID/stat field 22), or undefined once it is gone or a zombie. */
const startOf = (pid: number): string | undefined => {
	try {
		const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ");
		return fields === undefined || fields[0] === "Z" ? undefined : fields[19];
	} catch {
		return undefined;
	}
};

/** A process found by {@link processesBelow}. */
interface FoundProcess {
	readonly pid: number;
	readonly command: string;
}

/** The live processes (never this one) whose cwd or environment names a path below `root`. */
const processesBelow = (root: string): FoundProcess[] => {
	const found: FoundProcess[] = [];
	const prefix = `${root}/`;
	let pids: string[] = [];
	try {
		pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
	} catch {
		return found;
	}
	for (const name of pids) {
		const pid = Number(name);
		if (pid === process.pid) continue;
		try {
			if (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] === "Z") continue;
			const cwd = readlinkSync(`/proc/${pid}/cwd`);
			const named =
				cwd === root ||
				cwd.startsWith(prefix) ||
				readFileSync(`/proc/${pid}/environ`, "utf8").includes(`=${prefix}`);
			if (!named) continue;
			const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
			found.push({ pid, command: command.length > 100 ? `${command.slice(0, 97)}...` : command });
		} catch {
			// The process ended meanwhile, or is not ours to read.
		}
	}
	return found;
};

/** SIGKILLs `pid`'s process group and `pid` itself; a process already gone is fine. */
const killGroupOf = (pid: number): void => {
	for (const target of [-pid, pid]) {
		try {
			process.kill(target, "SIGKILL");
		} catch {
			// ESRCH: gone already.
		}
	}
};

/**
 * Kills every process left below `root` (a sandbox: pi, the hooks it started in their own process groups, their
 * background jobs) with its process group, and returns what it killed ("pid 123: node hook.mjs ..."), none when
 * nothing was left.
 */
export const killLeftovers = (root: string): string[] => {
	const killed = new Map<number, string>();
	// Twice: a process may start a child between the scan and the kill.
	for (let round = 0; round < 2; round++) {
		const left = processesBelow(root).filter((one) => !killed.has(one.pid));
		for (const one of left) {
			killGroupOf(one.pid);
			killed.set(one.pid, `pid ${one.pid}: ${one.command}`);
		}
		if (left.length === 0) break;
	}
	return [...killed.values()];
};

/** The children started and not yet released, with their start time (a pid can be reused once one is gone). */
const live = new Map<OwnedChild, string | undefined>();

/**
 * Kills `child`'s process group (when it is still the process that was started) and everything below its sandbox
 * root; returns what was still running.
 */
const killChild = (child: OwnedChild): string[] => {
	const started = live.get(child);
	live.delete(child);
	const running = started !== undefined && startOf(child.pid) === started;
	if (running) killGroupOf(child.pid);
	const below = child.root === undefined ? [] : killLeftovers(child.root);
	return running ? [`${child.label} (pid ${child.pid})`, ...below] : below;
};

/**
 * Registers a child a helper started: when the running test times out (its AbortSignal) or ends, the child's
 * process group and every process below its sandbox root are killed, and a child still running at the test's end
 * is named on stderr. Returns the release to call once the child has exited.
 */
export const ownChild = (child: OwnedChild): (() => void) => {
	live.set(child, startOf(child.pid));
	const test = TestRunner.getCurrentTest();
	if (test !== undefined) {
		const onAbort = (): void => void killChild(child);
		test.context.signal.addEventListener("abort", onAbort, { once: true });
		try {
			test.context.onTestFinished(() => {
				test.context.signal.removeEventListener("abort", onAbort);
				if (!live.has(child)) return;
				const killed = killChild(child);
				if (killed.length > 0) console.warn(`test end: killed what was still running: ${killed.join("; ")}`);
			});
		} catch {
			// Started from a hook of the test (onTestFinished is for its body): the sandbox clean-up kills it.
		}
	}
	return () => {
		live.delete(child);
	};
};
