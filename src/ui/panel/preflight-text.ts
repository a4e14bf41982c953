/**
 * The preflight as the /hooks panel words it: each finding's sentence (`preflightMessage`, from its code) with
 * paths inside the project shown relative to it, and the one line under a hook in the list. Pure.
 */
import { type PreflightFinding, preflightMessage } from "../../engine/lint/preflight.ts";

/** The sentence of each finding, paths inside `projectDir` relative to it. */
export const preflightTexts = (findings: readonly PreflightFinding[], projectDir: string): string[] =>
	findings.map((finding) =>
		preflightMessage(finding, (path) =>
			path.startsWith(`${projectDir}/`) ? path.slice(projectDir.length + 1) : path,
		),
	);

/** The line under a hook in the list: `cannot run here: <first> (+N more)`; undefined without findings. */
export const preflightSummary = (texts: readonly string[]): string | undefined => {
	const first = texts[0];
	if (first === undefined) return undefined;
	return `cannot run here: ${first}${texts.length > 1 ? ` (+${texts.length - 1} more)` : ""}`;
};
