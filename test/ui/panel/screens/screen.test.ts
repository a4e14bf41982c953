/** What the panel's screens share: why a hook's file is read-only here, and bodies padded to their height. */
import { describe, expect, it } from "vitest";
import type { HookEntry } from "../../../../src/engine/types.ts";
import { padLines, readOnlyMessage } from "../../../../src/ui/panel/screens/screen.ts";
import type { HooksPort } from "../../../../src/ui/panel/services.ts";
import { entryWith, fixtureConfig, SOURCES } from "../fixtures.ts";

const config = fixtureConfig();
const guard = entryWith(config, "block-rm.sh");

/** The hooks port of a panel that writes the five settings files; `copy` is a file it must not write. */
const hooksPort = (copy?: string): HooksPort => ({
	config: () => config,
	sources: SOURCES,
	isEnabled: () => true,
	setEnabled: () => undefined,
	allOff: () => false,
	toggleAllOff: () => {},
	trusted: () => true,
	readOnlyReason: (entry) => (entry.source.file === copy ? "a throw-away copy" : undefined),
});

describe("readOnlyMessage", () => {
	it("is undefined for a hook of a settings file and without a hook", () => {
		expect(readOnlyMessage(hooksPort(), guard)).toBeUndefined();
		expect(readOnlyMessage(hooksPort(), undefined)).toBeUndefined();
	});

	it("gives the host's reason first, then names the file of a hook from a source the panel does not write", () => {
		expect(readOnlyMessage(hooksPort(guard.source.file), guard)).toBe("a throw-away copy");
		const plugin: HookEntry = {
			...guard,
			source: { scope: "plugin", file: "/home/u/.claude/plugins/x/hooks/hooks.json", project: false },
		};
		expect(readOnlyMessage(hooksPort(), plugin)).toBe(
			"Plugin hooks are read-only here; change them in /home/u/.claude/plugins/x/hooks/hooks.json.",
		);
	});
});

describe("padLines", () => {
	it("pads with blank lines of the width, and cuts what does not fit", () => {
		expect(padLines(["a", "b"], 3, 4)).toEqual(["a", "b", "   ", "   "]);
		expect(padLines(["a", "b", "c"], 3, 2)).toEqual(["a", "b"]);
	});
});
