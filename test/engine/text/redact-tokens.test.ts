/**
 * Secret masking against a table of real-looking credentials of every kind a hook command, stdin or output
 * tends to hold, cross-checked with secretlint's maintained recommended rule set: whatever secretlint finds
 * in a row must be masked too. (secretlint itself is too slow for the per-hook path, about 1 ms per call and
 * asynchronous; see docs/trust.md.)
 */
import { lintSource } from "@secretlint/core";
import { creator as recommended } from "@secretlint/secretlint-rule-preset-recommend";
import { describe, expect, it } from "vitest";
import { REDACTED, redactSecrets } from "../../../src/engine/text/redact.ts";

/** [kind, text, the secret that must be gone, what must stay] */
const TOKENS: readonly (readonly [string, string, string, string])[] = [
	[
		"GitHub token in a curl header",
		"curl -H 'Authorization: Bearer ghp_0123456789abcdefghijABCDEFGHIJ012345' https://api.github.com",
		"ghp_0123456789abcdefghijABCDEFGHIJ012345",
		"https://api.github.com",
	],
	[
		"GitHub fine-grained token",
		"GH=github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV01234",
		"11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz",
		"GH=",
	],
	[
		"X-Api-Key header",
		`curl -H "X-Api-Key: 4f9a8b7c6d5e4f3a2b1c" https://api.example.com`,
		"4f9a8b7c6d5e4f3a2b1c",
		"X-Api-Key:",
	],
	[
		"GitLab PRIVATE-TOKEN header",
		"curl --header 'PRIVATE-TOKEN: glpat-AbCdEfGhIjKlMnOpQrSt' https://gitlab.example.com",
		"AbCdEfGhIjKlMnOpQrSt",
		"PRIVATE-TOKEN:",
	],
	["curl -u user:password", "curl -u admin:hunter2secret https://example.com/api", "hunter2secret", "admin:"],
	["curl --user 'user:password'", "curl --user 'deploy:Pa55w0rd!' https://example.com", "Pa55w0rd!", "deploy:"],
	["mysql -pPASS", "mysql -u root -pS3cr3tPass db < dump.sql", "S3cr3tPass", "mysql -u root -p"],
	[
		"--password X",
		"psql --host db --password 'correct horse battery' -c 'select 1'",
		"correct horse battery",
		"--host db",
	],
	["--token X", "gh-release --token abcdef0123456789abcdef --draft", "abcdef0123456789abcdef", "--draft"],
	[
		"Stripe live secret key",
		"STRIPE=sk_live_51H8xYzAbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
		"51H8xYzAbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
		"sk_live_",
	],
	["Stripe restricted key", "key rk_test_4eC39HqLyjWDarjtT1zdp7dc here", "4eC39HqLyjWDarjtT1zdp7dc", "here"],
	[
		"Hugging Face token",
		"huggingface-cli login --token hf_abcdefghijklmnopqrstuvwxyzABCDEFGH",
		"abcdefghijklmnopqrstuvwxyzABCDEFGH",
		"login",
	],
	[
		"SendGrid key",
		"SG.ngeVfQFYQlKU0ufo8x5d1A.TwL2iGABf9DHoTf09kqeF8tAmbihYzrnopKc1s5cr",
		"TwL2iGABf9DHoTf09kqeF8tAmbihYzrnopKc1s5cr",
		"SG.",
	],
	[
		"PyPI token",
		"twine upload -p " +
			"pypi-AgEIcHlwaS5vcmcCJGE0ZjFhYzQ0LTk3ZDAtNDQwZi1hYjdhLTFkYjcxZjk3YzgyMQACJXsicGVybWlzc2lvbnMi dist/*",
		"AgEIcHlwaS5vcmcCJGE0ZjFhYzQ0LTk3ZDAtNDQwZi1hYjdhLTFkYjcxZjk3YzgyMQACJXsicGVybWlzc2lvbnMi",
		"dist/*",
	],
	[
		"Google OAuth access token",
		"curl -H 'x-goog-user-project: p' -d t=ya29.a0AfH6SMBx3abcdefghijklmnopqrstuvwxyz0123456789",
		"a0AfH6SMBx3abcdefghijklmnopqrstuvwxyz0123456789",
		"ya29.",
	],
	["Google API key", "KEY=AIzaSyA1234567890abcdefghijklmnopqrstuv", "SyA1234567890abcdefghijklmnopqrstuv", "KEY="],
	[
		"DigitalOcean token",
		`doctl auth init -t dop_v1_${"0123456789abcdef".repeat(4)}`,
		"0123456789abcdef0123456789abcdef",
		"doctl auth init",
	],
	[
		"Slack bot token",
		"SLACK=xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
		"1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
		"xoxb-",
	],
	[
		"Slack webhook URL",
		"curl -X POST https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX -d '{}'",
		"T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
		"https://hooks.slack.com/services/",
	],
	[
		"docker config auth",
		'{"auths":{"https://index.docker.io/v1/":{"auth":"dXNlcjpwYXNzd29yZDEyMw=="}}}',
		"dXNlcjpwYXNzd29yZDEyMw==",
		'"auth":',
	],
	[
		"Cookie header",
		"curl -H 'Cookie: session=eyJhbGciOiJIUzI1NiJ9abc; csrftoken=q1w2e3r4t5' https://x",
		"csrftoken=q1w2e3r4t5",
		"Cookie:",
	],
	["curl --cookie", "curl --cookie 'sessionid=9f8e7d6c5b4a' https://x", "9f8e7d6c5b4a", "--cookie"],
	["AWS access key id", "AWS_ACCESS_KEY_ID=AKIAZ7QW3RT5YU8IOP2L aws s3 ls", "Z7QW3RT5YU8IOP2L", "aws s3 ls"],
	[
		"AWS secret access key",
		"aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYzz0QWERTY1",
		"wJalrXUtnFEMI/K7MDENG/bPxRfiCYzz0QWERTY1",
		"aws_secret_access_key",
	],
	[
		"OpenAI project key",
		"OPENAI_API_KEY=sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefT3BlbkFJ",
		"AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
		"OPENAI_API_KEY=",
	],
	[
		"Anthropic key",
		"x-api-key: sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-abcdefghijkl-AA",
		"AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
		"x-api-key:",
	],
	[
		"npm token",
		"//registry.npmjs.org/:_authToken=npm_abcdefghijklmnopqrstuvwxyzABCDEF0123",
		"abcdefghijklmnopqrstuvwxyzABCDEF0123",
		"registry.npmjs.org",
	],
	[
		"JWT",
		"token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
		"dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
		"token",
	],
	["URL password", "git clone https://deploy:t0ps3cr3tpw@git.example.com/r.git", "t0ps3cr3tpw", "git.example.com"],
	[
		"PEM private key",
		"-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA0Z3VS5JJcds3xfn/ygWyF8PbnGcY\n-----END RSA PRIVATE KEY-----",
		"MIIEowIBAAKCAQEA0Z3VS5JJcds3xfn",
		"BEGIN RSA PRIVATE KEY",
	],
];

