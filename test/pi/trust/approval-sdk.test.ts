/**
 * Change-aware trust in pi's SDK in-process (pi-ai's faux model, the real bash tool, real hook processes): an
 * unapproved project hook does not run, an approved one does, and a covered script rewritten in place with its old
 * times put back stops the hook on its next run, with the changed lines in the question asked again.
 */
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	realpathSync,
	rmSync,
	utimesSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import piHookManager from "../../../src/index.ts";
import { fakeUi, type SdkRuntime, startSdkRuntime } from "../../support/pi-sdk.ts";

let root: string;
let project: string;
let pi: SdkRuntime | undefined;

beforeEach(() => {
	root = realpathSync(mkdtempSync(join(tmpdir(), "phm-approval-sdk-")));
	project = join(root, "project");
	mkdirSync(join(project, ".claude"), { recursive: true });
	mkdirSync(join(root, "home"), { recursive: true });
	vi.stubEnv("HOME", join(root, "home"));
	vi.stubEnv("PI_CODING_AGENT_DIR", join(root, "agent"));
});
afterEach(async () => {
	await pi?.dispose();
	pi = undefined;
	vi.unstubAllEnvs();
	rmSync(root, { recursive: true, force: true });
});

const at = (name: string) => join(project, name);
const runs = () => (existsSync(at("runs.txt")) ? readFileSync(at("runs.txt"), "utf8") : "");
const mark = (word: string) => `echo ${word} >> "$CLAUDE_PROJECT_DIR/runs.txt"\n`;

const start = async (ui?: ReturnType<typeof fakeUi>["ui"]): Promise<SdkRuntime> => {
	writeFileSync(
		at(".claude/settings.json"),
		JSON.stringify({
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sh .claude/h.sh" }] }] },
		}),
	);
	pi = await startSdkRuntime({
		cwd: project,
		agentDir: join(root, "agent"),
		extensions: [piHookManager],
		mode: ui === undefined ? "print" : "rpc",
		...(ui === undefined ? {} : { ui }),
	});
	return pi;
};

const runBash = async (runtime: SdkRuntime, command: string): Promise<void> => {
	runtime.faux.setResponses([
		fauxAssistantMessage(fauxToolCall("bash", { command }), { stopReason: "toolUse" }),
		fauxAssistantMessage("done"),
	]);
	await runtime.session().prompt(`run ${command}`);
};

describe("project hooks in pi's SDK", () => {
	it("an unapproved project hook does not run; the tool call goes on", async () => {
		writeFileSync(at(".claude/h.sh"), mark("good"));
		const runtime = await start();
		await runBash(runtime, "echo hi > tool.txt");
		expect(existsSync(at("tool.txt"))).toBe(true);
		expect(runs()).toBe("");
	});

	it("approved, it runs; rewritten with its old times, it stops and asks again with the diff", async () => {
		writeFileSync(at(".claude/h.sh"), mark("good"));
		let answers = 0;
		const { ui, log } = fakeUi(() => ++answers === 1);
		const runtime = await start(ui);
		await runBash(runtime, "echo one");
		expect(runs()).toBe("good\n");
		// Same size, same mtime and atime: only the ctime tells.
		writeFileSync(at(".claude/h.sh"), mark("EVIL"));
		utimesSync(at(".claude/h.sh"), 1_700_000_000, 1_700_000_000);
		await runBash(runtime, "echo two");
		expect(runs()).toBe("good\n");
		expect(log.confirms).toHaveLength(2);
		expect(log.confirms[1]?.message).toContain("runs .claude/h.sh (CHANGED since you approved it)");
		expect(log.confirms[1]?.message).toContain(`+ ${mark("EVIL").trim()}`);
	});
});
