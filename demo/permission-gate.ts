/** A permission gate that asks the user's PermissionRequest hooks before each bash call (docs/channel.md). */
import { randomUUID } from "node:crypto";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

type Answer = { decision: "allow" | "deny" | "none"; input?: Record<string, unknown>; message?: string };

export default function permissionGate(pi: ExtensionAPI): void {
	const ask = (toolName: string, input: Record<string, unknown>): Promise<Answer> =>
		new Promise((resolve) => {
			// Our own default when nobody answers in time (pi-hook-manager not loaded): no decision.
			const timer = setTimeout(() => resolve({ decision: "none" }), 10_000);
			const reply = (answer: Answer) => {
				clearTimeout(timer);
				resolve(answer);
			};
			const request = { id: randomUUID(), event: "PermissionRequest", from: "permission-gate", toolName, input };
			pi.events.emit("pi-hook-manager:permission", { ...request, timeoutMs: 10_000, reply });
		});
	pi.on("tool_call", async (event, ctx) => {
		if (event.toolName !== "bash") return undefined;
		const answer = await ask(event.toolName, event.input);
		if (answer.decision === "allow") return void Object.assign(event.input, answer.input ?? {});
		if (answer.decision === "deny") return { block: true, reason: answer.message || "denied by a hook" };
		const yes = ctx.hasUI && (await ctx.ui.confirm("Run this command?", String(event.input.command)));
		return yes ? undefined : { block: true, reason: "permission-gate: not confirmed" };
	});
}
