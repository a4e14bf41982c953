/** Test helper: the real pi with this extension in a tmux session, ready once its footer shows the fake model. */
import { EXTENSION_PATH, PI_BIN, type PiSandbox } from "./pi-env.ts";
import type { TmuxServer } from "./tmux.ts";

/** Options of {@link startPiTui}. */
export interface PiTuiOptions {
	/** tmux session name; default `main`. */
	readonly name?: string;
	/** Environment on top of the sandbox's and `TERM=tmux-256color`. */
	readonly env?: Readonly<Record<string, string>>;
	/** Terminal size; 120 x 40 when omitted. */
	readonly cols?: number;
	readonly rows?: number;
}

/** Starts `pi -e <extension>` in the sandbox's project dir in `tmux` and waits until pi shows `fake-model`. */
export const startPiTui = async (tmux: TmuxServer, sandbox: PiSandbox, options: PiTuiOptions = {}): Promise<void> => {
	const { name, env = {}, cols, rows } = options;
	tmux.start([PI_BIN, "-e", EXTENSION_PATH], {
		name,
		cwd: sandbox.projectDir,
		root: sandbox.root,
		env: sandbox.env({ TERM: "tmux-256color", ...env }),
		cols,
		rows,
	});
	await tmux.waitFor("fake-model", { name });
};
