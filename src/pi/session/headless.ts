/**
 * What a card says on stderr when pi runs without a UI (print and JSON mode), where nobody sees the transcript:
 * a block or a kept-going Stop as one line naming the hook's event, a `continue: false` stop text, a failure in
 * the card's own words. Other cards say nothing there.
 */

import type { UserNotice } from "../../engine/decide/tool.ts";
import type { Card } from "../../engine/plan/card.ts";
import { firstLine } from "../../engine/text/lines.ts";
import { cardText } from "../../ui/card-view.ts";

/** The warning a card gives without a UI; undefined for a card that is only drawn. */
export const headlessNotice = (record: Card): UserNotice | undefined => {
	if (record.kind === "block" || record.kind === "stop_continue") {
		const name = record.tool === undefined ? record.event : `${record.event}:${record.tool}`;
		const verb =
			record.kind === "stop_continue"
				? "kept the agent going"
				: record.event === "PostToolBatch"
					? "stopped the agent"
					: "blocked the call";
		return { level: "warning", text: `${name} hook ${verb}: ${firstLine(record.reason)}` };
	}
	// A hook's `continue: false` is one card with a UI; without one, its stop text once on stderr.
	if (record.kind === "continue_false") return { level: "warning", text: record.reason };
	// A failure is one card with a UI; without one, the same words once on stderr.
	if (record.kind === "error" || record.kind === "timeout") return { level: "warning", text: cardText(record) };
	return undefined;
};
