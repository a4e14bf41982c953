/**
 * The documentation holds together: every relative link and image in README.md and docs/*.md names a file or
 * folder that exists, a `#anchor` names a heading of the markdown file it points into (GitHub's slugs), every doc
 * is linked from the README, and each doc opens with a title and a one-line summary.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/pi-env.ts";

/** The markdown files checked, relative to the project root: the README and every doc. */
const markdownFiles = (): string[] => [
	"README.md",
	...readdirSync(join(PROJECT_ROOT, "docs"))
		.filter((name) => name.endsWith(".md"))
		.sort()
		.map((name) => `docs/${name}`),
];

/** How the checker sees the files: whether a path (relative to the root) exists, and a markdown file's text. */
interface Files {
	readonly exists: (path: string) => boolean;
	readonly read: (path: string) => string;
}

/** The project's files on disk. */
const disk: Files = {
	exists: (path) => existsSync(join(PROJECT_ROOT, path)),
	read: (path) => readFileSync(join(PROJECT_ROOT, path), "utf8"),
};

/** `text` without its fenced code blocks (their lines become empty, so line numbers stay). */
const withoutFences = (text: string): string[] => {
	let fence: string | undefined;
	return text.split("\n").map((line) => {
		const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
		if (fence === undefined && marker !== undefined) {
			fence = marker;
			return "";
		}
		if (fence !== undefined) {
			if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
			return "";
		}
		return line;
	});
};

/** A line without its code spans (`` `x` ``, ``` ``x`` ```): a link written as code is not a link. */
const withoutCodeSpans = (line: string): string => line.replace(/(`+)[\s\S]*?\1/g, "");

/** GitHub's anchor for a heading: lowercase, punctuation but `-` and `_` dropped, each space a `-`. */
const slugOf = (heading: string): string =>
	heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{M}\p{N}_\- ]/gu, "")
		.replace(/ /g, "-");

/** The anchors of a markdown text's headings, a repeated one with GitHub's `-1`, `-2`, ... */
const anchorsOf = (text: string): Set<string> => {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	for (const line of withoutFences(text)) {
		const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
		if (heading === undefined) continue;
		const slug = slugOf(heading);
		const count = seen.get(slug) ?? 0;
		seen.set(slug, count + 1);
		anchors.add(count === 0 ? slug : `${slug}-${count}`);
	}
	return anchors;
};

/** One link or image of a markdown file: its line and its target as written. */
interface Link {
	readonly line: number;
	readonly target: string;
}

/** Every link and image of a markdown text outside code, with its target (a title after it left out). */
const linksOf = (text: string): Link[] =>
	withoutFences(text).flatMap((line, index) =>
		[...withoutCodeSpans(line).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => ({
			line: index + 1,
			target: match[1] ?? "",
		})),
	);

/** Whether a target leaves the repository (a scheme such as `https:` or `mailto:`, or `//host`). */
const isExternal = (target: string): boolean => /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(target);

/** `file:line: target (why)` for each relative link or image of `file` that leads nowhere. */
const brokenLinks = (file: string, files: Files): string[] =>
	linksOf(files.read(file)).flatMap(({ line, target }) => {
		if (isExternal(target)) return [];
		const hash = target.indexOf("#");
		const path = decodeURI(hash === -1 ? target : target.slice(0, hash));
		const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
		const where = `${file}:${line}: ${target}`;
		const resolved = path === "" ? file : posix.normalize(posix.join(dirname(file), path));
		if (resolved.startsWith("../")) return [`${where} (outside the repository)`];
		if (!files.exists(resolved)) return [`${where} (no such file)`];
		if (anchor === undefined || !resolved.endsWith(".md")) return [];
		return anchorsOf(files.read(resolved)).has(anchor) ? [] : [`${where} (no heading #${anchor})`];
	});

describe("GitHub's heading anchors", () => {
	it.each([
		["Trust", "trust"],
		["The /hooks panel", "the-hooks-panel"],
		["Folder trust for `.pi/settings.json`", "folder-trust-for-pisettingsjson"],
		["Why didn't my hook fire", "why-didnt-my-hook-fire"],
		["Lint, fixtures and stores", "lint-fixtures-and-stores"],
		["An mcp_tool hook and its server", "an-mcp_tool-hook-and-its-server"],
	])("%s is #%s", (heading, slug) => {
		expect(slugOf(heading)).toBe(slug);
	});

	it("a repeated heading gets -1, and a heading inside a code block is none", () => {
		expect([...anchorsOf("# Usage\n## Usage\n```\n# Not a heading\n```\n")]).toEqual(["usage", "usage-1"]);
	});
});

describe("the link checker", () => {
	it("finds a missing file, a missing image, a missing heading and a link out of the repository", () => {
		const sample: Record<string, string> = {
			"README.md": [
				"[fine](docs/a.md) and [fine too](docs/a.md#one) and [here](#top) and [web](https://example.com/x.md)",
				"[gone](docs/missing.md) and ![picture](screenshots/none.png)",
				"[no such heading](docs/a.md#two)",
				"`[code, not a link](nope.md)`",
				"```",
				"[in a code block](nope.md)",
				"```",
				"# Top",
			].join("\n"),
			"docs/a.md": "# One\n\n[back](../README.md#top) and [away](../../elsewhere.md)\n",
		};
		const files: Files = {
			exists: (path) => path in sample,
			read: (path) => sample[path] ?? "",
		};
		expect(brokenLinks("README.md", files)).toEqual([
			"README.md:2: docs/missing.md (no such file)",
			"README.md:2: screenshots/none.png (no such file)",
			"README.md:3: docs/a.md#two (no heading #two)",
		]);
		expect(brokenLinks("docs/a.md", files)).toEqual(["docs/a.md:3: ../../elsewhere.md (outside the repository)"]);
	});
});

describe("the README and the docs", () => {
	it.each(markdownFiles())("every relative link and image of %s resolves", (file) => {
		expect(brokenLinks(file, disk)).toEqual([]);
	});

	it("the README links every doc", () => {
		const linked = new Set(linksOf(disk.read("README.md")).map(({ target }) => target.split("#")[0]));
		expect(markdownFiles().filter((file) => file !== "README.md" && !linked.has(file))).toEqual([]);
	});

	it.each(markdownFiles().filter((file) => file !== "README.md"))("%s opens with a title and a summary", (file) => {
		const [title, blank, summary, after] = disk.read(file).split("\n");
		expect(title).toMatch(/^# \S/);
		expect(blank).toBe("");
		expect(summary).toMatch(/^\S.*\.$/);
		expect(after).toBe("");
	});
});
