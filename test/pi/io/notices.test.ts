/**
 * Notices in a real pi session (pi's SDK in-process): through the UI when there is one, on stderr with the
 * extension's prefix when there is none, terminal-safe in both, and never a throw from a context gone stale.
 */
import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { STDERR_PREFIX, showNotice } from "../../../src/pi/io/notices.ts";
import { startHookContext } from "../../support/hook-context.ts";
import { useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-notices-");

/** What `run` wrote to this process's stderr (the writes still go through). */
const stderrOf = (run: () => void): string => {
	const original = process.stderr.write;
	let written = "";
	process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
		written += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
		return original.call(process.stderr, chunk, ...rest);
	}) as typeof process.stderr.write;
	try {
		run();
	} finally {
		process.stderr.write = original;
	}
	return written;
};

describe("showNotice", () => {
	it("with a UI, notifies at the notice's level with the hooks: prefix, and writes nothing on stderr", async () => {
		const { hc, ui } = await startHookContext(sdk, {});
		const written = stderrOf(() => {
			showNotice(hc.ctx, { level: "warning", text: "project hooks are waiting" });
			showNotice(hc.ctx, { level: "error", text: "settings.json: bad JSON" });
		});
		expect(ui.notices).toEqual([
			{ message: "hooks: project hooks are waiting", level: "warning" },
			{ message: "hooks: settings.json: bad JSON", level: "error" },
		]);
		expect(written).not.toContain(STDERR_PREFIX);
	});

	it("without a UI, writes one prefixed line per notice on stderr", async () => {
		const { hc, ui } = await startHookContext(sdk, {}, { mode: "print", withUi: false });
		expect(hc.ctx.hasUI).toBe(false);
		const written = stderrOf(() => showNotice(hc.ctx, { level: "info", text: "2 hooks off" }));
		expect(written).toBe(`${STDERR_PREFIX} info: 2 hooks off\n`);
		expect(ui.notices).toEqual([]);
	});

	const hostile = "line one\u001b[2J\u001b]0;owned\u0007\nline two";

	it("strips terminal control sequences from a UI notice but keeps its line breaks", async () => {
		const { hc, ui } = await startHookContext(sdk, {});
		showNotice(hc.ctx, { level: "warning", text: hostile });
		expect(ui.notices[0]?.message).toMatch(/^hooks: line one.*\nline two$/s);
		expect(ui.notices[0]?.message).not.toMatch(/[\u001b\u0007]/);
	});

	it("strips terminal control sequences from a stderr notice but keeps its line breaks", async () => {
		const { hc } = await startHookContext(sdk, {}, { mode: "print", withUi: false });
		const written = stderrOf(() => showNotice(hc.ctx, { level: "warning", text: hostile }));
		expect(written).toMatch(/line one.*\nline two\n$/s);
		expect(written).not.toMatch(/[\u001b\u0007]/);
	});

	it("does not throw when the context went stale (the session was forked away)", async () => {
		const { hc, pi, ui } = await startHookContext(sdk, {});
		pi.faux.setResponses([fauxAssistantMessage("one"), fauxAssistantMessage("two")]);
		await pi.session().prompt("first");
		await pi.session().prompt("second");
		await pi.fork(pi.session().getUserMessagesForForking()[1]?.entryId ?? "");
		expect(() => hc.ctx.hasUI).toThrow(/stale/);
		expect(() => showNotice(hc.ctx, { level: "info", text: "late" })).not.toThrow();
		expect(ui.notices).toEqual([]);
	});
});
