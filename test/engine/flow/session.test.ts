/**
 * The session flows on a real engine with real hook processes: SessionStart matches its source, gets pi's model
 * and the CLAUDE_ENV_FILE, plans its context for the next prompt and says which hooks ran (background ones too);
 * SessionEnd gets Claude Code's reason for pi's; an event without hooks is answered at once.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sessionEnd, sessionStart } from "../../../src/engine/flow/session.ts";
import { appendTo, cardKinds, flowEngine, jsonLinesOf } from "../../support/flow-engine.ts";

const dir = (): string => mkdtempSync(join(tmpdir(), "phm-flow-session-"));
const lines = jsonLinesOf;
const kinds = cardKinds;

describe("sessionStart", () => {
	it("runs the hooks matching the source with pi's model and the env file; says which ran", async () => {
		const root = dir();
		const log = join(root, "stdin.jsonl");
		const envFile = join(root, "env.sh");
		const { ports, moment } = flowEngine(
			{
				SessionStart: [
					{
						matcher: "compact",
						hooks: [appendTo(log), { type: "command", command: `echo "$CLAUDE_ENV_FILE" > '${log}.env'` }],
					},
					{ matcher: "startup", hooks: [appendTo(log)] },
					{ matcher: "compact", hooks: [{ type: "command", command: "sleep 0.1", async: true }] },
				],
			},
			root,
		);
		const plan = await sessionStart(ports, moment, {
			source: "compact",
			model: "faux-1",
			envFile: () => envFile,
		});
		expect(lines(log)).toMatchObject([{ hook_event_name: "SessionStart", source: "compact", model: "faux-1" }]);
		expect(readFileSync(`${log}.env`, "utf8").trim()).toBe(envFile);
		expect(plan?.ran.size).toBe(3);
		expect(plan).toMatchObject({ steps: [], context: [] });
	});

	it("runs only the hooks asked for; sends no model key without a model", async () => {
		const root = dir();
		const log = join(root, "stdin.jsonl");
		const { ports, moment } = flowEngine(
			{ SessionStart: [{ hooks: [appendTo(log), appendTo(`${log}.2`)] }] },
			root,
		);
		const first = await sessionStart(ports, moment, { source: "startup", model: undefined });
		const [one] = [...(first?.ran ?? [])];
		const again = await sessionStart(ports, moment, {
			source: "startup",
			model: undefined,
			only: new Set([one ?? ""]),
		});
		expect([...(again?.ran ?? [])]).toEqual([one]);
		expect(lines(log)[0]).not.toHaveProperty("model");
		expect(lines(log).length + lines(`${log}.2`).length).toBe(3);
	});

	it("plans its context for the next prompt with a context card; an exit 2 is an error card", async () => {
		const context = `echo '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"SS-CTX"}}'`;
		const { ports, moment } = flowEngine(
			{
				SessionStart: [
					{ hooks: [{ type: "command", command: context }] },
					{ hooks: [{ type: "command", command: "echo 'setup failed' >&2; exit 2" }] },
				],
			},
			dir(),
		);
		const plan = await sessionStart(ports, moment, { source: "resume", model: undefined });
		expect(plan?.context.join("\n")).toContain("SessionStart hook additional context: SS-CTX");
		expect(kinds(plan?.steps).sort()).toEqual(["context", "error"]);
	});

	it("gives the hooks' watchPaths (relative ones in the cwd) as FileChanged's watch list; none without", async () => {
		const root = dir();
		const watch = { hookSpecificOutput: { hookEventName: "SessionStart", watchPaths: [".envrc", "/abs/x"] } };
		const { ports, moment } = flowEngine(
			{ SessionStart: [{ hooks: [{ type: "command", command: `printf '%s' '${JSON.stringify(watch)}'` }] }] },
			root,
		);
		const plan = await sessionStart(ports, moment, { source: "startup", model: undefined });
		expect(plan?.watchPaths).toEqual(["/abs/x", join(moment.session.cwd, ".envrc")]);
		const quiet = flowEngine({ SessionStart: [{ hooks: [{ type: "command", command: "true" }] }] }, root);
		const none = await sessionStart(quiet.ports, quiet.moment, { source: "startup", model: undefined });
		expect(none?.watchPaths).toBeUndefined();
	});

	it("answers at once, without a promise and without making the env file, when SessionStart has no hooks", () => {
		const { ports, moment } = flowEngine(
			{ SessionEnd: [{ hooks: [{ type: "command", command: "true" }] }] },
			dir(),
		);
		let made = 0;
		const envFile = () => {
			made++;
			return "/tmp/never.sh";
		};
		expect(sessionStart(ports, moment, { source: "startup", model: undefined, envFile })).toBeUndefined();
		expect(made).toBe(0);
	});
});

describe("sessionEnd", () => {
	it.each([
		["new", true, "clear"],
		["resume", false, "resume"],
		["quit", true, "prompt_input_exit"],
		["quit", false, "other"],
	])(
		"gives pi's %s (interactive: %s) as Claude Code's %s and matches on it",
		async (piReason, interactive, reason) => {
			const root = dir();
			const log = join(root, "stdin.jsonl");
			const { ports, moment } = flowEngine(
				{
					SessionEnd: [
						{ matcher: reason, hooks: [appendTo(log)] },
						{ matcher: "logout", hooks: [appendTo(log)] },
					],
				},
				root,
			);
			await sessionEnd(ports, moment, { reason: piReason, interactive });
			expect(lines(log)).toEqual([expect.objectContaining({ hook_event_name: "SessionEnd", reason })]);
		},
	);

	it("a failing hook is one error card; without hooks it answers at once", async () => {
		const failing = flowEngine({ SessionEnd: [{ hooks: [{ type: "command", command: "exit 1" }] }] }, dir());
		expect(kinds(await sessionEnd(failing.ports, failing.moment, { reason: "quit", interactive: true }))).toEqual([
			"error",
		]);
		const none = flowEngine({ SessionStart: [{ hooks: [{ type: "command", command: "true" }] }] }, dir());
		expect(sessionEnd(none.ports, none.moment, { reason: "quit", interactive: true })).toBeUndefined();
	});
});
