/**
 * Work that must not hold up the event that asked for it (writing the firing journal): run in order once the
 * current event's handlers are done (`setImmediate`), and at the latest when the process exits, so nothing asked
 * for is lost when pi ends right after an event. One queue per process.
 */

const queue: (() => void)[] = [];
let scheduled = false;
let exitHooked = false;

/** Runs everything queued, oldest first; a task that throws does not stop the others. */
const flush = (): void => {
	scheduled = false;
	for (const task of queue.splice(0)) {
		try {
			task();
		} catch {
			// Each task reports its own failures; the queue only keeps going.
		}
	}
};

/** Queues `task` to run after the current event (see the header). Never throws. */
export const afterEvent = (task: () => void): void => {
	queue.push(task);
	if (!exitHooked) {
		exitHooked = true;
		process.once("exit", flush);
	}
	if (!scheduled) {
		scheduled = true;
		setImmediate(flush);
	}
};
