/**
 * Capped capture of one child output stream: keeps the first N bytes, drains and counts the rest,
 * and decodes what was kept as UTF-8 with a visible truncation marker.
 */

import type { Readable } from "node:stream";
import type { CapturedOutput } from "../ports.ts";

/** A running capture of one stream. */
export interface StreamCapture {
	/** Resolves (never rejects) once the stream ended, closed, errored or was destroyed. */
	readonly done: Promise<void>;
	/** True once the stream ended, closed or errored (what resolves `done`). */
	readonly finished: () => boolean;
	/** The output captured so far; safe to call at any time, also before `done`. */
	readonly result: () => CapturedOutput;
}

/**
 * Starts reading `stream` right away (as Buffers) and keeps at most `maxBytes` bytes of it in memory;
 * the rest is read, counted and dropped, so a chatty child never blocks on a full pipe. Never throws.
 */
export function captureStream(stream: Readable, maxBytes: number): StreamCapture {
	const kept: Buffer[] = [];
	let keptBytes = 0;
	let totalBytes = 0;
	stream.on("data", (chunk: Buffer | string) => {
		const buffer = typeof chunk === "string" ? Buffer.from(chunk, "utf-8") : chunk;
		totalBytes += buffer.length;
		const room = maxBytes - keptBytes;
		if (room <= 0) return;
		// Copy a partial chunk so the dropped part of it is not kept alive by a view.
		const part = buffer.length <= room ? buffer : Buffer.from(buffer.subarray(0, room));
		kept.push(part);
		keptBytes += part.length;
	});
	let over = false;
	const done = new Promise<void>((resolve) => {
		const finish = (): void => {
			over = true;
			resolve();
		};
		stream.once("end", finish);
		stream.once("close", finish);
		stream.once("error", finish);
	});
	return { done, finished: () => over, result: () => decodeCaptured(Buffer.concat(kept, keptBytes), totalBytes) };
}

/** One decoder for every capture: `decode` without `stream` keeps no state between calls. */
const UTF8 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

/**
 * Decodes kept bytes as UTF-8 (invalid bytes become U+FFFD). When `totalBytes` exceeds the kept bytes, a
 * multi-byte character cut by the cap is dropped and a marker naming kept and total bytes is appended.
 */
export function decodeCaptured(kept: Buffer, totalBytes: number): CapturedOutput {
	if (totalBytes === 0) return { text: "", bytes: 0, truncated: false }; // a hook that printed nothing
	const truncated = totalBytes > kept.length;
	const bytes = truncated ? kept.subarray(0, completeUtf8Length(kept)) : kept;
	let text = UTF8.decode(bytes);
	if (truncated) text += `\n[pi-hook-manager: output truncated: kept ${bytes.length} of ${totalBytes} bytes]`;
	return { text, bytes: totalBytes, truncated };
}

/** Length of `bytes` without a trailing UTF-8 sequence that the cut left incomplete. */
function completeUtf8Length(bytes: Buffer): number {
	// A UTF-8 sequence is at most 4 bytes, so only the last 3 bytes can start an incomplete one.
	for (let back = 1; back <= Math.min(3, bytes.length); back++) {
		const byte = bytes[bytes.length - back] ?? 0;
		if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead byte
		const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
		return needed > back ? bytes.length - back : bytes.length;
	}
	return bytes.length;
}
