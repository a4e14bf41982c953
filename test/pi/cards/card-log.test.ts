/** The decision log: entries appended, history and counts rebuilt from the branch, the footer kept current. */
import type { ExtensionContext, SessionEntry } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { NO_HOOKS } from "../../../src/engine/dispatch/run-state.ts";
import type { Card } from "../../../src/engine/plan/card.ts";
import type { HookEntry } from "../../../src/engine/types.ts";
import { CARD_ENTRY_TYPE } from "../../../src/pi/cards/card-entries.ts";
import { createCardLog, STATUS_KEY } from "../../../src/pi/cards/card-log.ts";
import { plainTheme } from "../../../src/ui/theme.ts";
import { blockRecord } from "../../support/decisions.ts";
import { commandEntry } from "../../support/entries.ts";

/** A context with a footer that records what was set, over a branch of entries. */
const fakeCtx = (
	options: {
		hasUI?: boolean;
		mode?: ExtensionContext["mode"];
		branch?: SessionEntry[];
		setStatusThrows?: boolean;
	} = {},
) => {
	const statuses: (string | undefined)[] = [];
	const ctx = {
		hasUI: options.hasUI ?? true,
		mode: options.mode ?? "rpc",
		ui: {
			setStatus: (key: string, text: string | undefined) => {
				if (options.setStatusThrows) throw new Error("stale context");
				if (key === STATUS_KEY) statuses.push(text);
			},
			get theme() {
				// pi's TUI has a theme (plain here, to read the text); elsewhere the footer must not ask for one.
				if (options.mode === "tui") return plainTheme;
				throw new Error("Theme not initialized");
			},
		},
		sessionManager: { getBranch: () => options.branch ?? [] },
	} as unknown as ExtensionContext;
	return { ctx, statuses };
};

const entryOf = (record: Card, id: string): SessionEntry =>
	({
		type: "custom",
		customType: CARD_ENTRY_TYPE,
		data: record,
		id,
		parentId: null,
		timestamp: "",
	}) as SessionEntry;

/** A scheduler the test fires by hand. */
const manualSchedule = () => {
	const pending: { callback: () => void; cancelled: boolean }[] = [];
	return {
		schedule: (callback: () => void) => {
			const task = { callback, cancelled: false };
			pending.push(task);
			return () => {
				task.cancelled = true;
			};
		},
		fire: () => {
			for (const task of pending.splice(0)) if (!task.cancelled) task.callback();
		},
		/** How many callbacks are still due (neither run nor cancelled). */
		due: () => pending.filter((task) => !task.cancelled).length,
	};
};

