/** Work queued after an event: not run while the event's handler runs, then in order, one failing task alone. */
import { describe, expect, it } from "vitest";
import { afterEvent } from "../../../src/pi/io/after-event.ts";

const nextImmediate = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe("afterEvent", () => {
	it("runs queued tasks after the current event, oldest first; a throwing task stops no other", async () => {
		const ran: string[] = [];
		afterEvent(() => ran.push("first"));
		afterEvent(() => {
			throw new Error("broken task");
		});
		afterEvent(() => ran.push("third"));
		await Promise.resolve();
		expect(ran).toEqual([]);
		await nextImmediate();
		expect(ran).toEqual(["first", "third"]);
	});

	it("a task queued by a task runs too", async () => {
		const ran: string[] = [];
		afterEvent(() => {
			ran.push("outer");
			afterEvent(() => ran.push("inner"));
		});
		await nextImmediate();
		await nextImmediate();
		expect(ran).toEqual(["outer", "inner"]);
	});
});
