/**
 * UserPromptExpansion and UserPromptSubmit on pi's `input` event in a real pi session (real hook processes):
 * a block keeps the prompt from the model and says why; plain stdout and `additionalContext` go to the model
 * with the prompt, hidden. Which events a prompt fires and what they get: test/engine/flow/prompt.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { CONTEXT_MESSAGE_TYPE } from "../../../src/pi/events/hook-context.ts";
import { handleBeforeAgentStart, handleInput, type PromptHookState } from "../../../src/pi/events/prompt-hooks.ts";
import { type Hooks, startHookContext } from "../../support/hook-context.ts";
import { useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-prompt-hooks-");

/** pi with the prompt hooks wired (prompt templates `templates`); `seen` holds what the model got per request. */
const start = async (hooks: Hooks, templates: readonly string[] = []) => {
	const state: PromptHookState = { pending: [] };
	const started = await startHookContext(sdk, hooks, {
		register: (api, hc) => {
			api.on("input", (event) => handleInput(event, hc(), state, () => templates));
			api.on("before_agent_start", () => handleBeforeAgentStart(state));
		},
	});
	const seen: string[] = [];
	started.pi.faux.setResponses(
		Array.from({ length: 3 }, () => (context: { messages: unknown[] }) => {
			seen.push(JSON.stringify(context.messages));
			return fauxAssistantMessage("ok");
		}),
	);
	return { ...started, seen, state };
};

const recordTo = (file: string) => ({ type: "command", command: `cat > '${file}'` });
const hidden = (session: { messages: unknown[] }) =>
	session.messages.filter((message) => (message as { customType?: string }).customType === CONTEXT_MESSAGE_TYPE);

describe("handleInput: UserPromptSubmit", () => {
	it("gives the hook the prompt and sends its plain stdout to the model, hidden, after the prompt", async () => {
		const log = join(sdk.root, "submit.json");
		const { pi, seen, records } = await start({
			UserPromptSubmit: [{ hooks: [recordTo(log), { type: "command", command: "echo TODAY-IS-TUESDAY" }] }],
		});
		await pi.session().prompt("what day is it?");
		expect(JSON.parse(readFileSync(log, "utf8"))).toMatchObject({
			hook_event_name: "UserPromptSubmit",
			prompt: "what day is it?",
		});
		expect(seen).toHaveLength(1);
		expect(seen[0]?.indexOf("TODAY-IS-TUESDAY")).toBeGreaterThan(seen[0]?.indexOf("what day is it?") ?? 0);
		expect(hidden(pi.session())).toEqual([expect.objectContaining({ display: false })]);
		expect(records.map((record) => record.kind)).toEqual(["context"]);
	});

	it("exit 2 keeps the prompt from the model, tells the user why and records the block", async () => {
		const { pi, seen, records, ui } = await start({
			UserPromptSubmit: [{ hooks: [{ type: "command", command: "echo 'no secrets in prompts' >&2; exit 2" }] }],
		});
		await pi.session().prompt("my password is hunter2");
		expect(seen).toEqual([]);
		expect(ui.notices.map((notice) => notice.message).join("\n")).toContain("no secrets in prompts");
		expect(records.map((record) => [record.kind, record.event])).toEqual([["prompt_blocked", "UserPromptSubmit"]]);
	});

	it("runs no hook for a prompt an extension sent", async () => {
		const log = join(sdk.root, "submit.json");
		const { pi, seen } = await start({ UserPromptSubmit: [{ hooks: [recordTo(log)] }] });
		await pi.session().prompt("from an extension", { source: "extension" });
		expect(seen).toHaveLength(1);
		expect(() => readFileSync(log)).toThrow(/ENOENT/);
	});
});

describe("handleInput: UserPromptExpansion", () => {
	it("a block of the expansion keeps the prompt from the model and from UserPromptSubmit", async () => {
		const submit = join(sdk.root, "submit.json");
		const { pi, seen, records } = await start({
			UserPromptExpansion: [
				{ hooks: [{ type: "command", command: `printf '%s' '{"decision": "block", "reason": "not now"}'` }] },
			],
			UserPromptSubmit: [{ hooks: [recordTo(submit)] }],
		});
		await pi.session().prompt("/skill:deploy");
		expect(seen).toEqual([]);
		expect(() => readFileSync(submit)).toThrow(/ENOENT/);
		expect(records.map((record) => [record.kind, record.event])).toEqual([
			["prompt_blocked", "UserPromptExpansion"],
		]);
	});
});

describe("handleBeforeAgentStart", () => {
	it("sends nothing without pending context; sends all of it once, joined by lines, then nothing", () => {
		const state: PromptHookState = { pending: [] };
		expect(handleBeforeAgentStart(state)).toBeUndefined();
		state.pending.push("one", "two");
		expect(handleBeforeAgentStart(state)).toEqual({
			message: { customType: CONTEXT_MESSAGE_TYPE, content: "one\ntwo", display: false },
		});
		expect(state.pending).toEqual([]);
		expect(handleBeforeAgentStart(state)).toBeUndefined();
	});
});
