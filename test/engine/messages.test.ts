/** The texts of hook outcomes. */
import { describe, expect, it } from "vitest";

describe("visibleText", () => {
	it("escapes control characters so a command cannot hide part of itself", async () => {
		const { visibleText } = await import("../../src/engine/messages.ts");
		expect(visibleText("touch /tmp/x\r\u001b[2Kecho ok")).toBe("touch /tmp/x\\r\\e[2Kecho ok");
		expect(visibleText("echo one\ntouch X\u0007")).toBe("echo one\\ntouch X\\x07");
		expect(visibleText('python3 "$CLAUDE_PROJECT_DIR/a b.py" --flag')).toBe(
			'python3 "$CLAUDE_PROJECT_DIR/a b.py" --flag',
		);
	});
});
