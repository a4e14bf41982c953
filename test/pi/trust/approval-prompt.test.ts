/**
 * Asking the user to approve project hooks, in a real pi (pi's SDK in-process, a real pi context, its confirm
 * dialog answered by a recording UI) with the real approvals file in a temp dir: Yes approves and saves, No
 * keeps them off and says how to approve, no UI tells, the opt-in approves for this process only, and each
 * hook is asked about once per session.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import type { HookConfig } from "../../../src/engine/types.ts";
import { type Approvals, approvalsFile, createApprovals } from "../../../src/host/trust/approvals.ts";
import { STDERR_PREFIX } from "../../../src/pi/io/notices.ts";
import { APPROVE_ENV, askAbout, askForApprovals } from "../../../src/pi/trust/approval-prompt.ts";
import { type FakeUiLog, fakeUi, type SdkRuntime, startSdkRuntime } from "../../support/pi-sdk.ts";

let root: string;
let project: string;
let pi: SdkRuntime | undefined;

beforeEach(() => {
	root = realpathSync(mkdtempSync(join(tmpdir(), "phm-approval-prompt-")));
	project = join(root, "project");
	mkdirSync(join(project, ".claude", "hooks"), { recursive: true });
	vi.stubEnv("HOME", join(root, "home"));
	vi.stubEnv("PI_CODING_AGENT_DIR", join(root, "agent"));
});
afterEach(async () => {
	await pi?.dispose();
	pi = undefined;
	vi.restoreAllMocks();
	vi.unstubAllEnvs();
	rmSync(root, { recursive: true, force: true });
});

const COMMAND = "GITHUB_TOKEN=abc123 bash .claude/hooks/guard.sh";

interface Setup {
	readonly ctx: ExtensionContext;
	readonly approvals: Approvals;
	readonly config: () => HookConfig;
	readonly ui: FakeUiLog | undefined;
}

/**
 * A project hook waiting for approval, the approvals store and a pi context (with a UI answering `answer`, or none).
 */
const setup = async (answer: boolean | undefined): Promise<Setup> => {
	writeFileSync(join(project, ".claude", "hooks", "guard.sh"), "exit 0\n");
	const text = JSON.stringify({
		hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: COMMAND, timeout: 9 }] }] },
	});
	writeFileSync(join(project, ".claude", "settings.json"), text);
	const parsed = parseSettingsText(text, {
		scope: "claude-project",
		file: join(project, ".claude", "settings.json"),
		project: true,
	});
	const approvals = createApprovals(approvalsFile(join(root, "agent")), project);
	const config = () => mergeSources([parsed], true, approvals.isApproved);
	let seen: ExtensionContext | undefined;
	const factory = (api: ExtensionAPI) => {
		api.on("session_start", (_event, ctx) => {
			seen = ctx;
		});
	};
	const fake = answer === undefined ? undefined : fakeUi(() => answer);
	// As in pi's RPC mode, which has no custom components: `custom` resolves undefined.
	const ui =
		fake === undefined
			? undefined
			: new Proxy(fake.ui, {
					get: (target, property, receiver) =>
						property === "custom" ? async () => undefined : Reflect.get(target, property, receiver),
				});
	pi = await startSdkRuntime({
		cwd: project,
		agentDir: join(root, "agent"),
		extensions: [factory],
		mode: fake === undefined ? "print" : "rpc",
		...(ui === undefined ? {} : { ui }),
	});
	if (seen === undefined) throw new Error("no session_start");
	expect(config().skipped.map((skipped) => skipped.reason)).toEqual(["unapproved"]);
	return { ctx: seen, approvals, config, ui: fake?.log };
};

const waiting = (config: HookConfig) => config.skipped.map((skipped) => skipped.entry);

