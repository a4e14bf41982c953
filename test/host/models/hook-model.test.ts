/** The model a prompt or agent hook asks, in a real pi session: pi's current one, or one by id or provider/id. */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { findHookModel } from "../../../src/host/models/hook-model.ts";
import { useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-hook-model-");

/** pi's context in a session whose current model is the faux `faux-1`. */
const piContext = async (): Promise<ExtensionContext> => {
	let seen: ExtensionContext | undefined;
	await sdk.start({
		extensions: [
			(api: ExtensionAPI) => {
				api.on("session_start", (_event, ctx) => {
					seen = ctx;
				});
			},
		],
	});
	if (seen === undefined) throw new Error("no session_start");
	return seen;
};

describe("findHookModel", () => {
	it("is pi's current model when the hook names none", async () => {
		const ctx = await piContext();
		expect(findHookModel(ctx, undefined)?.id).toBe("faux-1");
	});

	it("finds an available model by its id or by provider/id, and nothing for another name", async () => {
		const ctx = await piContext();
		expect(findHookModel(ctx, "faux-1")).toMatchObject({ id: "faux-1", provider: "faux" });
		expect(findHookModel(ctx, "faux/faux-1")).toMatchObject({ id: "faux-1", provider: "faux" });
		expect(findHookModel(ctx, "other/faux-1")).toBeUndefined();
		expect(findHookModel(ctx, "")).toBeUndefined();
	});

	it("is undefined without a pi context", () => {
		expect(findHookModel(undefined, undefined)).toBeUndefined();
		expect(findHookModel(undefined, "faux-1")).toBeUndefined();
	});
});
