/**
 * The kill switch: every hook off for the running pi, never persisted. Its own module so start-up does not load
 * the panel's services (and the settings editor behind them) to get it.
 */

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
