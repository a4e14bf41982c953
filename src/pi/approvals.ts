/**
 * Change-aware trust for project hooks: a hook from a project settings file runs only once the user has
 * approved its current definition. Approvals are kept by the hook's id (a hash of file, event, matcher and
 * definition) in pi-hook-manager's approvals file under pi's agent directory; editing a hook changes its id,
 * so a changed hook needs approval again.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../engine/config/edit.ts";
import { commandText } from "../engine/messages.ts";
import type { HookEntry } from "../engine/types.ts";

/** Where approvals live: `<agentDir>/pi-hook-manager/approvals.json`. */
export const approvalsFile = (agentDir: string): string => join(agentDir, "pi-hook-manager", "approvals.json");

/** What is remembered of an approved hook (besides its id, the key). */
export interface ApprovedHook {
	readonly file: string;
	readonly jsonPath: string;
	readonly event: string;
	readonly command: string;
	/** ISO time of the approval. */
	readonly at: string;
}

/** A project hook that needs approval, and whether it is new or a changed version of an approved one. */
export interface PendingApproval {
	readonly entry: HookEntry;
	readonly change: "new" | "changed";
}

/** The approvals store. */
export interface Approvals {
	/** True when this exact definition was approved. Cheap. */
	isApproved(entry: HookEntry): boolean;
	/** Approves the current definitions of `entries` and saves; returns an error message when saving failed. */
	approve(entries: readonly HookEntry[]): string | undefined;
	/** Approves `entries` for this pi process only (nothing is saved). */
	approveForRun(entries: readonly HookEntry[]): void;
	/** Classifies unapproved entries as new or changed (an approval exists at the same file and JSON path). */
	pending(entries: readonly HookEntry[]): PendingApproval[];
	/** A counter that changes with every approval, so cached configurations know to re-merge. */
	version(): number;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
	value !== null && typeof value === "object" && !Array.isArray(value);

const read = (file: string): Record<string, ApprovedHook> => {
	try {
		const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
		if (!isObject(parsed) || !isObject(parsed.approved)) return {};
		const approved: Record<string, ApprovedHook> = {};
		for (const [id, value] of Object.entries(parsed.approved)) {
			if (isObject(value) && typeof value.file === "string") approved[id] = value as unknown as ApprovedHook;
		}
		return approved;
	} catch {
		return {};
	}
};

/** Creates the approvals store backed by `file` (missing or unreadable = nothing approved). */
export const createApprovals = (file: string, now: () => Date = () => new Date()): Approvals => {
	let approved = read(file);
	const forRun = new Set<string>();
	let version = 0;
	return {
		isApproved: (entry) => approved[entry.id] !== undefined || forRun.has(entry.id),
		approveForRun(entries) {
			for (const entry of entries) forRun.add(entry.id);
			version += 1;
		},
		approve(entries) {
			approved = { ...read(file), ...approved };
			for (const entry of entries) {
				approved[entry.id] = {
					file: entry.source.file,
					jsonPath: entry.jsonPath,
					event: entry.event,
					command: commandText(entry),
					at: now().toISOString(),
				};
			}
			version += 1;
			try {
				writeFileAtomic(file, `${JSON.stringify({ version: 1, approved }, null, 2)}\n`);
				return undefined;
			} catch (error) {
				return `approvals could not be saved to ${file}: ${(error as Error).message}`;
			}
		},
		pending(entries) {
			const known = Object.values(approved);
			return entries
				.filter((entry) => approved[entry.id] === undefined)
				.map((entry) => ({
					entry,
					change: known.some((hook) => hook.file === entry.source.file && hook.jsonPath === entry.jsonPath)
						? "changed"
						: "new",
				}));
		},
		version: () => version,
	};
};
