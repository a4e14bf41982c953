/**
 * The self-guard's pure check: which `write`, `edit` and `bash` calls would change a guarded file (settings files,
 * plugin files, hook frontmatter, covered files), from relative paths, `~`, variables, `cd`, symlinks (real ones, in
 * a temp dir) and nested shells; and the calls it leaves alone.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type GuardPlace, guardedFiles, guardedTarget } from "../../../src/engine/trust/self-guard.ts";

let root: string;
let home: string;
let project: string;
let place: GuardPlace;

/** The host's port: symlinks resolved for the path, else its folder. */
const realpath = (path: string): string => {
	try {
		return realpathSync(path);
	} catch {
		try {
			return join(realpathSync(dirname(path)), path.slice(dirname(path).length + 1));
		} catch {
			return path;
		}
	}
};

beforeEach(() => {
	root = realpathSync(mkdtempSync(join(tmpdir(), "phm-self-guard-")));
	home = join(root, "home");
	project = join(root, "project");
	mkdirSync(join(home, ".claude"), { recursive: true });
	mkdirSync(join(project, ".claude"), { recursive: true });
	writeFileSync(join(project, ".claude", "guard.sh"), "exit 0\n");
	place = { cwd: project, home, env: { CLAUDE_CONFIG_DIR: join(home, ".claude") }, realpath };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const files = () =>
	guardedFiles(
		[
			{ path: join(home, ".claude", "settings.json"), kind: "settings_file" },
			{ path: join(project, ".claude", "settings.json"), kind: "settings_file" },
			{ path: join(project, ".claude", "guard.sh"), kind: "covered_file" },
			{ path: join(home, ".claude", "plugins", "p", "hooks", "hooks.json"), kind: "plugin_file" },
		],
		realpath,
	);

const bash = (command: string) => guardedTarget("bash", { command }, place, files());
const write = (path: string, tool = "write") => guardedTarget(tool, { path, content: "{}" }, place, files());

describe("write and edit", () => {
	it("finds an absolute, a relative, a `~` and an `@` path", () => {
		const user = join(home, ".claude", "settings.json");
		expect(write(user)).toEqual({ kind: "settings_file", path: user, target: user });
		expect(write("~/.claude/settings.json")?.path).toBe(user);
		expect(write(".claude/settings.json")?.path).toBe(join(project, ".claude", "settings.json"));
		expect(write("@.claude/guard.sh", "edit")?.kind).toBe("covered_file");
		expect(write("./src/../.claude/guard.sh", "edit")?.kind).toBe("covered_file");
		// pi reads a no-break space in a path as a plain one.
		mkdirSync(join(home, "my dir"));
		const spaced = guardedFiles([{ path: join(home, "my dir", "x.json"), kind: "settings_file" }], realpath);
		expect(guardedTarget("write", { path: "~/my\u00a0dir/x.json" }, place, spaced)?.kind).toBe("settings_file");
	});

	it("finds a guarded file through a symlinked folder and a symlink to the file", () => {
		symlinkSync(join(home, ".claude"), join(project, "cfg"));
		symlinkSync(join(project, ".claude", "guard.sh"), join(project, "g.sh"));
		expect(write("cfg/settings.json")?.path).toBe(join(home, ".claude", "settings.json"));
		expect(write("g.sh", "edit")?.kind).toBe("covered_file");
	});

	it("leaves other files, other tools and bad input alone", () => {
		expect(write("src/settings.json")).toBeUndefined();
		expect(write(join(home, ".claude", "settings.json.bak"))).toBeUndefined();
		expect(guardedTarget("read", { path: ".claude/settings.json" }, place, files())).toBeUndefined();
		expect(guardedTarget("write", { path: 42 }, place, files())).toBeUndefined();
		expect(guardedTarget("write", {}, place, files())).toBeUndefined();
		expect(guardedTarget("write", { path: ".claude/settings.json" }, place, guardedFiles([], realpath))).toBe(
			undefined,
		);
	});
});

describe("bash", () => {
	it("finds redirections, tee, sed -i, dd of= and truncate", () => {
		expect(bash("echo '{}' > ~/.claude/settings.json")?.kind).toBe("settings_file");
		expect(bash('echo x >> "$HOME/.claude/settings.json"')?.kind).toBe("settings_file");
		expect(bash("cat <<EOF > .claude/guard.sh\nexit 0\nEOF")?.kind).toBe("covered_file");
		expect(bash("echo x &> .claude/settings.json")?.kind).toBe("settings_file");
		expect(bash("printf x | tee -a ~/.claude/settings.json")?.kind).toBe("settings_file");
		expect(bash("sed -i 's/a/b/' .claude/guard.sh")?.kind).toBe("covered_file");
		expect(bash("sed -i.bak -e 's/a/b/' .claude/guard.sh")?.kind).toBe("covered_file");
		expect(bash("dd if=/dev/zero of=.claude/guard.sh count=1")?.kind).toBe("covered_file");
		expect(bash("truncate -s 0 .claude/guard.sh")?.kind).toBe("covered_file");
		expect(bash("echo x > ${CLAUDE_CONFIG_DIR}/settings.json")?.kind).toBe("settings_file");
	});

	it("finds copy and move destinations, a folder destination, -t, and mv's source", () => {
		expect(bash("cp evil.json ~/.claude/settings.json")?.kind).toBe("settings_file");
		expect(bash("cp /tmp/x/settings.json ~/.claude/")?.path).toBe(join(home, ".claude", "settings.json"));
		expect(bash("install -m 644 -t .claude /tmp/guard.sh")?.kind).toBe("covered_file");
		expect(bash("mv .claude/guard.sh /tmp/old.sh")?.kind).toBe("covered_file");
		expect(bash("ln -sf /tmp/evil .claude/guard.sh")?.kind).toBe("covered_file");
		expect(bash("cp -r evil/. ~/.claude")?.target).toBe(join(home, ".claude"));
	});

	it("finds removals of the file or a folder above it, and globs", () => {
		expect(bash("rm -f .claude/guard.sh")?.kind).toBe("covered_file");
		expect(bash("rm -rf ~/.claude")?.target).toBe(join(home, ".claude"));
		expect(bash("rm -rf .")?.target).toBe(project);
		expect(bash("rm ~/.claude/*.json")?.path).toBe(join(home, ".claude", "settings.json"));
	});

	it("follows cd, nested shells, eval and wrappers", () => {
		expect(bash("cd ~/.claude && echo '{}' > settings.json")?.kind).toBe("settings_file");
		expect(bash("bash -c 'echo x > ~/.claude/settings.json'")?.kind).toBe("settings_file");
		expect(bash("eval 'rm .claude/guard.sh'")?.kind).toBe("covered_file");
		expect(bash("sudo -E tee .claude/settings.json < x")?.kind).toBe("settings_file");
		expect(bash("env A=1 cp x .claude/guard.sh")?.kind).toBe("covered_file");
		expect(bash("ls; (cd .claude; rm guard.sh)")?.kind).toBe("covered_file");
		expect(bash("bash <<'EOF'\nrm .claude/guard.sh\nEOF")?.kind).toBe("covered_file");
		expect(bash("find ~/.claude -name '*.json' -delete")?.target).toBe(join(home, ".claude"));
		expect(bash("find . -name guard.sh -exec rm {} +")?.target).toBe(project);
	});

	it("finds a write through a symlinked folder", () => {
		symlinkSync(join(home, ".claude"), join(project, "cfg"));
		expect(bash("echo x > cfg/settings.json")?.path).toBe(join(home, ".claude", "settings.json"));
	});

	it("leaves reads, other files, unknown targets and descriptor redirections alone", () => {
		expect(bash("cat ~/.claude/settings.json")).toBeUndefined();
		expect(bash("jq . .claude/settings.json > /tmp/out.json 2>&1")).toBeUndefined();
		expect(bash("cp ~/.claude/settings.json /tmp/backup.json")).toBeUndefined();
		expect(bash("echo x >&2")).toBeUndefined();
		expect(bash("echo x > $UNKNOWN/settings.json")).toBeUndefined();
		expect(bash("echo x > $(pwd)/.claude/settings.json")).toBeUndefined();
		expect(bash("sed 's/a/b/' .claude/guard.sh")).toBeUndefined();
		expect(bash("rm -rf node_modules dist")).toBeUndefined();
		expect(bash("npm install")).toBeUndefined();
		expect(bash("git status")).toBeUndefined();
		expect(bash("find .claude -name '*.sh'")).toBeUndefined();
		expect(bash("cat <<'EOF' > notes.md\nrm .claude/guard.sh\nEOF")).toBeUndefined();
		expect(bash("echo 'unterminated")).toBeUndefined();
		expect(guardedTarget("bash", { command: 7 }, place, files())).toBeUndefined();
	});
});
