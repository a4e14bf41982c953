/**
 * The /hooks panel's services over the real world: the live configuration, the persisted per-hook switches,
 * the kill switch, and saving hook edits to the settings files (a disabled mark follows an edited hook to its
 * new id and is dropped with a deleted one).
 */
import { type FileSnapshot, parseHookPath, readHandler, saveHookChange, snapshotFile } from "../engine/config/edit.ts";
import type { HookConfig, HookSource } from "../engine/types.ts";
import type { FiringLog } from "../ui/panel/firing-log.ts";
import { hookTarget } from "../ui/panel/format.ts";
import type { PanelServices } from "../ui/panel/hooks-panel.ts";
import type { HookState } from "./hook-state.ts";

/** The kill switch: every hook off for the running pi, never persisted. */
export interface KillSwitch {
	isOff(): boolean;
	toggle(): void;
}

/** Creates an in-memory kill switch (on at start); `onChange` hears every flip. */
export const createKillSwitch = (onChange: (off: boolean) => void = () => {}): KillSwitch => {
	let off = false;
	return {
		isOff: () => off,
		toggle() {
			off = !off;
			onChange(off);
		},
	};
};

/** What the services are built from. */
export interface PanelServiceDeps {
	readonly config: () => HookConfig | undefined;
	readonly sources: readonly HookSource[];
	readonly log: FiringLog;
	readonly state: HookState;
	readonly killSwitch: KillSwitch;
	readonly trusted: () => boolean;
	/** Hears every change the panel makes (switch flipped, file saved), e.g. to update the footer. */
	readonly onChange?: () => void;
}

/** The panel's services. */
export const createPanelServices = (deps: PanelServiceDeps): PanelServices => ({
	config: deps.config,
	sources: deps.sources,
	log: deps.log,
	isEnabled: (entry) => deps.state.isEnabled(entry),
	setEnabled(entry, enabled) {
		const result = deps.state.setEnabled(entry, enabled);
		deps.onChange?.();
		return result.ok ? undefined : `${result.message} (the change applies until pi exits)`;
	},
	allOff: () => deps.killSwitch.isOff(),
	toggleAllOff: () => deps.killSwitch.toggle(),
	trusted: deps.trusted,
	snapshot: (file) => snapshotFile(file),
	save(snapshot, change, previous) {
		const result = saveHookChange(snapshot, change);
		if (result.ok && previous !== undefined && !deps.state.isEnabled(previous)) {
			if (change.kind === "delete") deps.state.setEnabled(previous, true);
			else if (change.kind === "update" && result.id !== undefined && result.id !== previous.id) {
				deps.state.rename(previous.id, {
					id: result.id,
					file: snapshot.file,
					event: change.draft.event,
					matcher: change.draft.matcher,
					target:
						typeof change.draft.handler.command === "string"
							? change.draft.handler.command
							: hookTarget(previous),
				});
			}
		}
		deps.onChange?.();
		return result;
	},
	readHandler(snapshot: FileSnapshot, entry) {
		const at = parseHookPath(entry.jsonPath);
		return at === undefined ? undefined : readHandler(snapshot.text, snapshot.file, entry.id, at);
	},
});
