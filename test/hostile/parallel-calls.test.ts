/**
 * Several tool calls in one model reply, in the real pi: every call's hooks get that call's input, and every
 * call gets the decision made on it (blocked ones do not run, the others run and reach PostToolUse once each).
 */
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { piPrintArgs, runPiPrint } from "../support/pi-env.ts";

const e2e = useE2e();

describe("hooks on parallel tool calls", () => {
	it("six bash calls in one reply: the guard blocks just the three bad ones, each with its own reason", async () => {
		const box = e2e.sandbox();
		mkdirSync(join(box.projectDir, "made"));
		const guard =
			`input=$(cat); case "$input" in *bad-*) echo "refused: $(printf %s "$input" | grep -o ` +
			`'touch made/bad-[0-9]*')" >&2; exit 2;; esac`;
		box.writeJson("home/.claude/settings.json", {
			hooks: {
				PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `sleep 0.3; ${guard}` }] }],
				PostToolUse: [
					{
						matcher: "Bash",
						hooks: [{ type: "command", command: `cat > "$CLAUDE_PROJECT_DIR/post-$$.json"` }],
					},
				],
			},
		});
		const calls = [0, 1, 2, 3, 4, 5].map((i) =>
			i % 2 === 0 ? `bash: touch made/bad-${i}` : `bash: touch made/ok-${i}`,
		);
		const before = e2e.llm.requests.length;
		const result = await runPiPrint(box, piPrintArgs(calls.join("\n")));
		expect(result.code, result.stderr).toBe(0);

		expect(readdirSync(join(box.projectDir, "made")).sort()).toEqual(["ok-1", "ok-3", "ok-5"]);
		const last = e2e.llm.requests.slice(before).at(-1)?.messages ?? [];
		const toolTexts = last
			.filter((m): m is { role: string; content: unknown } => (m as { role?: string }).role === "tool")
			.map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content)));
		expect(toolTexts).toHaveLength(6);
		for (const i of [0, 2, 4]) {
			const text = toolTexts.find((t) => t.includes(`refused: touch made/bad-${i}`));
			expect(text, `the reason for bad-${i}`).toBeDefined();
			expect(text).not.toMatch(new RegExp(`bad-(?!${i}\\b)\\d`));
		}
		const posts = readdirSync(box.projectDir).filter((name) => name.startsWith("post-"));
		const posted = posts.map(
			(name) =>
				(JSON.parse(readFileSync(join(box.projectDir, name), "utf8")) as { tool_input: { command: string } })
					.tool_input.command,
		);
		expect(posted.sort()).toEqual(["touch made/ok-1", "touch made/ok-3", "touch made/ok-5"]);
	});
});
