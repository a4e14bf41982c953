/**
 * The permission channels on pi's event bus (`pi.events`): another extension (a permission gate, a plan mode) asks
 * pi-hook-manager to fire PermissionRequest or PermissionDenied and gets the hooks' decision back, on
 * `pi-hook-manager:permission` (its own shape, docs/channel.md) or cc-thingz's `cc-hooks:invoke`. Each request is
 * answered exactly once, by its `reply` (and, for the own shape, on `pi-hook-manager:permission:answer` with its id):
 * with the decision, or with none and why (no hooks, the kill switch, the caller's deadline, a malformed request,
 * no session yet), so the caller falls back on its own default and never hangs. The engine reads the request and
 * runs the flow (src/engine/channel/, flow/permission.ts); this file only listens, times, answers and tells.
 */
import type { EventBus } from "@earendil-works/pi-coding-agent";
import type { ChannelDecision } from "../../engine/channel/permission-answer.ts";
import { answerIn } from "../../engine/channel/permission-answer.ts";
import {
	CC_HOOKS_CHANNEL,
	type ChannelRead,
	PERMISSION_ANSWER_CHANNEL,
	PERMISSION_CHANNEL,
	readCcHooksRequest,
	readPermissionRequest,
} from "../../engine/channel/permission-request.ts";
import { permissionFlow } from "../../engine/flow/permission.ts";
import { type HookContext, runFlow } from "./hook-context.ts";

/** What the channels need of the session. */
export interface ChannelPorts {
	readonly events: Pick<EventBus, "on" | "emit">;
	/** The hook context for a request now; undefined before `session_start`. */
	readonly hookContext: () => HookContext | undefined;
	/** True when the kill switch has every hook off. */
	readonly allOff: () => boolean;
	/** Tells the user one line (a malformed request); never throws. */
	readonly tell: (text: string) => void;
	/** Hears who asked (a request's `from`, `cc-hooks` for cc-thingz's shape), for `/hooks`. */
	readonly asked?: (from: string) => void;
}

/** Starts listening on both channels; returns the function that stops. */
export const listenOnPermissionChannels = (ports: ChannelPorts): (() => void) => {
	const offs = [
		ports.events.on(PERMISSION_CHANNEL, (raw) => answer(ports, readPermissionRequest(raw))),
		ports.events.on(CC_HOOKS_CHANNEL, (raw) => answer(ports, readCcHooksRequest(raw))),
	];
	return () => {
		for (const off of offs) off();
	};
};

/** Handles one read request: the answer goes out once, whatever happens. Never throws. */
const answer = async (ports: ChannelPorts, read: ChannelRead): Promise<void> => {
	if (read.kind === "ignored") return;
	let answered = false;
	const event = read.kind === "ok" ? read.request.event : read.event;
	const shape = read.kind === "ok" ? read.request.shape : read.shape;
	const id = read.kind === "ok" ? read.request.id : read.id;
	const send = (decision: ChannelDecision): void => {
		if (answered) return;
		answered = true;
		const value = answerIn(shape, id, event, decision);
		try {
			read.reply?.(value);
		} catch {
			// A caller's own reply that throws is the caller's problem; the answer is still emitted below.
		}
		if (shape === "pi-hook-manager") ports.events.emit(PERMISSION_ANSWER_CHANNEL, value);
	};
	if (read.kind === "invalid") {
		const who = read.from === undefined ? "an extension" : read.from;
		ports.tell(`a permission request from ${who} was malformed (${read.problem}); no hook ran`);
		send({ behavior: "none", why: "invalid", problem: read.problem });
		return;
	}
	const request = read.request;
	ports.asked?.(request.shape === "cc-hooks" ? "cc-hooks:invoke" : (request.from ?? "an unnamed extension"));
	const hc = ports.hookContext();
	if (hc === undefined) return send({ behavior: "none", why: "not_ready" });
	if (ports.allOff()) return send({ behavior: "none", why: "switched_off" });
	const deadline = new AbortController();
	const timer =
		request.timeoutMs === undefined
			? undefined
			: setTimeout(() => {
					send({ behavior: "none", why: "timeout" });
					deadline.abort();
				}, request.timeoutMs);
	timer?.unref();
	try {
		const running = runFlow(
			hc,
			(moment) => {
				const signals = [moment.signal, deadline.signal].filter((signal) => signal !== undefined);
				return permissionFlow(hc, { session: moment.session, signal: AbortSignal.any(signals) }, request);
			},
			(plan) => plan.steps,
		);
		const plan = running === undefined ? undefined : await running;
		send(plan === undefined ? { behavior: "none", why: "no_hooks" } : plan.decision);
	} catch {
		send({ behavior: "none", why: "no_decision" });
	} finally {
		if (timer !== undefined) clearTimeout(timer);
	}
};
