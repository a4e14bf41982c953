/**
 * The `pi-hook-manager` command: reads the project's hooks as the extension does and lists, lints, tests and
 * traces them. It changes no settings, session or approval (it writes only the fixtures `test --update` is asked
 * to update and the `--junit` report), but `test` and `why` run the matching hooks for real, with their side
 * effects. Exit codes: 0 ok, 1 a fixture failed, lint found an error, or a settings file does not parse (`list`,
 * `why`), 2 a usage error or a fixture file that cannot be read, 3 an internal error; a message, never a stack
 * trace. Bundled by scripts/build.mjs into `dist/cli.mjs` (the `bin`).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { settingPath } from "../engine/config/project-settings.ts";
import { reapHooksOnExit } from "../engine/run/process.ts";
import { terminalSafe } from "../engine/text/terminal-safe.ts";
import { type CliArgs, parseArgs, USAGE, UsageError } from "./args.ts";
import { loadContext } from "./context.ts";
import { fixtureFiles } from "./fixture-files.ts";
import { lintOutput } from "./lint.ts";
import { listOutput } from "./list.ts";
import { hasUnparsable } from "./rejected.ts";
import { needsModel } from "./run-fixture.ts";
import { testCommand } from "./test.ts";
import { whyCommand, whyFixture } from "./why.ts";

/** The Node version pi-hook-manager needs (package.json `engines`). */
const MIN_NODE: readonly [number, number] = [22, 19];

/** The version of the package this file belongs to, from the nearest package.json named pi-hook-manager. */
const packageVersion = (): string => {
	let dir = dirname(fileURLToPath(import.meta.url));
	for (let depth = 0; depth < 5; depth++) {
		try {
			const json = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
				name?: string;
				version?: string;
			};
			if (json.name === "pi-hook-manager" && typeof json.version === "string") return json.version;
		} catch {
			// Not here (dist/ has its own package.json without a name): one folder up.
		}
		dir = dirname(dir);
	}
	return "unknown";
};

/** Writes `text` to a stream and resolves once it is flushed (so a following exit loses nothing). */
const write = (stream: NodeJS.WriteStream, text: string): Promise<void> =>
	text === "" ? Promise.resolve() : new Promise((resolve) => stream.write(text, () => resolve()));

/** Runs one parsed command line; resolves with the exit code. */
const runCommand = async (args: CliArgs): Promise<number> => {
	if (args.command === "help") {
		await write(process.stdout, `${USAGE}\n`);
		return 0;
	}
	if (args.command === "version") {
		await write(process.stdout, `${packageVersion()}\n`);
		return 0;
	}
	const ctx = loadContext({
		...(args.cwd === undefined ? {} : { cwd: args.cwd }),
		...(args.home === undefined ? {} : { home: args.home }),
		...(args.agentDir === undefined ? {} : { agentDir: args.agentDir }),
		approveProjectHooks: args.approveProjectHooks,
		...(args.timeoutSeconds === undefined ? {} : { timeoutSeconds: args.timeoutSeconds }),
		env: process.env,
	});
	// A usage error (a missing or broken fixture, no fixture folder) prints only the error: no note before it.
	if (args.command === "why") whyFixture(ctx, args.operands[0] ?? "");
	if (args.command === "test") fixtureFiles(args.operands, ctx.projectDir);
	for (const warning of ctx.warnings) await write(process.stderr, `pi-hook-manager: ${warning}\n`);
	const waiting = ctx.config.skipped.filter((skipped) => skipped.reason === "unapproved").length;
	if (waiting > 0 && (args.command === "test" || args.command === "why"))
		await write(
			process.stderr,
			`pi-hook-manager: ${waiting} project hook(s) are not approved in pi, so they do not run: approve them ` +
				"in pi (/hooks approve), or pass --approve-project-hooks (for CI on your own repository)\n",
		);
	const settings = ctx.config.pendingSettings ?? [];
	if (settings.length > 0) {
		const named = terminalSafe(settings.map(settingPath).join(", "));
		await write(
			process.stderr,
			`pi-hook-manager: ${settings.length} project setting(s) that switch off or change your hooks are not ` +
				`approved in pi, so they do not apply (${named}): approve them in pi (/hooks approve), or pass ` +
				"--approve-project-hooks\n",
		);
	}
	switch (args.command) {
		case "list": {
			// pi's SDK is loaded only when a prompt or agent hook is configured (is it on: does pi have its model?).
			const models = ctx.config.entries.some(needsModel) ? await ctx.piModels() : undefined;
			const result = listOutput(ctx, args.json, models);
			await write(process.stdout, result.stdout);
			await write(process.stderr, result.stderr);
			return hasUnparsable(ctx) ? 1 : 0;
		}
		case "lint": {
			const result = lintOutput(ctx, args.json ? "json" : args.format, !args.noPreflight);
			await write(process.stdout, result.stdout);
			await write(process.stderr, result.stderr);
			return result.code;
		}
		case "test": {
			let stdout = "";
			let stderr = "";
			const code = await testCommand(
				ctx,
				args.operands,
				{ update: args.update, json: args.json, junit: args.junit, format: args.format },
				(text) => {
					stdout += text;
				},
				(text) => {
					stderr += text;
				},
			);
			await write(process.stdout, stdout);
			await write(process.stderr, stderr);
			return code;
		}
		case "why": {
			const result = await whyCommand(ctx, args.operands[0] ?? "", args.json);
			await write(process.stdout, result.stdout);
			return result.code;
		}
	}
};

/** True when this Node is at least {@link MIN_NODE}. */
const nodeIsRecentEnough = (): boolean => {
	const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
	return major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
};

/** The command's entry: parses `argv`, runs, exits with the code. */
export const main = async (argv: readonly string[]): Promise<void> => {
	let code: number;
	if (!nodeIsRecentEnough()) {
		await write(
			process.stderr,
			`pi-hook-manager: needs Node >= ${MIN_NODE.join(".")} (this is Node ${process.versions.node})\n`,
		);
		process.exit(2);
	}
	// Ctrl+C or a CI cancel: exit (the exit handler kills every hook's process group), never leave hooks behind.
	for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
		process.once(signal, () => process.exit(signal === "SIGINT" ? 130 : 143));
	try {
		reapHooksOnExit();
		code = await runCommand(parseArgs(argv));
	} catch (error) {
		if (error instanceof UsageError) {
			await write(
				process.stderr,
				`pi-hook-manager: ${error.message}\n(pi-hook-manager --help shows the usage)\n`,
			);
			code = 2;
		} else {
			const message = error instanceof Error ? error.message : String(error);
			await write(process.stderr, `pi-hook-manager: internal error: ${message}\n`);
			code = 3;
		}
	}
	// Background (async) hooks and keep-alive sockets must not hold the command open: they are reaped on exit.
	process.exit(code);
};
