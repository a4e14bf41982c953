/**
 * Bench probe loaded AFTER the measured extension: closes the interval the `before` probe opened, and writes
 * the marks to `$PI_HOOK_BENCH_OUT` when the session ends.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { PROBED_EVENTS, probeMarks, spanKey, writeMarks } from "./marks.ts";

/** Marks its factory time and the end of each probed event's interval. */
export default function probeAfter(pi: ExtensionAPI): void {
	const marks = probeMarks();
	marks.factory.after = performance.now();
	const on = pi.on.bind(pi) as (event: string, handler: (payload: unknown) => void) => void;
	for (const event of PROBED_EVENTS) {
		on(event, (payload: unknown) => {
			const end = performance.now();
			const key = spanKey(event, payload);
			const start = marks.open[key];
			if (start === undefined) return;
			delete marks.open[key];
			marks.spans.push({ event, start, end });
		});
	}
	pi.on("session_shutdown", () => writeMarks());
}
