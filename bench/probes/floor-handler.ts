/**
 * Bench floor loaded in place of the measured extension: `tool_call` and `tool_result` handlers that return at
 * once. Between the probes it shows what pi itself spends on one more extension's handler per event (its loop over
 * the handlers, the await of each), the part of the per-call figure no extension can avoid.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

/** Registers the two empty handlers. */
export default function floorHandler(pi: ExtensionAPI): void {
	pi.on("tool_call", () => undefined);
	pi.on("tool_result", () => undefined);
}
