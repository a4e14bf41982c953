/**
 * The one-run approval opt-in: read once, removed from the environment at once (so no child inherits it),
 * and remembered for this process only, across reloads.
 */
import { afterEach, describe, expect, it } from "vitest";
import { APPROVE_ENV, takeApproveOptIn } from "../../../src/pi/trust/approve-opt-in.ts";

const KEPT = Symbol.for("pi-hook-manager.approve-opt-in");
const forget = () => {
	delete (globalThis as { [KEPT]?: boolean })[KEPT];
};
afterEach(forget);

describe("takeApproveOptIn", () => {
	it("is false when the variable was never set", () => {
		expect(takeApproveOptIn({ PATH: "/bin" })).toBe(false);
	});

	it("takes 1 as yes and removes the variable from the environment it was read from", () => {
		const env: Record<string, string | undefined> = { [APPROVE_ENV]: "1", PATH: "/bin" };
		expect(takeApproveOptIn(env)).toBe(true);
		expect(env).toEqual({ PATH: "/bin" });
		expect(APPROVE_ENV in env).toBe(false);
	});

	it("remembers the answer for a later call (a reload) that no longer sees the variable", () => {
		takeApproveOptIn({ [APPROVE_ENV]: "1" });
		expect(takeApproveOptIn({})).toBe(true);
	});

	it("takes any other value as no, and still removes it", () => {
		for (const value of ["0", "true", "yes", ""]) {
			forget();
			const env: Record<string, string | undefined> = { [APPROVE_ENV]: value };
			expect(takeApproveOptIn(env)).toBe(false);
			expect(env).toEqual({});
		}
	});

	it("a new value in the environment replaces the remembered one", () => {
		takeApproveOptIn({ [APPROVE_ENV]: "1" });
		expect(takeApproveOptIn({ [APPROVE_ENV]: "0" })).toBe(false);
		expect(takeApproveOptIn({})).toBe(false);
	});
});
