/**
 * Bench probe loaded BEFORE the measured extension (`pi -e probe-before.ts -e <extension> -e probe-after.ts`):
 * pi runs an event's handlers in load order, so this handler opens the interval the measured handler runs in.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { PROBED_EVENTS, probeMarks, spanKey } from "./marks.ts";

/** Marks its factory time, and the start of each probed event's interval. */
export default function probeBefore(pi: ExtensionAPI): void {
	const marks = probeMarks();
	marks.factory.before = performance.now();
	const on = pi.on.bind(pi) as (event: string, handler: (payload: unknown) => void) => void;
	for (const event of PROBED_EVENTS) {
		on(event, (payload: unknown) => {
			marks.open[spanKey(event, payload)] = performance.now();
			if (event === "context") {
				const cpu = process.cpuUsage();
				marks.contextCpu.push((cpu.user + cpu.system) / 1000);
			}
		});
	}
}
