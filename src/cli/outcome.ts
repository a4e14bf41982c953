/**
 * What an event's hooks decided together, in a fixture's terms, and how it compares with what the fixture
 * expects: the decision, its reason, the context for the model and the rewritten tool input. Read from the
 * engine's effects (`eventEffects`, the session's own decision rules), so a fixture passes exactly when pi would
 * decide that way. Pure.
 */
import type { HookVerdict } from "../engine/interpret.ts";
import type { WouldEffect } from "../engine/would.ts";
import type { Decision, FixtureExpect } from "./fixture.ts";

/** The outcome of one fixture's event. */
export interface FixtureOutcome {
	readonly decision: Decision;
	/** The reason the session would give (to the model for deny and block, to the user for ask); `""` for none. */
	readonly reason: string;
	/** The context the model would get, each hook's on its own line; `""` for none. */
	readonly context: string;
	/** The rewritten tool input; undefined when no hook rewrote it. */
	readonly updatedInput: Readonly<Record<string, unknown>> | undefined;
	/** Hooks that failed or timed out (they decide nothing), one line each, for the difference. */
	readonly failures: readonly string[];
}

/** Which effect kind makes which decision, strongest first (a deny beats an ask, as in the session). */
const DECISION_ORDER: readonly (readonly [WouldEffect["kind"], Decision])[] = [
	["deny", "deny"],
	["block", "block"],
	["ask", "ask"],
	["allow", "allow"],
];

/** The outcome of an event whose hooks had `effects` together. */
export const outcomeOf = (effects: readonly WouldEffect[]): FixtureOutcome => {
	let decision: Decision = "none";
	let reason = "";
	for (const [kind, made] of DECISION_ORDER) {
		const found = effects.filter((effect) => effect.kind === kind);
		if (found.length === 0) continue;
		decision = made;
		reason = kind === "allow" ? "" : found.map((effect) => effect.text).join("\n");
		break;
	}
	const context = effects
		.filter((effect) => effect.kind === "context")
		.map((effect) => effect.text)
		.join("\n");
	let updatedInput: Record<string, unknown> | undefined;
	const rewrite = effects.find((effect) => effect.kind === "rewrite");
	if (rewrite !== undefined) {
		try {
			updatedInput = JSON.parse(rewrite.text) as Record<string, unknown>;
		} catch {
			updatedInput = undefined;
		}
	}
	const failures = effects
		.filter((effect) => effect.kind === "failed")
		.map((effect) => `${effect.label}: ${effect.text}`);
	return { decision, reason, context, updatedInput, failures };
};

/**
 * The `expect` that `--update` writes for an outcome: the decision, and the hooks' own words for the reason and
 * the context (what they printed, without the wrapper the session adds around it, so the fixture does not repeat
 * the hook's command), and the rewritten input.
 */
export const expectFor = (outcome: FixtureOutcome, verdicts: readonly HookVerdict[]): FixtureExpect => {
	const own = (kinds: readonly string[]): string =>
		verdicts
			.flatMap((verdict) => verdict.effects)
			.flatMap((effect) =>
				kinds.includes(effect.kind) && "reason" in effect && typeof effect.reason === "string"
					? [effect.reason.trim()]
					: [],
			)
			.filter((text) => text !== "")
			.join("\n");
	const kinds: Readonly<Record<Decision, readonly string[]>> = {
		deny: ["deny", "block"],
		block: ["block"],
		ask: ["ask"],
		allow: [],
		none: [],
	};
	const reason = own(kinds[outcome.decision]);
	const context = verdicts
		.flatMap((verdict) => verdict.effects)
		.flatMap((effect) => (effect.kind === "context" ? [effect.text.trim()] : []))
		.filter((text) => text !== "")
		.join("\n");
	return {
		decision: outcome.decision,
		...(reason !== "" && outcome.reason.includes(reason) ? { reason } : {}),
		...(context !== "" && outcome.context.includes(context) ? { context } : {}),
		...(outcome.updatedInput === undefined ? {} : { updatedInput: outcome.updatedInput }),
	};
};

/** True when `actual` has every field of `wanted` with an equal value (objects compared the same way, deeply). */
const differencesIn = (wanted: unknown, actual: unknown, path: string): string[] => {
	if (wanted !== null && typeof wanted === "object" && !Array.isArray(wanted)) {
		if (actual === null || typeof actual !== "object" || Array.isArray(actual))
			return [`${path}: expected an object, got ${JSON.stringify(actual) ?? "nothing"}`];
		return Object.entries(wanted).flatMap(([key, value]) =>
			differencesIn(value, (actual as Record<string, unknown>)[key], `${path}.${key}`),
		);
	}
	return JSON.stringify(wanted) === JSON.stringify(actual)
		? []
		: [`${path}: expected ${JSON.stringify(wanted)}, got ${JSON.stringify(actual) ?? "nothing"}`];
};

/** `"text"`, or `nothing` for an empty text. */
const shown = (text: string): string => (text === "" ? "nothing" : JSON.stringify(text));

/** The differences between what a fixture expects and the outcome, one line each; empty when it passes. */
export const compareOutcome = (expect: FixtureExpect, outcome: FixtureOutcome): string[] => {
	const lines: string[] = [];
	if (expect.decision !== outcome.decision)
		lines.push(`decision: expected "${expect.decision}", got "${outcome.decision}"`);
	for (const key of ["reason", "context"] as const) {
		const wanted = expect[key];
		if (wanted !== undefined && !outcome[key].includes(wanted))
			lines.push(`${key}: expected to contain ${JSON.stringify(wanted)}, got ${shown(outcome[key])}`);
	}
	if (expect.updatedInput !== undefined) {
		if (outcome.updatedInput === undefined)
			lines.push(`updatedInput: expected ${JSON.stringify(expect.updatedInput)}, got no rewrite`);
		else lines.push(...differencesIn(expect.updatedInput, outcome.updatedInput, "updatedInput"));
	}
	return lines;
};
