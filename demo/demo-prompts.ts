/**
 * The demo's own tiny pi extension (loaded by `npm run demo` next to pi-hook-manager): it keeps the example
 * prompts in a widget above the editor, because pi clears what the demo printed before it started. The
 * prompts come from `PI_HOOK_MANAGER_DEMO_PROMPTS` (JSON `[what, prompt][]`, set by run-demo.mjs and try.mjs), the
 * line above them from `PI_HOOK_MANAGER_DEMO_TITLE` (try.mjs: your own project), the demo's by default.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

/** The extension factory. */
export default function demoPrompts(pi: ExtensionAPI): void {
	pi.on("session_start", (_event, ctx) => {
		if (!ctx.hasUI) return;
		let prompts: [string, string][] = [];
		try {
			prompts = JSON.parse(process.env.PI_HOOK_MANAGER_DEMO_PROMPTS ?? "[]") as [string, string][];
		} catch {
			return;
		}
		if (prompts.length === 0) return;
		const lines = [
			process.env.PI_HOOK_MANAGER_DEMO_TITLE ??
				"Demo: type one of these prompts (the model is scripted), then /hooks to see the hooks and their log:",
			...prompts.map(([what, prompt]) => `  ${prompt}   (${what})`),
		];
		ctx.ui.setWidget("pi-hook-manager-demo", lines, { placement: "aboveEditor" });
	});
}
