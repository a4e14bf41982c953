/** Capped capture of a child's output stream: kept bytes, counted bytes, UTF-8 cuts and the truncation marker. */
import { spawn } from "node:child_process";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { captureStream, decodeCaptured } from "../../../src/engine/run/capture.ts";

describe("decodeCaptured", () => {
	it("decodes what fits whole, without a marker", () => {
		expect(decodeCaptured(Buffer.from("héllo"), 6)).toEqual({ text: "héllo", bytes: 6, truncated: false });
	});

	it("appends a marker naming kept and total bytes when cut", () => {
		expect(decodeCaptured(Buffer.from("abc"), 10)).toEqual({
			text: "abc\n[pi-hook-manager: output truncated: kept 3 of 10 bytes]",
			bytes: 10,
			truncated: true,
		});
	});

	it.each([
		["a two-byte", "é", 1],
		["a three-byte", "語", 2],
		["a four-byte", "😀", 3],
	])("drops %s character the cap cut", (_name, char, keptOfChar) => {
		const whole = Buffer.from(`ab${char}`);
		const kept = whole.subarray(0, 2 + keptOfChar);
		const result = decodeCaptured(kept, whole.length + 5);
		expect(result.text).toBe(`ab\n[pi-hook-manager: output truncated: kept 2 of ${whole.length + 5} bytes]`);
	});

	it("keeps a complete multi-byte character at the cut", () => {
		const kept = Buffer.from("ab😀");
		expect(decodeCaptured(kept, 100).text.startsWith("ab😀\n")).toBe(true);
	});

	it("turns invalid bytes into U+FFFD", () => {
		expect(decodeCaptured(Buffer.from([0x61, 0xff, 0x62]), 3).text).toBe("a\uFFFDb");
	});
});

describe("captureStream", () => {
	it("keeps the first maxBytes bytes and counts the rest", async () => {
		const stream = new PassThrough();
		const capture = captureStream(stream, 5);
		stream.write("abc");
		stream.write("defgh");
		stream.end("ij");
		await capture.done;
		expect(capture.result()).toEqual({
			text: "abcde\n[pi-hook-manager: output truncated: kept 5 of 10 bytes]",
			bytes: 10,
			truncated: true,
		});
	});

	it("says it is finished only once the stream has ended", async () => {
		const stream = new PassThrough();
		const capture = captureStream(stream, 100);
		stream.write("partial");
		await new Promise<void>((resolve) => setImmediate(resolve));
		expect(capture.finished()).toBe(false);
		stream.end();
		await capture.done;
		expect(capture.finished()).toBe(true);
	});

	it("gives what arrived so far before the stream ends", async () => {
		const stream = new PassThrough();
		const capture = captureStream(stream, 100);
		stream.write("partial");
		await new Promise<void>((resolve) => setImmediate(resolve));
		expect(capture.result()).toEqual({ text: "partial", bytes: 7, truncated: false });
		stream.end();
		await capture.done;
	});

	it("resolves done when the stream errors or is destroyed", async () => {
		const errored = new PassThrough();
		const first = captureStream(errored, 10);
		errored.write("x");
		errored.destroy(new Error("broken pipe"));
		await first.done;
		expect(first.result().text).toBe("x");

		const destroyed = new PassThrough();
		const second = captureStream(destroyed, 10);
		destroyed.destroy();
		await second.done;
		expect(second.result()).toEqual({ text: "", bytes: 0, truncated: false });
	});

	it("drains a real child's large output without blocking it", async () => {
		const child = spawn(process.execPath, ["-e", "process.stdout.write('x'.repeat(1_000_000))"], {
			stdio: ["ignore", "pipe", "ignore"],
		});
		const capture = captureStream(child.stdout, 1024);
		const exit = new Promise<number | null>((resolve) => child.once("close", resolve));
		await capture.done;
		expect(await exit).toBe(0);
		const result = capture.result();
		expect(result.bytes).toBe(1_000_000);
		expect(result.truncated).toBe(true);
		expect(result.text.startsWith(`${"x".repeat(1024)}\n[pi-hook-manager`)).toBe(true);
	});
});
