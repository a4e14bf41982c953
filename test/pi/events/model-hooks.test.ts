/**
 * PostModelSwitch on pi's `model_select` in a real pi session: the adapter hands the flow pi's models, source and
 * mode (the payload's other rules are tested in test/engine/flow/model-switch.test.ts), and the hooks' plain stdout
 * and `additionalContext` reach the model, hidden, with the next request; it cannot block.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import type { ModelSelectEvent } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { CONTEXT_MESSAGE_TYPE } from "../../../src/pi/events/hook-context.ts";
import { handleModelSelect } from "../../../src/pi/events/model-hooks.ts";
import { type Hooks, startHookContext } from "../../support/hook-context.ts";
import { useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-model-hooks-");

/**
 * Switches from a model `previous` (null: none) to pi's faux model through the hooks, then prompts; returns what the
 * model saw.
 */
const switchAndPrompt = async (hooks: Hooks, previous: string | null = "faux-0") => {
	const { hc, api, pi, records } = await startHookContext(sdk, hooks);
	const model = pi.faux.getModel();
	const event: ModelSelectEvent = {
		type: "model_select",
		model,
		previousModel: previous === null ? undefined : { ...model, id: previous },
		source: "set",
	};
	await handleModelSelect(event, hc, api);
	let seen = "";
	pi.faux.setResponses([
		(context) => {
			seen = JSON.stringify(context.messages);
			return fauxAssistantMessage("ok");
		},
	]);
	await pi.session().prompt("hello");
	const hidden = pi
		.session()
		.messages.filter((message) => (message as { customType?: string }).customType === CONTEXT_MESSAGE_TYPE);
	return { seen, hidden, records };
};

describe("handleModelSelect", () => {
	it("gives the hook the old and the new model and the source (sdk outside the TUI)", async () => {
		const log = join(sdk.root, "run.json");
		await switchAndPrompt({ PostModelSwitch: [{ hooks: [{ type: "command", command: `cat > '${log}'` }] }] });
		expect(JSON.parse(readFileSync(log, "utf8"))).toMatchObject({
			hook_event_name: "PostModelSwitch",
			from_model: "faux-0",
			to_model: "faux-1",
			requested_model: "faux-1",
			source: "sdk",
		});
	});

	it("delivers plain stdout and additionalContext with the next request, hidden from the transcript", async () => {
		const context = {
			hookSpecificOutput: { hookEventName: "PostModelSwitch", additionalContext: "CTX-FROM-JSON" },
		};
		const { seen, hidden, records } = await switchAndPrompt({
			PostModelSwitch: [
				{
					hooks: [
						{ type: "command", command: "echo PLAIN-STDOUT" },
						{ type: "command", command: `printf '%s' '${JSON.stringify(context)}'` },
					],
				},
			],
		});
		expect(seen).toContain("PLAIN-STDOUT");
		expect(seen).toContain("CTX-FROM-JSON");
		expect(hidden).toHaveLength(1);
		expect(hidden[0]).toMatchObject({ display: false });
		expect(records.map((record) => record.kind)).toEqual(["context"]);
	});

	it("cannot block: a decision block or exit 2 sends nothing and the prompt still runs", async () => {
		const { seen, hidden } = await switchAndPrompt({
			PostModelSwitch: [
				{
					hooks: [
						{ type: "command", command: "echo 'no switching' >&2; exit 2" },
						{ type: "command", command: `printf '%s' '{"decision": "block", "reason": "NOPE"}'` },
					],
				},
			],
		});
		expect(seen).toContain("hello");
		expect(seen).not.toContain("NOPE");
		expect(hidden).toEqual([]);
	});

	it("sends nothing when no PostModelSwitch hook is configured", async () => {
		const { hidden, records } = await switchAndPrompt({
			Stop: [{ hooks: [{ type: "command", command: "echo x" }] }],
		});
		expect(hidden).toEqual([]);
		expect(records).toEqual([]);
	});
});
