/**
 * Secret masking: what looks like a secret becomes `[redacted]`, and ordinary text, counts, variable
 * references and hashes stay exactly as they were.
 */
import { describe, expect, it } from "vitest";
import { REDACTED, redactSecrets } from "../../../src/engine/text/redact.ts";

const R = REDACTED;

describe("redactSecrets masks secrets", () => {
	it.each([
		["an OpenAI key", "key is sk-proj-abcdefghijklmnopqrstuvwx1234", `key is sk-${R}`],
		["an Anthropic key", "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", `sk-${R}`],
		["a GitHub token", "using ghp_0123456789abcdefghijABCDEFGHIJ012345 now", `using ghp_${R} now`],
		["a GitHub fine-grained token", "github_pat_11ABCDEFG0123456789_abcdefghijklmnop", `github_pat_${R}`],
		["an AWS access key id", "aws AKIAIOSFODNN7EXAMPLE here", `aws AKIA${R} here`],
		["a Slack bot token", "xoxb-123456789012-1234567890123-AbCdEfGh", `xoxb-${R}`],
		["a Slack user token", "xoxp-1234567890-abcdef", `xoxp-${R}`],
		[
			"a JWT",
			"jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
			`jwt eyJ${R}`,
		],
		["a Bearer hex token", "curl -H 'X: Bearer 0123456789abcdef0123456789abcdef'", `curl -H 'X: Bearer ${R}'`],
		["a Bearer base64 token", "bearer dGhpcyBpcyBhIHNlY3JldCB0b2tlbg==", `bearer ${R}`],
		["an Authorization header", "Authorization: Basic dXNlcjpwYXNzd29yZA==", `Authorization: Basic ${R}`],
		["an Authorization header without scheme", "authorization: 0123456789abcdef", `authorization: ${R}`],
		[
			"an Authorization header in JSON",
			'{"Authorization": "Bearer abcdefghijklmnopqrstu"}',
			`{"Authorization": "Bearer ${R}"}`,
		],
		["an env assignment", "GITHUB_TOKEN=abc123 gh pr list", `GITHUB_TOKEN=${R} gh pr list`],
		["an assignment after an empty one (found by fast-check)", "Z= GITHUB_TOKEN=abc", `Z= GITHUB_TOKEN=${R}`],
		["an assignment inside another one's value", "--env=API_KEY=abc", `--env=API_KEY=${R}`],
		["a spaced assignment", "password = hunter2", `password = ${R}`],
		["a value with = in it", "TOKEN=abc==def", `TOKEN=${R}`],
		["an exported quoted password", 'export DB_PASSWORD="hunter2 and more"', `export DB_PASSWORD="${R}"`],
		["a single-quoted secret", "CLIENT_SECRET='s3cr3t'", `CLIENT_SECRET='${R}'`],
		["a numeric password", "PASSWORD=123456", `PASSWORD=${R}`],
		["passwd", "passwd=letmein", `passwd=${R}`],
		["an API key flag", "tool --api-key=abcdef --verbose", `tool --api-key=${R} --verbose`],
		["APIKEY", "APIKEY=zzz", `APIKEY=${R}`],
		["a private key variable", "SSH_PRIVATE_KEY=abc", `SSH_PRIVATE_KEY=${R}`],
		["a credential variable", "GOOGLE_CREDENTIALS=/x/y.json", `GOOGLE_CREDENTIALS=${R}`],
		[
			"a URL query token",
			"https://x.test/cb?access_token=abc&state=1",
			`https://x.test/cb?access_token=${R}&state=1`,
		],
		["a JSON pair", '{"password": "hunter2", "user": "bob"}', `{"password": "${R}", "user": "bob"}`],
		["a JSON pair with escapes", '{"api_key":"a\\"b\\\\c"}', `{"api_key":"${R}"}`],
		["a Python dict pair", "{'client_secret': 'xyz'}", `{'client_secret': '${R}'}`],
		["a YAML line", "db:\n  password: hunter2 \n  user: bob", `db:\n  password: ${R} \n  user: bob`],
		["an HTTP header line", "X-Api-Key: 12345abcde\r\nAccept: */*", `X-Api-Key: ${R}\r\nAccept: */*`],
		["a JSON-escaped assignment", '{"command":"TOKEN=\\"abc\\" run"}', `{"command":"TOKEN=\\"${R}\\" run"}`],
		[
			"a URL password",
			"git clone https://bob:hunter2@git.example.com/r.git",
			`git clone https://bob:${R}@git.example.com/r.git`,
		],
		[
			"a PEM private key",
			"-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nabc\n-----END RSA PRIVATE KEY-----",
			`-----BEGIN RSA PRIVATE KEY-----\n${R}\n-----END RSA PRIVATE KEY-----`,
		],
		[
			"a JSON password right after a single-quoted key (found by fast-check)",
			`user 'bob': "password": "hunter2hunter2"`,
			`user 'bob': "password": "${R}"`,
		],
		[
			"a pair after a pair whose value is a key",
			`{"a": "b": "token": "abcdef123456"}`,
			`{"a": "b": "token": "${R}"}`,
		],
		[
			"a PEM private key cut off by a cap",
			"x\n-----BEGIN PRIVATE KEY-----\nMIIEv",
			`x\n-----BEGIN PRIVATE KEY-----\n${R}\n`,
		],
	])("%s", (_name, input, expected) => {
		expect(redactSecrets(input)).toBe(expected);
	});
});