/** The texts of every finding secretlint's recommended preset reports in `text`. */
const secretlintFindings = async (text: string): Promise<string[]> => {
	const result = await lintSource({
		source: { filePath: "/hook.txt", content: text, contentType: "text" },
		options: { config: { rules: [{ id: recommended.meta.id, rule: recommended }] }, noPhysicFilePath: true },
	});
	return result.messages.map((message) => text.slice(message.range[0], message.range[1]));
};

describe("secret masking: a table of real-looking credentials", () => {
	it.each(TOKENS)("%s", async (_kind, text, secret, kept) => {
		const masked = redactSecrets(text);
		expect(masked).not.toContain(secret);
		expect(masked).toContain(REDACTED);
		expect(masked).toContain(kept);
		// The maintained rule set: nothing secretlint recognises survives the masking.
		for (const finding of await secretlintFindings(text)) {
			const core = finding.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9=]+$/g, "");
			expect(masked, `secretlint found ${JSON.stringify(finding)}`).not.toContain(core);
		}
		expect(await secretlintFindings(masked)).toEqual([]);
	});

	it("leaves ordinary commands alone", () => {
		for (const text of [
			"mkdir -p build && docker run -p 8080:80 img",
			"jq '.tool_input.command' | grep -q 'rm -rf'",
			"curl -H 'Content-Type: application/json' -d @- https://hooks.example.com/x",
			"python3 .claude/hooks/guard.py --max-tokens 100",
		])
			expect(redactSecrets(text)).toBe(text);
	});
});
