/** The abort signals of one hook run: Esc, the session's end and the hook's own switch, as one signal. */

/** Signals {@link combine} made, by their two parts (a fired signal stays fired, so a made one stays right). */
const combined = new WeakMap<AbortSignal, WeakMap<AbortSignal, AbortSignal>>();

/**
 * One signal that fires when either fires; undefined when neither is given. The same two signals give the same
 * signal (each run of a hook would otherwise make one, and `AbortSignal.any` is not cheap).
 */
export const combine = (a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal | undefined => {
	if (a === undefined) return b;
	if (b === undefined) return a;
	let byB = combined.get(a);
	if (byB === undefined) {
		byB = new WeakMap();
		combined.set(a, byB);
	}
	let either = byB.get(b);
	if (either === undefined) {
		either = AbortSignal.any([a, b]);
		byB.set(b, either);
	}
	return either;
};
