/**
 * Properties of secret masking: it never throws, masking twice changes nothing, and a secret dropped into any
 * surrounding text does not survive.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/engine/text/redact.ts";

const alnum = (length: number) =>
	fc.string({
		unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".split("")),
		minLength: length,
		maxLength: length,
	});
/** Secrets in the shapes redactSecrets knows, with random bodies. */
const secrets = fc.oneof(
	alnum(36).map((body) => ({ text: `ghp_${body}`, body })),
	alnum(32).map((body) => ({ text: `sk-proj-${body}`, body })),
	fc
		.string({
			unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".split("")),
			minLength: 16,
			maxLength: 16,
		})
		.map((body) => ({ text: `AKIA${body}`, body })),
	alnum(24).map((body) => ({ text: `xoxb-${body}`, body })),
	alnum(90).map((body) => ({ text: `hvs.${body}`, body })),
	alnum(40).map((body) => ({ text: `figd_${body}`, body })),
	alnum(36).map((body) => ({ text: `%20ghp_${body}%20`, body })),
	alnum(40).map((body) => ({ text: `Bearer ${body}`, body })),
	fc
		.tuple(
			fc.constantFrom(
				"GITHUB_TOKEN",
				"DB_PASSWORD",
				"api_key",
				"CLIENT_SECRET",
				"passwd",
				"NAME_KEY",
				"GH_PAT",
				"DB_PWD",
			),
			alnum(12),
		)
		.map(([key, body]) => ({ text: `${key}=${body}`, body })),
	fc
		.tuple(fc.constantFrom("password", "apiKey", "access_token", "private_key"), alnum(12))
		.map(([key, body]) => ({ text: `"${key}": "${body}"`, body })),
);
/** Text around a secret: words, spaces and punctuation that end a token. */
const surroundings = fc.string({
	unit: fc.constantFrom(..." \n\t,;()[]{}<>|&\"'.:=-_abcXYZ019".split("")),
	maxLength: 30,
});
const mixed = fc.oneof(
	fc.string({ unit: "binary", maxLength: 120 }),
	fc
		.array(
			fc.oneof(
				surroundings,
				secrets.map((secret) => secret.text),
				fc.constantFrom("[redacted]", "TOKEN=", "Bearer ", "Authorization: ", '"secret": '),
			),
			{
				maxLength: 8,
			},
		)
		.map((parts) => parts.join("")),
);

describe("redactSecrets", () => {
	it("never throws and masking twice is the same as masking once", () => {
		fc.assert(
			fc.property(mixed, (text) => {
				const once = redactSecrets(text);
				expect(redactSecrets(once)).toBe(once);
			}),
			{ numRuns: 3000 },
		);
	});

	it("a secret in any surroundings does not survive", () => {
		fc.assert(
			fc.property(surroundings, secrets, surroundings, (before, secret, after) => {
				// Surroundings that glue onto the secret can make it another word (`xGITHUB_TOKEN=`): keep a space.
				const masked = redactSecrets(`${before} ${secret.text} ${after}`);
				expect(masked).not.toContain(secret.body);
			}),
			{ numRuns: 3000 },
		);
	});
});
