/**
 * `pi-hook-manager test` and `why` on prompt and agent hooks, end to end: the built command as a real process,
 * pi's agent dir in a temp home holding models.json (the scripted model of test/support/fake-llm.mjs on loopback)
 * and settings.json (its defaultProvider and defaultModel). With that model the hooks run and their answer is
 * compared as any hook's; without one, or without pi's package (beside the bundle or on PATH), the case is skipped
 * with the reason's code, never passed.
 */
import { cpSync, mkdirSync, readdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type CliSandbox, createCliSandbox } from "../support/cli.ts";
import { type FakeLlm, type FakeStep, startFakeLlm } from "../support/fake-llm.mjs";
import { fakeProvider } from "../support/model-servers.ts";
import { PI_BIN, PROJECT_ROOT } from "../support/pi-env.ts";

let sandbox: CliSandbox | undefined;
let llm: FakeLlm | undefined;
afterEach(async () => {
	sandbox?.remove();
	sandbox = undefined;
	await llm?.close();
	llm = undefined;
});

/** A project whose PreToolUse Bash hook is `handler`, and one fixture: `rm -rf build` is denied "deletes". */
const project = (handler: Record<string, unknown>): CliSandbox => {
	const box = createCliSandbox();
	sandbox = box;
	mkdirSync(join(box.project, ".claude"), { recursive: true });
	const hooks = { PreToolUse: [{ matcher: "Bash", hooks: [handler] }] };
	writeFileSync(join(box.project, ".claude", "settings.json"), JSON.stringify({ hooks }));
	mkdirSync(join(box.project, ".pi", "hook-tests"), { recursive: true });
	const fixture = {
		version: 1,
		name: "the model denies a recursive delete",
		event: "PreToolUse",
		input: { tool_name: "Bash", tool_input: { command: "rm -rf build" } },
		expect: { decision: "deny", reason: "deletes the build" },
	};
	writeFileSync(join(box.project, ".pi", "hook-tests", "rm.json"), JSON.stringify(fixture));
	return box;
};

/** Points pi's agent dir of `box` at the scripted model answering `steps` (models.json and settings.json). */
const withModel = async (box: CliSandbox, ...steps: FakeStep[]): Promise<FakeLlm> => {
	llm = await startFakeLlm({ script: steps });
	writeFileSync(join(box.agentDir, "models.json"), JSON.stringify({ providers: { fake: fakeProvider(llm.url) } }));
	const settings = { defaultProvider: "fake", defaultModel: "fake-model", retry: { enabled: false } };
	writeFileSync(join(box.agentDir, "settings.json"), JSON.stringify(settings));
	return llm;
};

/** A copy of the bundle whose node_modules has every package of this project but pi's; returns its cli.mjs. */
const bundleWithoutPi = (box: CliSandbox): string => {
	const pkg = join(box.root, "pkg");
	cpSync(join(PROJECT_ROOT, "dist"), join(pkg, "dist"), { recursive: true });
	mkdirSync(join(pkg, "node_modules"));
	for (const name of readdirSync(join(PROJECT_ROOT, "node_modules")))
		if (name !== "@earendil-works")
			symlinkSync(join(PROJECT_ROOT, "node_modules", name), join(pkg, "node_modules", name));
	return join(pkg, "dist", "cli.mjs");
};

/** A PATH with this Node and the system's tools, and no `pi`. */
const BARE_PATH = `${dirname(process.execPath)}:/usr/bin:/bin`;

const PROMPT_HOOK = { type: "prompt", prompt: "Does this delete files? $ARGUMENTS" };
const DENY = { text: '{"ok": false, "reason": "it deletes the build folder"}' };
const lastLine = (text: string): string => text.trimEnd().split("\n").at(-1) ?? "";

