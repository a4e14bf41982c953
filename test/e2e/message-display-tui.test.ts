/**
 * MessageDisplay in the real pi in tmux: the hooks get the streamed text in batches of completed lines, and the
 * screen shows their `displayContent` instead of the assistant's text, while the model (its next request) and the
 * session file keep what the assistant wrote.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readJsonLines, useE2e } from "../support/e2e.ts";
import { startFakeLlm } from "../support/fake-llm.mjs";
import { createPiSandbox, EXTENSION_PATH, PI_BIN } from "../support/pi-env.ts";
import { createTmuxServer } from "../support/tmux.ts";

const e2e = useE2e();
const tmux = createTmuxServer();
afterAll(() => tmux.kill());

/** Every file under `dir`, recursively. */
const filesUnder = (dir: string): string[] =>
	readdirSync(dir, { withFileTypes: true }).flatMap((item) =>
		item.isDirectory() ? filesUnder(join(dir, item.name)) : [join(dir, item.name)],
	);

describe("MessageDisplay displayContent", () => {
	it("replaces the assistant's text on screen only: the model and the session file keep the original", async () => {
		const sandbox = e2e.sandbox();
		const display = JSON.stringify({
			hookSpecificOutput: { hookEventName: "MessageDisplay", displayContent: "SHOWN-BY-HOOK instead" },
		});
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { MessageDisplay: [{ hooks: [{ type: "command", command: `echo '${display}'` }] }] },
		});
		tmux.start([PI_BIN, "-e", EXTENSION_PATH], {
			cwd: sandbox.projectDir,
			env: sandbox.env({ TERM: "tmux-256color" }),
		});
		await tmux.waitFor("fake-model");
		await tmux.submit("first words");
		const screen = await tmux.waitFor("SHOWN-BY-HOOK instead");
		expect(screen).not.toContain("echo: first words");
		const before = e2e.llm.requests.length;
		await tmux.submit("second");
		await tmux.waitFor(() => e2e.llm.requests.length > before);
		expect(JSON.stringify(e2e.llm.requests[before]?.messages)).toContain("echo: first words");
		expect(JSON.stringify(e2e.llm.requests[before]?.messages)).not.toContain("SHOWN-BY-HOOK");
		await tmux.quit();
		const sessions = filesUnder(join(sandbox.agentDir, "sessions")).filter((file) => file.endsWith(".jsonl"));
		const saved = sessions.map((file) => readFileSync(file, "utf8")).join("\n");
		expect(saved).toContain("echo: first words");
		expect(saved).not.toContain("SHOWN-BY-HOOK");
	});

	it("shows escape sequences, colour codes and bidi overrides in displayContent as visible escapes", async () => {
		const sandbox = e2e.sandbox();
		const hostile = "HOSTILE \u001b]0;PWNED\u0007 \u001b[31mred\u001b[0m \u202egnp.exe";
		const output = JSON.stringify({
			hookSpecificOutput: { hookEventName: "MessageDisplay", displayContent: hostile },
		});
		sandbox.writeFile(
			"project/hostile.mjs",
			"process.stdin.resume();\n" +
				`process.stdin.on("end", () => process.stdout.write(${JSON.stringify(output)}));\n`,
		);
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				MessageDisplay: [{ hooks: [{ type: "command", command: 'node "$CLAUDE_PROJECT_DIR/hostile.mjs"' }] }],
			},
		});
		tmux.start([PI_BIN, "-e", EXTENSION_PATH], {
			name: "hostile",
			cwd: sandbox.projectDir,
			env: sandbox.env({ TERM: "tmux-256color" }),
		});
		await tmux.waitFor("fake-model", { name: "hostile" });
		await tmux.submit("anything", "hostile");
		const screen = await tmux.waitFor("HOSTILE", { name: "hostile" });
		expect(screen).toContain("HOSTILE \\e]0;PWNED\\x07 \\e[31mred\\e[0m \\u202egnp.exe");
		expect(tmux.paneTitle("hostile")).not.toContain("PWNED");
		const colours = tmux.capture({ name: "hostile", escapes: true });
		const line = colours.split("\n").find((row) => row.includes("HOSTILE")) ?? "";
		expect(line).not.toContain("\u202e");
		expect(line).not.toContain("\u001b[31m");
		await tmux.quit("hostile");
	});

	it("runs per batch of completed lines while the text streams, and shows what the hooks made of each", async () => {
		const llm = await startFakeLlm({ script: [{ text: "first line\nsecond line\nlast words" }] });
		const sandbox = createPiSandbox({ fakeUrl: llm.url });
		try {
			const record = join(sandbox.root, "batches.jsonl");
			sandbox.writeFile(
				"project/upper.mjs",
				[
					'import { appendFileSync } from "node:fs";',
					'let text = "";',
					'process.stdin.on("data", (chunk) => { text += chunk; });',
					'process.stdin.on("end", () => {',
					"\tconst input = JSON.parse(text);",
					`\tappendFileSync(${JSON.stringify(record)}, JSON.stringify(input) + "\\n");`,
					"\tconst displayContent = input.delta.toUpperCase();",
					'\tconst output = { hookSpecificOutput: { hookEventName: "MessageDisplay", displayContent } };',
					"\tprocess.stdout.write(JSON.stringify(output));",
					"});",
				].join("\n"),
			);
			sandbox.writeJson("home/.claude/settings.json", {
				hooks: {
					MessageDisplay: [{ hooks: [{ type: "command", command: 'node "$CLAUDE_PROJECT_DIR/upper.mjs"' }] }],
				},
			});
			tmux.start([PI_BIN, "-e", EXTENSION_PATH], {
				name: "batches",
				cwd: sandbox.projectDir,
				env: sandbox.env({ TERM: "tmux-256color" }),
			});
			await tmux.waitFor("fake-model", { name: "batches" });
			await tmux.submit("say something", "batches");
			const screen = await tmux.waitFor("LAST WORDS", { name: "batches" });
			expect(screen).toContain("FIRST LINE");
			expect(screen).not.toContain("first line");
			const batches = readJsonLines(record);
			expect(batches.map((batch) => [batch.index, batch.final, batch.delta])).toEqual([
				[0, false, "first line\nsecond line\n"],
				[1, true, "last words"],
			]);
			expect(new Set(batches.map((batch) => batch.message_id)).size).toBe(1);
			await tmux.quit("batches");
		} finally {
			sandbox.cleanup();
			await llm.close();
		}
	});

	it("keeps each batch's line end when displayContent has none: batches are not glued together", async () => {
		const llm = await startFakeLlm({ script: [{ text: "first line\nsecond line\nlast words" }] });
		const sandbox = createPiSandbox({ fakeUrl: llm.url });
		try {
			const output = JSON.stringify({
				hookSpecificOutput: { hookEventName: "MessageDisplay", displayContent: "**BATCH-R**" },
			});
			sandbox.writeJson("home/.claude/settings.json", {
				hooks: { MessageDisplay: [{ hooks: [{ type: "command", command: `echo '${output}'` }] }] },
			});
			tmux.start([PI_BIN, "-e", EXTENSION_PATH], {
				name: "glued",
				cwd: sandbox.projectDir,
				env: sandbox.env({ TERM: "tmux-256color" }),
			});
			await tmux.waitFor("fake-model", { name: "glued" });
			await tmux.submit("say something", "glued");
			// Two batches (the completed lines, then the rest): two lines, each of them bold.
			const screen = await tmux.waitFor(
				(text) => text.split("\n").filter((line) => line.trim() === "BATCH-R").length === 2,
				{ name: "glued" },
			);
			expect(screen).not.toContain("**");
			const colours = tmux.capture({ name: "glued", escapes: true }).split("\n");
			const shown = colours.filter((line) => line.includes("BATCH-R"));
			expect(shown).toHaveLength(2);
			for (const line of shown) expect(line).toMatch(/\u001b\[1m[^\n]*BATCH-R/);
			await tmux.quit("glued");
		} finally {
			sandbox.cleanup();
			await llm.close();
		}
	});
});
