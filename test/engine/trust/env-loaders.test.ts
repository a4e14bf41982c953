/**
 * Which exports of a CLAUDE_ENV_FILE make a program load code (env-loaders.ts), each with the files it points at:
 * file variables, LD_PRELOAD and PYTHONPATH lists, NODE_OPTIONS' load flags, and only new PATH entries inside the
 * repository.
 */
import { describe, expect, it } from "vitest";
import { envLoaders, envLoadersText } from "../../../src/engine/trust/env-loaders.ts";

const repo = "/work/repo";

describe("envLoaders", () => {
	it("names each loader with its files, relative ones resolved in the repository", () => {
		const loaders = envLoaders(
			{
				BASH_ENV: "env.sh",
				ENV: "/etc/x",
				PYTHONSTARTUP: "/r/s.py",
				LD_PRELOAD: "/a.so:/b.so",
				PYTHONPATH: "lib:/opt/py",
				NODE_OPTIONS: "--max-old-space-size=99 --require ./x.js --import=/y.mjs -r z",
				PLAIN: "1",
			},
			{},
			repo,
		);
		expect(loaders).toEqual([
			{ name: "BASH_ENV", files: ["/work/repo/env.sh"] },
			{ name: "ENV", files: ["/etc/x"] },
			{ name: "PYTHONSTARTUP", files: ["/r/s.py"] },
			{ name: "LD_PRELOAD", files: ["/a.so", "/b.so"] },
			{ name: "PYTHONPATH", files: ["/work/repo/lib", "/opt/py"] },
			{ name: "NODE_OPTIONS", files: ["/work/repo/x.js", "/y.mjs", "/work/repo/z"] },
		]);
		expect(envLoadersText(loaders.slice(0, 1))).toBe("BASH_ENV (/work/repo/env.sh)");
	});

	it("counts PATH only for new entries inside the repository, and nothing left as it was", () => {
		const before = { PATH: "/usr/bin:/work/repo/old", NODE_OPTIONS: "--require /x.js" };
		expect(envLoaders({ PATH: "/opt/bin:/usr/bin", NODE_OPTIONS: "--require /x.js" }, before, repo)).toEqual([]);
		expect(envLoaders({ PATH: "/work/repo/bin:/work/repo/old:/usr/bin" }, before, repo)).toEqual([
			{ name: "PATH", files: ["/work/repo/bin"] },
		]);
		expect(envLoaders({ PATH: "/work/repository-other/bin:/usr/bin" }, before, repo)).toEqual([]);
	});
});
