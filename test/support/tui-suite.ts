/**
 * Test helper for a file of tmux-driven tests of the real pi: one scripted model and one tmux server for the file,
 * a fresh sandbox per test (removed after it), and pi started in tmux without waiting for its footer (an approval
 * dialog may cover it), with the screen helpers every such test uses.
 */
import { afterAll, afterEach, beforeAll } from "vitest";
import { type FakeLlm, startFakeLlm } from "./fake-llm.mjs";
import { createPiSandbox, EXTENSION_PATH, PI_BIN, type PiSandbox, type PiSandboxOptions } from "./pi-env.ts";
import { createTmuxServer, type TmuxServer } from "./tmux.ts";

/** What a screen test does with one pi in tmux. */
export interface TuiScreen {
	/** The tmux session's name. */
	readonly name: string;
	/** Resolves with the screen once `test` holds (a text, a pattern or a predicate). */
	readonly waitFor: (test: string | RegExp | ((screen: string) => boolean)) => Promise<string>;
	/** The screen once every text is on it (a capture can land in the middle of a redraw). */
	readonly waitForAll: (...texts: string[]) => Promise<string>;
	/** Sends tmux key names (one Escape at a time: two at once read as alt+escape). */
	readonly keys: (...list: string[]) => void;
	/** Types `text` literally. */
	readonly type: (text: string) => void;
	/** Types `text` and presses Enter. */
	readonly prompt: (text: string) => void;
	/** The screen now. */
	readonly capture: () => string;
	/** Quits pi (Ctrl+D) and resolves once it has exited ({@link TmuxServer.quit}). */
	readonly quit: () => Promise<void>;
}

/** Options of {@link TuiSuite.startPi}. */
export interface StartPiOptions {
	readonly rows?: number;
	readonly cols?: number;
	/** Environment on top of the sandbox's and `TERM=tmux-256color`. */
	readonly env?: Readonly<Record<string, string>>;
}

/** The suite of one test file (see {@link useTuiSuite}). */
export interface TuiSuite {
	/** A fresh sandbox answered by the file's scripted model, removed after the test. */
	readonly sandbox: (options?: Omit<PiSandboxOptions, "fakeUrl">) => PiSandbox;
	/** Starts `pi -e <extension>` in the sandbox's project in tmux (120 x 40 by default) and returns its screen. */
	readonly startPi: (box: PiSandbox, options?: StartPiOptions) => TuiScreen;
	/** The file's tmux server. */
	readonly tmux: () => TmuxServer;
}

/** Registers the file's set-up and clean-up hooks and returns the suite; call once at the top of a test file. */
export const useTuiSuite = (): TuiSuite => {
	let llm: FakeLlm | undefined;
	let tmux: TmuxServer | undefined;
	const boxes: PiSandbox[] = [];
	let session = 0;
	beforeAll(async () => {
		llm = await startFakeLlm();
		tmux = createTmuxServer();
	});
	afterAll(async () => {
		tmux?.kill();
		await llm?.close();
	});
	afterEach(() => {
		for (const box of boxes.splice(0)) box.cleanup();
	});
	const server = (): TmuxServer => {
		if (tmux === undefined) throw new Error("useTuiSuite: tmux is used before beforeAll ran");
		return tmux;
	};
	return {
		tmux: server,
		sandbox: (options = {}) => {
			if (llm === undefined) throw new Error("useTuiSuite: the scripted model is used before beforeAll ran");
			const box = createPiSandbox({ ...options, fakeUrl: llm.url });
			boxes.push(box);
			return box;
		},
		startPi: (box, options = {}) => {
			const name = `s${++session}`;
			const tm = server();
			tm.start([PI_BIN, "-e", EXTENSION_PATH], {
				name,
				cwd: box.projectDir,
				root: box.root,
				env: box.env({ TERM: "tmux-256color", ...options.env }),
				cols: options.cols ?? 120,
				rows: options.rows ?? 40,
			});
			const waitFor = (test: string | RegExp | ((screen: string) => boolean)) => tm.waitFor(test, { name });
			return {
				name,
				waitFor,
				waitForAll: (...texts) => waitFor((screen) => texts.every((text) => screen.includes(text))),
				keys: (...list) => tm.keys(list, name),
				type: (text) => tm.type(text, name),
				capture: () => tm.capture({ name }),
				quit: () => tm.quit(name),
				prompt: (text) => {
					tm.type(text, name);
					tm.keys(["Enter"], name);
				},
			};
		},
	};
};
