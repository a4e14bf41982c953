/**
 * The package as a CI installs it into its own project: `npm pack`'s tarball installed with `npm install
 * --save-dev` into a fresh temp project that has no pi, then `npx pi-hook-manager lint` and `test` there (the real
 * npm, the real bin link). pi's two packages are optional peers (`peerDependenciesMeta`), so npm does not pull
 * them in; a prompt hook is then `SKIP no_pi`, never run and never passed. The install needs the npm registry (or
 * npm's cache) for the package's own dependencies and nothing else; without it the test is skipped and says why.
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createCliSandbox, SAMPLE_PROJECT } from "../support/cli.ts";
import { PROJECT_ROOT } from "../support/pi-env.ts";

const box = createCliSandbox();
afterAll(() => box.remove());

/**
 * npm with the project's Node first on PATH (the Node `npx pi-hook-manager` then runs on), and only the system's
 * folders after it: no `pi` command there (the repository's node_modules/.bin has one).
 */
const env = {
	...process.env,
	PATH: [
		dirname(process.execPath),
		...(process.env.PATH ?? "").split(":").filter((dir) => !existsSync(join(dir, "pi"))),
	].join(":"),
	PI_HOOK_MANAGER_MANAGED_SETTINGS_DIR: join(box.root, "managed"),
};

/** Packs the repository (dist is built by the test set-up) and installs the tarball; why not, when it fails. */
const install = (): string | undefined => {
	const out = execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", box.root], {
		cwd: PROJECT_ROOT,
		env,
		encoding: "utf8",
	});
	const tarball = join(box.root, (JSON.parse(out) as { filename: string }[])[0]?.filename ?? "");
	writeFileSync(join(box.project, "package.json"), '{"name": "ci-project", "version": "1.0.0", "private": true}\n');
	const npm = spawnSync(
		"npm",
		["install", "--save-dev", tarball, "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"],
		{ cwd: box.project, env, encoding: "utf8", timeout: 240_000 },
	);
	return npm.status === 0 ? undefined : `npm install of the tarball failed (registry unreachable?): ${npm.stderr}`;
};

const notInstalled = install();
if (notInstalled !== undefined) console.warn(`skipping the tarball install test: ${notInstalled.slice(0, 300)}`);

/** `npx pi-hook-manager ARGS` in the installed project, with the sandbox's home. */
const npx = (args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
	new Promise((resolve) =>
		execFile(
			"npx",
			["--no-install", "pi-hook-manager", ...args, "--home", box.home],
			{ cwd: box.project, env, encoding: "utf8", timeout: 60_000 },
			(error, stdout, stderr) =>
				resolve({
					code: error === null ? 0 : typeof error.code === "number" ? error.code : -1,
					stdout,
					stderr,
				}),
		),
	);

describe.skipIf(notInstalled !== undefined)("the packed tarball installed into a project without pi", () => {
	it("installs without pi's packages (optional peers) and runs lint and test with npx", async () => {
		expect(existsSync(join(box.project, "node_modules", "@earendil-works"))).toBe(false);
		const manifest = JSON.parse(readFileSync(join(box.project, "package.json"), "utf8"));
		expect(Object.keys(manifest.devDependencies)).toEqual(["pi-hook-manager"]);
		cpSync(join(SAMPLE_PROJECT, ".claude"), join(box.project, ".claude"), { recursive: true });
		cpSync(join(SAMPLE_PROJECT, ".pi"), join(box.project, ".pi"), { recursive: true });
		const lint = await npx(["lint"]);
		expect(lint.stdout).toBe("");
		expect(lint.stderr).toBe("0 error(s), 0 warning(s)\n");
		expect(lint.code).toBe(0);
		const test = await npx(["test", "--approve-project-hooks"]);
		expect(test.stdout.trimEnd().split("\n").at(-1)).toBe("4 passed, 0 failed");
		expect(test.code).toBe(0);
		const broken = await npx(["test"]);
		expect(broken.stdout).toContain("no hook ran: not_approved");
		expect(broken.code).toBe(1);
	});

	it("reports a case a prompt hook matches as SKIP no_pi there (pi is not installed)", async () => {
		mkdirSync(join(box.project, ".claude"), { recursive: true });
		writeFileSync(
			join(box.project, ".claude", "settings.local.json"),
			JSON.stringify({
				hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "prompt", prompt: "Safe?" }] }] },
			}),
		);
		// No pi on PATH either (see env).
		const result = await npx(["test", ".pi/hook-tests/harmless.json", "--approve-project-hooks"]);
		expect(result.stdout).toContain("SKIP guard lets a harmless command run");
		expect(result.stdout).toMatch(/a prompt hook matches: no_pi: /);
		expect(result.code).toBe(0);
	});

	it("says which Node it needs on an older one (the system's Node, when it is older than 22.19)", async () => {
		const old = spawnSync("/usr/bin/node", ["--version"], { encoding: "utf8" });
		const [major = 0, minor = 0] = (old.stdout ?? "").replace(/^v/, "").split(".").map(Number);
		if (old.status !== 0 || major > 22 || (major === 22 && minor >= 19)) {
			console.warn("no Node older than 22.19 at /usr/bin/node: the message is not checked");
			return;
		}
		const bin = join(box.project, "node_modules", "pi-hook-manager", "dist", "cli.mjs");
		const result = spawnSync("/usr/bin/node", [bin, "lint"], { cwd: box.project, encoding: "utf8" });
		expect(result.stderr).toBe(
			`pi-hook-manager: needs Node >= 22.19 (this is Node ${old.stdout.trim().slice(1)})\n`,
		);
		expect(result.status).toBe(2);
	});
});
