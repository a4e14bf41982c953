/**
 * Figure 6: rebuilding the footer counter and the decision history from a session file with 5,000 decision
 * entries: pi opening the session file (for comparison) and the extension's rebuild (`CardLog.restore`,
 * src/pi/cards/card-log.ts) over the opened branch.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ExtensionContext, SessionManager } from "@earendil-works/pi-coding-agent";
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import { interpretOutcome } from "../../src/engine/decide/interpret.ts";
import { cardOf } from "../../src/engine/plan/card.ts";
import { CARD_ENTRY_TYPE } from "../../src/pi/cards/card-entries.ts";
import { createCardLog } from "../../src/pi/cards/card-log.ts";
import { type FigureRow, formatMs, median, timeMs } from "../stats.ts";

const ENTRIES = 5000;

/** Writes a session file with a short conversation and {@link ENTRIES} decision entries; returns its path. */
const writeSession = (dir: string): string => {
	const settings = JSON.stringify({
		hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "~/.claude/hooks/guard.sh" }] }] },
	});
	const [entry] = parseSettingsText(settings, {
		scope: "claude-user",
		file: "/home/dev/.claude/settings.json",
		project: false,
	}).entries;
	if (entry === undefined) throw new Error("no hook entry");
	const session = SessionManager.create(dir, join(dir, "sessions"));
	session.appendMessage({ role: "user", content: "run the tests", timestamp: Date.now() });
	for (let i = 0; i < ENTRIES; i++) {
		const stderr = `Dangerous command blocked: case ${i}\n`;
		const verdict = interpretOutcome(entry, "PreToolUse", {
			kind: "exited",
			code: 2,
			stdout: { text: "", bytes: 0, truncated: false },
			stderr: { text: stderr, bytes: stderr.length, truncated: false },
			durationMs: 40,
		});
		const kind = i % 5 === 0 ? "error" : "block";
		const record = cardOf(kind, "PreToolUse", [verdict], {
			tool: "Bash",
			input: `rm -rf build-${i}`,
			reason: stderr,
			time: Date.now(),
		});
		session.appendCustomEntry(CARD_ENTRY_TYPE, record);
	}
	const file = session.getSessionFile();
	if (file === undefined) throw new Error("the session was not written to a file");
	return file;
};

/** Figure 6 rows. */
export const measureHistory = async (): Promise<FigureRow[]> => {
	const dir = mkdtempSync(join(tmpdir(), "phm-bench-history-"));
	try {
		const file = writeSession(dir);
		const open = () => SessionManager.open(file, join(dir, "sessions"));
		const log = createCardLog({ appendEntry: () => {}, currentCtx: () => undefined });
		const rebuild = (sessionManager: SessionManager): void => {
			log.restore({ sessionManager, hasUI: false, mode: "print" } as unknown as ExtensionContext);
			const rebuilt = log.records().length;
			if (rebuilt !== ENTRIES) throw new Error(`rebuilt ${rebuilt} of ${ENTRIES} decisions`);
		};
		for (let i = 0; i < 3; i++) rebuild(open());
		const opening: number[] = [];
		const rebuilding: number[] = [];
		for (let run = 0; run < 15; run++) {
			let opened: SessionManager | undefined;
			opening.push(
				await timeMs(() => {
					opened = open();
					opened.getBranch();
				}),
			);
			const sessionManager = opened as SessionManager;
			rebuilding.push(await timeMs(() => rebuild(sessionManager)));
		}
		return [
			{
				figure: 6,
				what: "rebuild counter + history from a session with 5,000 decision entries (extension)",
				target: "-",
				measured: `${formatMs(median(rebuilding))} median of 15 (${log.counts().blocked} blocks counted)`,
				result: "-",
			},
			{
				figure: 6,
				what: "pi opening that session file, for comparison",
				target: "-",
				measured: `${formatMs(median(opening))} median of 15`,
				result: "-",
			},
		];
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
};
