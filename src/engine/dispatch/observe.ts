/** The guard around the engine's observers (record, run start and end, async verdicts). */

/** Calls an observer callback; an observer that throws must not break the dispatch (which never throws). */
export const observe = (callback: () => void): void => {
	try {
		callback();
	} catch {
		// Observers only display things; the hooks' decisions do not depend on them.
	}
};

/**
 * Hands `value` to an observer, as {@link observe} guards it, without making a closure (the no-match path calls it
 * per tool call and allocates nothing else).
 */
export const tell = <T>(observer: (value: T) => void, value: T): void => {
	try {
		observer(value);
	} catch {
		// As in observe: a record observer only displays and logs.
	}
};
