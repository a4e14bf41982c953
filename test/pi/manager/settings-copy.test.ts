/**
 * What `npm run try`'s copy of pi's settings means for the panel: pi-global hooks are read-only there (the copy is
 * deleted at exit, or written again at each start in a kept dir), the other files stay writable, and the try mode
 * is read from its variable only.
 */
import { describe, expect, it } from "vitest";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import type { HookSource } from "../../../src/engine/types.ts";
import { copyReadOnlyReason, TRY_ENV, tryMode, writableSources } from "../../../src/pi/manager/settings-copy.ts";

const source = (scope: HookSource["scope"], file: string): HookSource => ({ scope, file, project: false });
const entryOf = (scope: HookSource["scope"], file: string) => {
	const text = JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] } });
	const entry = parseSettingsText(text, source(scope, file)).entries[0];
	if (entry === undefined) throw new Error("no entry");
	return entry;
};

describe("copyReadOnlyReason", () => {
	const copy = "/tmp/pi-hook-manager-try-x/settings.json";
	const real = "/home/me/.pi/agent/settings.json";

	it("says a throw-away copy is deleted at exit, and where to change the hooks", () => {
		expect(copyReadOnlyReason(entryOf("pi-global", copy), real, "throwaway")).toBe(
			`pi global hooks are read-only under npm run try: they come from a copy (${copy}) that is deleted at ` +
				`exit; change them in ${real}.`,
		);
	});

	it("says a kept dir's copy is written again at each start, not deleted", () => {
		const reason = copyReadOnlyReason(entryOf("pi-global", copy), real, "kept") ?? "";
		expect(reason).toContain("that is written again from your file at each start; change them in");
		expect(reason).not.toContain("deleted");
	});

	it("leaves other scopes and runs without a copy writable", () => {
		expect(copyReadOnlyReason(entryOf("claude-user", "/home/me/.claude/settings.json"), real)).toBeUndefined();
		expect(copyReadOnlyReason(entryOf("pi-global", copy), undefined)).toBeUndefined();
		const sources = [source("pi-global", copy), source("claude-user", "/u")];
		expect(writableSources(sources, real).map((s) => s.scope)).toEqual(["claude-user"]);
		expect(writableSources(sources, undefined)).toBe(sources);
	});
});

describe("tryMode", () => {
	it.each([
		["throwaway", "throwaway"],
		["kept", "kept"],
		["", undefined],
		["yes", undefined],
		[undefined, undefined],
	])("%s reads as %s", (value, mode) => {
		expect(tryMode({ [TRY_ENV]: value })).toBe(mode);
	});
});