describe("createCardLog", () => {
	it("appends each record as one entry of its own type, keeps it in the history and counts it in the footer", () => {
		const appended: [string, Card][] = [];
		const log = createCardLog({
			appendEntry: (type, record) => appended.push([type, record]),
			currentCtx: () => undefined,
		});
		const { ctx, statuses } = fakeCtx();
		log.record(blockRecord(), ctx);
		log.record(blockRecord({ kind: "error" }), ctx);
		expect(appended.map(([type, record]) => [type, record.kind])).toEqual([
			[CARD_ENTRY_TYPE, "block"],
			[CARD_ENTRY_TYPE, "error"],
		]);
		expect(log.records().map((r) => r.kind)).toEqual(["block", "error"]);
		expect(statuses).toEqual(["hooks 1 blocked", "hooks 1 blocked, 1 error"]);
	});

	it("rebuilds history and counts from the branch on restore, replacing what it had", () => {
		const log = createCardLog({ appendEntry: () => {}, currentCtx: () => undefined });
		const { ctx: before } = fakeCtx();
		log.record(blockRecord({ kind: "timeout" }), before);
		const { ctx, statuses } = fakeCtx({
			branch: [entryOf(blockRecord(), "a"), entryOf(blockRecord({ kind: "ask", answer: "denied" }), "b")],
		});
		let changes = 0;
		log.onChange(() => changes++);
		log.restore(ctx);
		expect(log.records().map((r) => r.kind)).toEqual(["block", "ask"]);
		expect(log.counts()).toMatchObject({ blocked: 1, asked: 1, errors: 0 });
		expect(statuses).toEqual(["hooks 1 blocked, 1 asked"]);
		expect(changes).toBe(1);
	});

	it("clears the footer when the restored branch has no decisions", () => {
		const log = createCardLog({ appendEntry: () => {}, currentCtx: () => undefined });
		const { ctx, statuses } = fakeCtx();
		log.restore(ctx);
		expect(statuses).toEqual([undefined]);
		expect(log.statusText()).toBeUndefined();
	});

	it("never touches the footer without a UI (print and JSON mode), and survives a footer that throws", () => {
		const log = createCardLog({ appendEntry: () => {}, currentCtx: () => undefined });
		const { ctx, statuses } = fakeCtx({ hasUI: false });
		log.record(blockRecord(), ctx);
		expect(statuses).toEqual([]);
		const broken = fakeCtx({ setStatusThrows: true });
		expect(() => log.record(blockRecord(), broken.ctx)).not.toThrow();
		expect(log.counts().blocked).toBe(2);
	});

	it("still counts a decision whose entry could not be written", () => {
		const log = createCardLog({
			appendEntry: () => {
				throw new Error("session gone");
			},
			currentCtx: () => undefined,
		});
		const { ctx } = fakeCtx();
		log.record(blockRecord(), ctx);
		expect(log.statusText()).toBe("hooks 1 blocked");
	});

	it("shows the kill switch and disabled hooks through the session's current context", () => {
		const { ctx, statuses } = fakeCtx();
		const log = createCardLog({ appendEntry: () => {}, currentCtx: () => ctx });
		log.restore(ctx);
		log.setKillSwitch(true);
		log.setHookCounts({ ...NO_HOOKS, total: 5, on: 1, off: 3, waiting: 1 });
		log.setKillSwitch(false);
		log.setHookCounts({ ...NO_HOOKS, total: 5, on: 5 });
		expect(statuses).toEqual([
			undefined,
			"hooks off",
			"hooks off \u00b7 3 switched off \u00b7 1 waiting for approval",
			"hooks 3 switched off \u00b7 1 waiting for approval",
			undefined,
		]);
	});

	it("draws the hook counts once per change: the same counts again for the same context set no status", () => {
		const { ctx, statuses } = fakeCtx();
		const log = createCardLog({ appendEntry: () => {}, currentCtx: () => ctx });
		log.setHookCounts({ ...NO_HOOKS, total: 5, on: 4, off: 1 }, ctx);
		log.setHookCounts({ ...NO_HOOKS, total: 5, on: 4, off: 1 }, ctx);
		log.setHookCounts({ ...NO_HOOKS, total: 5, on: 5 }, ctx);
		const { ctx: next, statuses: nextStatuses } = fakeCtx();
		log.setHookCounts({ ...NO_HOOKS, total: 5, on: 5 }, next);
		expect(statuses).toEqual(["hooks 1 switched off", undefined]);
		expect(nextStatuses).toEqual([undefined]);
	});

	it("shows a hook as running only once it has run for a moment, with its statusMessage, until it ends", () => {
		const clock = manualSchedule();
		const { ctx, statuses } = fakeCtx();
		const log = createCardLog({ appendEntry: () => {}, schedule: clock.schedule, currentCtx: () => ctx });
		const slow: HookEntry = commandEntry("python3 hooks/scan.py", "PreToolUse", {
			statusMessage: "Scanning for secrets",
		});
		const quick: HookEntry = commandEntry("./quick.sh");
		log.runStarted(quick, ctx);
		log.runEnded(quick, ctx);
		clock.fire();
		expect(statuses).toEqual([]);
		log.runStarted(slow, ctx);
		expect(statuses).toEqual([]);
		clock.fire();
		expect(statuses).toEqual(["hooks running Scanning for secrets"]);
		log.runEnded(slow, ctx);
		expect(statuses).toEqual(["hooks running Scanning for secrets", undefined]);
	});

	it("counts a running hook's seconds each second from the first on, saying Esc stops it, until it ends", () => {
		const clock = manualSchedule();
		let time = 10_000;
		const { ctx, statuses } = fakeCtx({ mode: "tui" });
		const log = createCardLog({
			appendEntry: () => {},
			schedule: clock.schedule,
			now: () => time,
			currentCtx: () => ctx,
		});
		const guard = commandEntry("./hooks/guard.sh");
		log.runStarted(guard, ctx);
		time += 250;
		clock.fire();
		time += 750;
		clock.fire();
		time += 11_000;
		clock.fire();
		expect(statuses).toEqual([
			"hooks running guard.sh",
			"hooks running guard.sh 1s \u00b7 Esc stops it",
			"hooks running guard.sh 12s \u00b7 Esc stops it",
		]);
		expect(clock.due()).toBe(1);
		log.runEnded(guard, ctx);
		expect(statuses.at(-1)).toBeUndefined();
		// Its timer is cancelled with it: nothing updates the footer any more.
		expect(clock.due()).toBe(0);
	});

	it("names no key where none stops a hook (RPC), and stops its timers when the session ends", () => {
		const clock = manualSchedule();
		let time = 0;
		const { ctx, statuses } = fakeCtx({ mode: "rpc" });
		const log = createCardLog({
			appendEntry: () => {},
			schedule: clock.schedule,
			now: () => time,
			runningDelayMs: 0,
			currentCtx: () => ctx,
		});
		log.runStarted(commandEntry("sleep 30"), ctx);
		time = 95_000;
		clock.fire();
		expect(statuses).toEqual(["hooks running sleep", "hooks running sleep 1m 35s"]);
		expect(clock.due()).toBe(1);
		log.dispose();
		expect(clock.due()).toBe(0);
		expect(log.statusText()).toBeUndefined();
	});

	it("shows no seconds for a session without a footer, and starts no timer for it", () => {
		const clock = manualSchedule();
		const { ctx, statuses } = fakeCtx({ hasUI: false });
		const log = createCardLog({ appendEntry: () => {}, schedule: clock.schedule, currentCtx: () => ctx });
		log.runStarted(commandEntry("sleep 30"), ctx);
		clock.fire();
		expect(statuses).toEqual([]);
		expect(clock.due()).toBe(0);
	});

	it("names a running hook without a statusMessage by its short name, at once with no delay", () => {
		const log = createCardLog({ appendEntry: () => {}, runningDelayMs: 0, currentCtx: () => undefined });
		const { ctx, statuses } = fakeCtx();
		log.runStarted(commandEntry('node "$CLAUDE_PROJECT_DIR/hooks/guard.mjs"'), ctx);
		expect(statuses).toEqual(["hooks running guard.mjs"]);
	});

	it("uses plain text outside the TUI, so RPC clients get no escape codes", () => {
		const log = createCardLog({ appendEntry: () => {}, currentCtx: () => undefined });
		const { ctx, statuses } = fakeCtx({ mode: "rpc" });
		log.record(blockRecord(), ctx);
		expect(statuses[0]).not.toContain("\x1b");
	});
});
