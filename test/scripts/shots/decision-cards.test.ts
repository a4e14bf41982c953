/** The decision-card screenshots show what they claim, and writeScreenshot writes a PNG for each. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeScreenshot } from "../../../scripts/screenshots.ts";
import { shots } from "../../../scripts/shots/decision-cards.ts";
import { screenToText } from "../../support/screen.ts";

let dir: string | undefined;
afterEach(() => {
	if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

const shot = (name: string) => {
	const found = shots.find((candidate) => candidate.name === name);
	if (found === undefined) throw new Error(`no shot ${name}`);
	return found;
};

describe("decision card screenshots", () => {
	it("the compact shot shows cards of several kinds and the footer counter", async () => {
		const text = screenToText(await shot("decision-cards-compact").screen());
		expect(text).toContain("\u2717 blocked Bash \u00b7 block_dangerous_bash.py \u00b7 Dangerous command blocked");
		expect(text).toContain("? asked, you denied Bash \u00b7 bash_policy.py");
		expect(text).toContain("\u2713 allowed PermissionRequest:Bash \u00b7 allow-builds.sh");
		expect(text).toContain("! failed Bash \u00b7 deploy-check.sh");
		expect(text).toContain("hooks 1 blocked, 2 asked, 1 rewritten, 1 context, 1 error");
	});

	it("the expanded shot shows the full record, and it is written as a PNG", async () => {
		const screen = await shot("decision-card-expanded").screen();
		expect(screenToText(screen)).toMatch(/result +exit 2 \u00b7 41ms \u00b7 blocking/);
		dir = mkdtempSync(join(tmpdir(), "phm-shots-"));
		const path = writeScreenshot("expanded", screen, { dir });
		expect(readFileSync(path).subarray(1, 4).toString()).toBe("PNG");
	});
});
