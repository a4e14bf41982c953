import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { describe, expect, it, vi } from "vitest";
import { failSafe } from "../../../src/pi/session/fail-safe.ts";

// A context without a UI: notices go to stderr, which the test captures.
const ctx = { hasUI: false } as unknown as ExtensionContext;

describe("failSafe", () => {
	it("turns a throw into the fallback and one stderr line per event name", async () => {
		const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
		try {
			const handler = failSafe("input", { action: "continue" }, () => {
				throw new Error("boom");
			});
			expect(await handler({}, ctx)).toEqual({ action: "continue" });
			expect(await handler({}, ctx)).toEqual({ action: "continue" });
			const lines = write.mock.calls
				.map((call) => String(call[0]))
				.filter((line) => line.includes("failed in input"));
			expect(lines).toEqual([
				"[pi-hook-manager] error: pi-hook-manager failed in input (hooks for it were skipped): boom\n",
			]);
		} finally {
			write.mockRestore();
		}
	});

	it("passes results through untouched", async () => {
		expect(await failSafe("x", 0, async () => 42)({}, ctx)).toBe(42);
	});
});
