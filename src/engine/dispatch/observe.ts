/** The guard around the engine's observers (record, run start and end, async verdicts). */

/** Calls an observer callback; an observer that throws must not break the dispatch (which never throws). */
export const observe = (callback: () => void): void => {
	try {
		callback();
	} catch {
		// Observers only display things; the hooks' decisions do not depend on them.
	}
};
