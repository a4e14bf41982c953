/**
 * The MessageDisplay flows on a real engine with real hook processes: in pi's TUI the streamed text goes to the
 * hooks as batches of completed lines (one message id, counted, the last one `final`), elsewhere once per message;
 * a hook's `displayContent` is what the batch shows, a failing hook changes nothing and is no card, and nothing is
 * read or run without hooks.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { messageDisplayEnd, messageDisplayUpdate } from "../../../src/engine/flow/message-display.ts";
import { readJsonLines } from "../../support/e2e.ts";
import { engineSession } from "../../support/engine-session.ts";
import { flowEngine } from "../../support/flow-engine.ts";

const dir = (): string => mkdtempSync(join(tmpdir(), "phm-flow-display-"));

/** A hook that appends its stdin as one line to `log`. */
const recordTo = (log: string) => ({ type: "command", command: `cat >> '${log}'; echo >> '${log}'` });

/** A hook that shows `text` instead of its batch. */
const showing = (text: string) => {
	const output = { hookSpecificOutput: { hookEventName: "MessageDisplay", displayContent: text } };
	return { type: "command", command: `printf '%s' '${JSON.stringify(output)}'` };
};

/** A flow engine whose MessageDisplay hooks are `hooks`, with the stdin log of a recording hook first. */
const displayEngine = (...hooks: Record<string, unknown>[]) => {
	const root = dir();
	const log = join(root, "runs.jsonl");
	return { ...flowEngine({ MessageDisplay: [{ hooks: [recordTo(log), ...hooks] }] }, root), log };
};

describe("messageDisplayUpdate", () => {
	it("sends the lines completed since the last batch, under one message id, counting the batches", async () => {
		const { ports, moment, log } = displayEngine();
		const first = await messageDisplayUpdate(ports, moment, {
			text: () => "Hello\nwor",
			stream: undefined,
			tui: true,
		});
		expect(first?.stream).toMatchObject({ flushed: 6, index: 1, shown: "Hello\n", replaced: false });
		const second = await messageDisplayUpdate(ports, moment, {
			text: () => "Hello\nworld\nand",
			stream: first?.stream,
			tui: true,
		});
		expect(second?.stream).toMatchObject({ flushed: 12, index: 2, shown: "Hello\nworld\n" });
		const [one, two] = readJsonLines(log);
		expect(one).toMatchObject({
			hook_event_name: "MessageDisplay",
			turn_id: "S",
			index: 0,
			final: false,
			delta: "Hello\n",
		});
		expect(two).toMatchObject({ index: 1, final: false, delta: "world\n", message_id: one?.message_id });
		expect(one?.message_id).toMatch(/^[0-9a-f-]{36}$/);
	});

	it("sends nothing until a line is complete, and nothing again for the same lines", async () => {
		const { ports, moment } = displayEngine();
		expect(
			messageDisplayUpdate(ports, moment, { text: () => "Hel", stream: undefined, tui: true }),
		).toBeUndefined();
		const first = await messageDisplayUpdate(ports, moment, { text: () => "Hi\n", stream: undefined, tui: true });
		expect(messageDisplayUpdate(ports, moment, { text: () => "Hi\nth", stream: first?.stream, tui: true })).toBe(
			undefined,
		);
	});

	it("shows a hook's displayContent for its batch, keeping the batch's line break", async () => {
		const { ports, moment } = displayEngine(showing("SHOUT"));
		const plan = await messageDisplayUpdate(ports, moment, { text: () => "hi\n", stream: undefined, tui: true });
		expect(plan?.stream).toMatchObject({ shown: "SHOUT\n", replaced: true });
	});

	it("reads no text and runs nothing outside pi's TUI or without MessageDisplay hooks", () => {
		let reads = 0;
		const text = () => {
			reads++;
			return "line\n";
		};
		const { ports, moment } = displayEngine();
		expect(messageDisplayUpdate(ports, moment, { text, stream: undefined, tui: false })).toBeUndefined();
		const none = flowEngine({ Stop: [{ hooks: [{ type: "command", command: "true" }] }] }, dir());
		expect(messageDisplayUpdate(none.ports, none.moment, { text, stream: undefined, tui: true })).toBeUndefined();
		expect(reads).toBe(0);
	});
});

describe("messageDisplayEnd", () => {
	it("in the TUI sends the rest as the final batch, showing all of it once a batch was replaced", async () => {
		const { ports, moment, log } = displayEngine(showing("NEW"));
		const streamed = await messageDisplayUpdate(ports, moment, {
			text: () => "a\nb",
			stream: undefined,
			tui: true,
		});
		const plan = await messageDisplayEnd(ports, moment, { text: "a\nb", stream: streamed?.stream, tui: true });
		expect(plan).toEqual({ steps: [], shown: "NEW\nNEW" });
		expect(readJsonLines(log).map((run) => [run.index, run.final, run.delta])).toEqual([
			[0, false, "a\n"],
			[1, true, "b"],
		]);
	});

	it("in the TUI shows nothing new when no hook replaced a batch", async () => {
		const { ports, moment, log } = displayEngine();
		const plan = await messageDisplayEnd(ports, moment, { text: "all of it", stream: undefined, tui: true });
		expect(plan?.shown).toBeUndefined();
		expect(readJsonLines(log)).toEqual([expect.objectContaining({ index: 0, final: true, delta: "all of it" })]);
	});

	it("elsewhere sends the whole message once, its id pi's responseId", async () => {
		const { ports, moment, log } = displayEngine(showing("SHOWN"));
		const plan = await messageDisplayEnd(ports, moment, {
			text: "one\ntwo",
			stream: undefined,
			tui: false,
			responseId: "resp-1",
			timestamp: 5,
		});
		expect(plan?.shown).toBe("SHOWN");
		expect(readJsonLines(log)).toEqual([
			expect.objectContaining({ message_id: "resp-1", index: 0, final: true, delta: "one\ntwo" }),
		]);
	});

	it("without a responseId names the message by the turn (the prompt's id) and pi's timestamp", async () => {
		const { ports, log } = displayEngine();
		const moment = { session: engineSession(dir(), { promptId: "P-7" }) };
		await messageDisplayEnd(ports, moment, { text: "hi", stream: undefined, tui: false, timestamp: 42 });
		expect(readJsonLines(log)).toEqual([expect.objectContaining({ turn_id: "P-7", message_id: "P-7:42" })]);
	});

	it("a failing hook changes nothing and is no card (Claude Code shows the original text)", async () => {
		const { ports, moment } = displayEngine({ type: "command", command: "echo broke >&2; exit 1" });
		const plan = await messageDisplayEnd(ports, moment, { text: "hi", stream: undefined, tui: false });
		expect(plan).toEqual({ steps: [], shown: undefined });
	});

	it("answers at once for a message without text or an event without hooks", () => {
		const { ports, moment } = displayEngine();
		expect(messageDisplayEnd(ports, moment, { text: "", stream: undefined, tui: true })).toBeUndefined();
		const none = flowEngine({ Stop: [{ hooks: [{ type: "command", command: "true" }] }] }, dir());
		expect(
			messageDisplayEnd(none.ports, none.moment, { text: "hi", stream: undefined, tui: false }),
		).toBeUndefined();
	});
});