describe("redactSecrets leaves ordinary text alone", () => {
	it.each([
		["plain prose", "the hook blocked rm -rf /tmp/x because it is destructive"],
		["a git sha", "commit 3588378e0c1f2b4a5d6e7f8091a2b3c4d5e6f708"],
		["a uuid", "session 123e4567-e89b-12d3-a456-426614174000"],
		["token counts", "max_tokens=4096 input_tokens=12"],
		["a token count in JSON", '{"max_tokens": "4096", "tokenizer": "bpe"}'],
		["a variable reference", 'curl -H "Authorization: Bearer $TOKEN" https://x'],
		["a braced variable reference", "PASSWORD=${DB_PASSWORD} ./migrate"],
		["a placeholder", "API_KEY=<your-key>"],
		["an empty value", 'TOKEN="" make'],
		["a boolean", "USE_TOKEN=true"],
		["words that contain sk-", "task-manager desk-lamp risk-based"],
		["a short sk- word", "sk-learn"],
		["the word bearer", "Bearer tokens are documented in the guide"],
		["a word-ending key that is not a secret", "monkey=banana"],
		["a path with token in it", "/home/x/tokens/list.txt"],
		["a secret word without a value", "wrong password, try again"],
		["a URL without a password", "https://git.example.com/r.git and git@github.com:o/r.git"],
		["already masked text", `GITHUB_TOKEN=${R} and sk-${R}`],
		["the agent session id a hook is given", '{"session_id": "3f2a1b9c-4d5e-4f60-8a7b-9c0d1e2f3a4b"}'],
	])("%s", (_name, input) => {
		expect(redactSecrets(input)).toBe(input);
	});
});

describe("redactSecrets on hostile input", () => {
	it("is idempotent", () => {
		const text = `TOKEN=abc {"secret": "x"} Bearer ${"a".repeat(40)} ghp_${"b".repeat(36)}`;
		const once = redactSecrets(text);
		expect(redactSecrets(once)).toBe(once);
	});

	it("masks a key that a token mask uncovers, in one call (found by fast-check)", () => {
		const text =
			`xoxb-${"a".repeat(24)}sk-proj-${"a".repeat(32)}xoxb-${"a".repeat(24)}` +
			`AKIA${"A".repeat(16)}GITHUB_TOKEN=${"a".repeat(12)}`;
		const once = redactSecrets(text);
		expect(once).toBe(`xoxb-${REDACTED}_TOKEN=${REDACTED}`);
		expect(redactSecrets(once)).toBe(once);
	});

	// Each input would take hours with a pattern like /\w*TOKEN\w*=/ (quadratic on 1 MiB): the test's
	// timeout is the bound, there is no timing assertion.
	it("finishes on 1 MiB of text built to make naive patterns backtrack", () => {
		const mib = 1 << 20;
		const inputs = [
			"a".repeat(mib),
			`${"a_".repeat(mib / 2)}=x`,
			"a=".repeat(mib / 2),
			"TOKEN=".repeat(mib / 6),
			'"'.repeat(mib),
			`"k": "${"x".repeat(mib)}`,
			`'k': "`.repeat(mib / 6),
			`password: ${" ".repeat(mib)}x`,
			// A command of the password-flag table on every word (quadratic with an unbounded gap to the flag).
			"zip ".repeat(mib / 4),
			"mysql -u ".repeat(mib / 9),
			`sshpass ${"x ".repeat(mib / 2)}`,
		];
		for (const input of inputs) expect(redactSecrets(input).length).toBeGreaterThan(0);
	}, 30_000);
});