describe("askAbout", () => {
	it("approves and saves the hooks when the user says Yes, after showing every field and script", async () => {
		const { ctx, approvals, config, ui } = await setup(true);
		const approved = await askAbout(ctx, waiting(config()), approvals, false);
		expect(approved).toHaveLength(1);
		expect(ui?.confirms).toHaveLength(1);
		expect(ui?.confirms[0]?.title).toBe("Run 1 new or changed project hook(s)?");
		const message = ui?.confirms[0]?.message ?? "";
		// The dialog keeps the command whole: it is where the user decides.
		expect(message).toContain(`new PreToolUse [Bash]: ${COMMAND}`);
		expect(message).toContain("timeout: 9");
		expect(message).toContain("runs .claude/hooks/guard.sh");
		expect(config().entries).toHaveLength(1);
		expect(Object.keys(JSON.parse(readFileSync(approvalsFile(join(root, "agent")), "utf8")).approved)).toHaveLength(
			1,
		);
		expect(ui?.notices.at(-1)).toEqual({
			message: "hooks: approved 1 project hook(s); they run from now on",
			level: "info",
		});
	});

	it("keeps them off when the user says No, and says where to approve them", async () => {
		const { ctx, approvals, config, ui } = await setup(false);
		expect(await askAbout(ctx, waiting(config()), approvals, false)).toEqual([]);
		expect(ui?.confirms).toHaveLength(1);
		expect(config().entries).toEqual([]);
		expect(existsSync(approvalsFile(join(root, "agent")))).toBe(false);
		const notice = ui?.notices.at(-1);
		expect(notice?.level).toBe("warning");
		expect(notice?.message).toContain("1 new or changed project hook(s) will not run until approved");
		expect(notice?.message).toContain("Approve them in /hooks");
		expect(notice?.message).not.toContain("abc123");
	});

	it("without a UI asks nobody, keeps them off and tells on stderr how to approve, secrets masked", async () => {
		const { ctx, approvals, config } = await setup(undefined);
		const written: string[] = [];
		const write = process.stderr.write.bind(process.stderr);
		vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
			written.push(String(chunk));
			return write(chunk);
		});
		expect(await askAbout(ctx, waiting(config()), approvals, false)).toEqual([]);
		const told = written.filter((line) => line.startsWith(STDERR_PREFIX)).join("");
		expect(told).toContain("will not run until approved");
		expect(told).toContain(`set ${APPROVE_ENV}=1 for this run`);
		expect(told).toContain("guard.sh");
		expect(told).not.toContain("abc123");
		expect(config().entries).toEqual([]);
	});

	it("with the opt-in runs them for this process without asking or saving", async () => {
		const { ctx, approvals, config, ui } = await setup(false);
		expect(await askAbout(ctx, waiting(config()), approvals, true)).toHaveLength(1);
		expect(ui?.confirms).toEqual([]);
		expect(config().entries).toHaveLength(1);
		expect(existsSync(approvalsFile(join(root, "agent")))).toBe(false);
		expect(ui?.notices.at(-1)?.message).toContain(
			`${APPROVE_ENV}=1: running 1 unapproved project hook(s) for this run only`,
		);
	});
});

describe("askForApprovals", () => {
	it("asks about each waiting hook once per session", async () => {
		const { ctx, approvals, config, ui } = await setup(false);
		const asked = new Set<string>();
		expect(await askForApprovals(ctx, config(), approvals, asked, false)).toEqual([]);
		expect(await askForApprovals(ctx, config(), approvals, asked, false)).toEqual([]);
		expect(ui?.confirms).toHaveLength(1);
		expect(asked.size).toBe(1);
	});

	it("asks again once a script the hook runs changed", async () => {
		const { ctx, approvals, config, ui } = await setup(false);
		const asked = new Set<string>();
		await askForApprovals(ctx, config(), approvals, asked, false);
		writeFileSync(join(project, ".claude", "hooks", "guard.sh"), "echo changed; exit 0\n");
		await askForApprovals(ctx, config(), approvals, asked, false);
		expect(ui?.confirms).toHaveLength(2);
	});
});
