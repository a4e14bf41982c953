/** MessageDisplay `displayContent`: what the hooks of one message show instead of its text. */
import { describe, expect, it } from "vitest";
import { batchShown, decideDisplay } from "../../../src/engine/decide/display.ts";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import type { ProcessOutcome } from "../../../src/engine/ports.ts";
import { commandEntry, exited, timedOut } from "../../support/entries.ts";

const shown = (displayContent: unknown): string =>
	JSON.stringify({ hookSpecificOutput: { hookEventName: "MessageDisplay", displayContent } });
const verdict = (name: string, outcome: ProcessOutcome) =>
	interpretOutcome(commandEntry(name, "MessageDisplay"), "MessageDisplay", outcome);

describe("decideDisplay", () => {
	it("shows the displayContent of the last hook that gave one, naming the hooks", () => {
		const decision = decideDisplay([
			verdict("a.sh", exited(0, shown("first"))),
			verdict("b.sh", exited(0, "")),
			verdict("c.sh", exited(0, shown("last"))),
		]);
		expect(decision.shown?.text).toBe("last");
		expect(decision.shown?.by.map((v) => v.entry.handler.type === "command" && v.entry.handler.command)).toEqual([
			"a.sh",
			"c.sh",
		]);
	});

	it.each([
		["no hook gave one", exited(0, "plain text\n")],
		["the hook failed", exited(1, "", "boom")],
		["the hook timed out", timedOut()],
		["displayContent is not a string (schema-failing JSON)", exited(0, shown(42))],
	])("shows the message as written when %s", (_name, outcome) => {
		expect(decideDisplay([verdict("a.sh", outcome)]).shown).toBeUndefined();
	});

	it("an empty displayContent hides the text (it is still a replacement)", () => {
		expect(decideDisplay([verdict("a.sh", exited(0, shown("")))]).shown?.text).toBe("");
	});

	it("displayContent counts only on MessageDisplay", () => {
		const other = interpretOutcome(
			commandEntry("a.sh", "Stop"),
			"Stop",
			exited(0, JSON.stringify({ hookSpecificOutput: { hookEventName: "Stop", displayContent: "x" } })),
		);
		expect(decideDisplay([other]).shown).toBeUndefined();
	});
});

describe("batchShown", () => {
	it("is the batch as written when no hook replaced it", () => {
		expect(batchShown({ shown: undefined }, "line\n")).toBe("line\n");
	});

	it("writes escape sequences, colour codes and bidi overrides of displayContent as visible escapes", () => {
		const decision = decideDisplay([
			verdict("a.sh", exited(0, shown("\u001b]0;T\u0007 \u001b[31mred \u202ex\ty\nz"))),
		]);
		expect(batchShown(decision, "text")).toBe("\\e]0;T\\x07 \\e[31mred \\u202ex\ty\nz");
	});

	it("keeps the batch's line end, so the next batch starts on its own line", () => {
		const decision = decideDisplay([verdict("a.sh", exited(0, shown("**R**")))]);
		expect(batchShown(decision, "first line\nsecond line\n")).toBe("**R**\n");
		expect(batchShown(decision, "last words")).toBe("**R**");
		const ended = decideDisplay([verdict("a.sh", exited(0, shown("R\n")))]);
		expect(batchShown(ended, "line\n")).toBe("R\n");
	});
});
