/**
 * The words of what an approval does not track ({@link CoverageNote}, a code): one sentence each, shown in the
 * approval dialog (ui/approval-list.ts) and by `pi-hook-manager list`. Pure.
 */
import { terminalSafe } from "../text/terminal-safe.ts";
import type { CoverageNote } from "./reach.ts";

/** The sentence of a note (made from its code): what the approval does not track, in plain words. */
export const noteText = (note: CoverageNote): string => {
	const word = terminalSafe(note.word);
	switch (note.kind) {
		case "program":
			return `changes to the files \`${word}\` reads are not tracked`;
		case "variable":
			return `\`$${word}\` is known only when the hook runs: changes to the files it names are not tracked`;
		case "pattern":
			return `\`${word}\` is a pattern: changes to the files it matches are not tracked`;
		case "unparsed":
			return "the command could not be read in full: changes to the files it runs are not tracked";
		case "over_bound":
			return (
				`\`${word}\` holds more files than an approval covers: changes to the files past them are ` +
				"not tracked"
			);
		case "large_file":
			return `\`${word}\` is too large to hash: its content is not tracked, only its size and times`;
		case "special_file":
			return (
				`\`${word}\` is not a file on disk (a FIFO, a device, or a file under /proc, /sys or /dev): it is ` +
				"never read, so its content is not tracked"
			);
	}
};
