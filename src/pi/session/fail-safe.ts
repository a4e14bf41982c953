/**
 * A safety net around pi event handlers: an unexpected error inside pi-hook-manager never reaches pi (where
 * it could break the session); the user is told once per event name and the handler's safe default applies.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { showNotice } from "../io/notices.ts";

const told = new Set<string>();

/**
 * Wraps `handler`: a throw or rejection becomes `fallback` plus one error notice naming `event`.
 * Gates choose their fallback on purpose (`input` fails open with `{action: "continue"}`).
 */
export const failSafe =
	<E, R>(event: string, fallback: R, handler: (event: E, ctx: ExtensionContext) => R | Promise<R>) =>
	async (payload: E, ctx: ExtensionContext): Promise<R> => {
		try {
			return await handler(payload, ctx);
		} catch (error) {
			if (!told.has(event)) {
				told.add(event);
				showNotice(ctx, {
					level: "error",
					text: `pi-hook-manager failed in ${event} (hooks for it were skipped): ${(error as Error).message}`,
				});
			}
			return fallback;
		}
	};