describe("pi-hook-manager test on prompt and agent hooks", () => {
	it("runs a prompt hook on pi's configured model and passes when its deny matches expect", async () => {
		const box = project(PROMPT_HOOK);
		const model = await withModel(box, DENY);
		const result = await box.run(["test", "--approve-project-hooks"]);
		expect(result.stdout).toContain("PASS the model denies a recursive delete (.pi/hook-tests/rm.json)");
		expect(lastLine(result.stdout)).toBe("1 passed, 0 failed");
		expect(result.code).toBe(0);
		expect(model.requests).toHaveLength(1);
		expect(JSON.stringify(model.requests[0]?.messages)).toContain("Does this delete files?");
		expect(JSON.stringify(model.requests[0]?.messages)).toContain("rm -rf build");
	});

	it("fails with the difference when the model allows what the fixture expects denied", async () => {
		const box = project(PROMPT_HOOK);
		await withModel(box, { text: '{"ok": true}' });
		const result = await box.run(["test", "--approve-project-hooks"]);
		expect(result.stdout).toContain(
			"FAIL the model denies a recursive delete (.pi/hook-tests/rm.json)\n" +
				'    decision: expected "deny", got "none"',
		);
		expect(lastLine(result.stdout)).toBe("0 passed, 1 failed");
		expect(result.code).toBe(1);
	});

	it("runs an agent hook as a sub-agent on that model", async () => {
		const box = project({ type: "agent", prompt: "Check this: $ARGUMENTS" });
		const model = await withModel(box, DENY);
		const result = await box.run(["test", "--approve-project-hooks"]);
		expect(result.stdout).toContain("PASS the model denies a recursive delete");
		expect(result.code).toBe(0);
		expect(JSON.stringify(model.requests[0]?.messages)).toContain("Check this:");
	});

	it("why says the prompt hook ran and what it would do", async () => {
		const box = project(PROMPT_HOOK);
		await withModel(box, DENY);
		const result = await box.run(["why", ".pi/hook-tests/rm.json", "--approve-project-hooks"]);
		expect(result.stdout).toMatch(
			/^ {2}ran +Bash +Does this delete files\? .* would deny: it deletes the build folder$/m,
		);
		expect(result.code).toBe(0);
	});

	it("list says a prompt hook is on with pi's model, and skipped with no_model without one", async () => {
		const box = project(PROMPT_HOOK);
		const without = JSON.parse((await box.run(["list", "--json", "--approve-project-hooks"])).stdout);
		expect(without.hooks[0]).toMatchObject({ type: "prompt", state: "skipped", reason: "no_model" });
		await withModel(box);
		const withIt = JSON.parse((await box.run(["list", "--json", "--approve-project-hooks"])).stdout);
		expect(withIt.hooks[0]).toMatchObject({ type: "prompt", state: "on" });
	});

	it("skips the case with no_model when pi has no model set up, never passes it", async () => {
		const box = project(PROMPT_HOOK);
		const result = await box.run(["test", "--approve-project-hooks"]);
		expect(result.stdout).toContain("SKIP the model denies a recursive delete (.pi/hook-tests/rm.json)\n");
		expect(result.stdout).toContain("    a prompt hook matches: no_model: pi has no model set up");
		expect(result.stdout).not.toContain("PASS");
		expect(lastLine(result.stdout)).toBe("0 passed, 0 failed");
		expect(result.code).toBe(0);
	});

	it("skips with no_api_key a hook whose model pi knows but has no key for", async () => {
		const box = project({ ...PROMPT_HOOK, model: "fake/fake-model" });
		await withModel(box, DENY);
		const models = {
			providers: { fake: { ...fakeProvider("http://127.0.0.1:9/v1"), apiKey: "$PHM_UNSET_KEY_VAR" } },
		};
		writeFileSync(join(box.agentDir, "models.json"), JSON.stringify(models));
		const result = await box.run(["test", "--approve-project-hooks"]);
		expect(result.stdout).toContain(
			"    a prompt hook matches: no_api_key: pi's model fake/fake-model has no API key",
		);
		expect(result.code).toBe(0);
	});

	it("skips with no_pi where pi is neither beside the package nor on PATH, and list still works", async () => {
		const box = project(PROMPT_HOOK);
		await withModel(box, DENY);
		const bin = bundleWithoutPi(box);
		const result = await box.run(["test", "--approve-project-hooks"], { bin, env: { PATH: BARE_PATH } });
		expect(result.stdout).toContain(
			"    a prompt hook matches: no_pi: pi (@earendil-works/pi-coding-agent) is not installed",
		);
		expect(lastLine(result.stdout)).toBe("0 passed, 0 failed");
		expect(result.code).toBe(0);
		const list = await box.run(["list"], { bin, env: { PATH: BARE_PATH } });
		expect(list.code).toBe(0);
	});

	it("loads the pi whose command is on PATH (a global install) when none is beside the package", async () => {
		const box = project(PROMPT_HOOK);
		await withModel(box, DENY);
		const bin = bundleWithoutPi(box);
		const globalBin = join(box.root, "global-bin");
		mkdirSync(globalBin);
		symlinkSync(realpathSync(PI_BIN), join(globalBin, "pi"));
		const result = await box.run(["test", "--approve-project-hooks"], {
			bin,
			env: { PATH: `${globalBin}:${BARE_PATH}` },
		});
		expect(result.stdout).toContain("PASS the model denies a recursive delete");
		expect(result.code).toBe(0);
	});
});
