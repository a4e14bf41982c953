/** The texts of hook outcomes. */
import { describe, expect, it } from "vitest";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { handlerTarget } from "../../../src/engine/text/messages.ts";
import type { HookSource } from "../../../src/engine/types.ts";

describe("visibleText", () => {
	it("escapes control characters so a command cannot hide part of itself", async () => {
		const { visibleText } = await import("../../../src/engine/text/messages.ts");
		expect(visibleText("touch /tmp/x\r\u001b[2Kecho ok")).toBe("touch /tmp/x\\r\\e[2Kecho ok");
		expect(visibleText("echo one\ntouch X\u0007")).toBe("echo one\\ntouch X\\x07");
		expect(visibleText('python3 "$CLAUDE_PROJECT_DIR/a b.py" --flag')).toBe(
			'python3 "$CLAUDE_PROJECT_DIR/a b.py" --flag',
		);
	});
});

describe("handlerTarget", () => {
	const source: HookSource = { scope: "claude-user", file: "/u/settings.json", project: false };
	const target = (handler: Record<string, unknown>): string => {
		const parsed = parseSettingsText(JSON.stringify({ hooks: { Stop: [{ hooks: [handler] }] } }), source);
		const entry = parsed.entries[0];
		if (entry === undefined) throw new Error(`no hook: ${JSON.stringify(parsed.issues)}`);
		return handlerTarget(entry);
	};

	it.each([
		[{ type: "command", command: "guard.sh --strict" }, "guard.sh --strict"],
		[{ type: "command", command: "node", args: ["g.mjs", "x y"] }, "node g.mjs x y"],
		[{ type: "http", url: "http://127.0.0.1:9/h" }, "http://127.0.0.1:9/h"],
		[{ type: "prompt", prompt: "Is it done?" }, "Is it done?"],
		[{ type: "mcp_tool", server: "srv", tool: "check" }, "srv/check"],
	])("%j runs %s, as written", (handler, shown) => {
		expect(target(handler)).toBe(shown);
	});
});
