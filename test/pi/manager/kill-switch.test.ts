/** The kill switch: on at start, every flip heard, nothing persisted. */
import { describe, expect, it } from "vitest";
import { createKillSwitch } from "../../../src/pi/manager/kill-switch.ts";

describe("createKillSwitch", () => {
	it("starts with hooks on and reports every flip", () => {
		const heard: boolean[] = [];
		const killSwitch = createKillSwitch((off) => heard.push(off));
		expect(killSwitch.isOff()).toBe(false);
		killSwitch.toggle();
		expect(killSwitch.isOff()).toBe(true);
		killSwitch.toggle();
		expect(killSwitch.isOff()).toBe(false);
		expect(heard).toEqual([true, false]);
	});

	it("is a fresh switch each time (nothing is kept)", () => {
		createKillSwitch().toggle();
		expect(createKillSwitch().isOff()).toBe(false);
	});
});
