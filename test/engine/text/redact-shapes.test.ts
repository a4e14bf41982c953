/**
 * Secret masking of 50+ further real-world shapes (issue 20): assignments whose name holds KEY, TOKEN, SECRET,
 * PASS, PWD, AUTH, CRED or PAT, command password flags, connection strings and maintained token prefix families,
 * also URL-encoded. Each row is cross-checked with secretlint's maintained recommended rule set: whatever it finds
 * must be masked too.
 */
import { lintSource } from "@secretlint/core";
import { creator as recommended } from "@secretlint/secretlint-rule-preset-recommend";
import { describe, expect, it } from "vitest";
import { REDACTED, redactSecrets } from "../../../src/engine/text/redact.ts";

/** `n` characters cycling through `alphabet`, starting at `seed` (deterministic look-alike token bodies). */
const body = (n: number, alphabet = "aB3dE5gH7jK9mN1pQ2sT4vW6yZ8", seed = 0): string =>
	Array.from({ length: n }, (_, i) => alphabet[(i * 7 + seed) % alphabet.length]).join("");
const hex = (n: number, seed = 0): string => body(n, "0123456789abcdef", seed);

/** [kind, text, the secret that must be gone, what must stay] */
const SHAPES: readonly (readonly [string, string, string, string])[] = [
	// Assignments whose name holds a secret word as a part.
	["NAME_KEY=", `STRIPE_KEY=${body(24)} node app.js`, body(24), "node app.js"],
	["PAT=", `PAT=${body(30)} gh api /user`, body(30), "gh api /user"],
	["GH_PAT=", `export GH_PAT=${body(36)}`, body(36), "export GH_PAT="],
	["a *_PASS variable", `DB_PASS=${body(14)} ./migrate`, body(14), "./migrate"],
	["a *_PWD variable", `ADMIN_PWD='${body(12)}' make deploy`, body(12), "make deploy"],
	["a *_AUTH variable", `REGISTRY_AUTH=${body(28)} docker pull x`, body(28), "docker pull x"],
	["a *_CRED variable", `SERVICE_CRED=${body(20)} run`, body(20), "run"],
	["a *_CREDS variable", `JENKINS_CREDS=bob:${body(16)}`, body(16), "JENKINS_CREDS="],
	["a camelCase apiKey", `{"apiKey":"${body(32)}"}`, body(32), '"apiKey"'],
	["a YAML auth_key", `settings:\n  auth_key: ${body(24)}\n  region: eu`, body(24), "region: eu"],
	["a .env passphrase", `GPG_PASSPHRASE=${body(18)}`, body(18), "GPG_PASSPHRASE="],
	[
		"a query-string sig",
		`https://acct.blob.core.windows.net/c/f?sv=2022-11-02&sig=${body(43)}%3D`,
		body(43),
		"sv=2022",
	],
	// Password flags of commands.
	["sshpass -p", `sshpass -p '${body(12)}' ssh deploy@host uptime`, body(12), "ssh deploy@host"],
	["sshpass -p bare", `sshpass -p ${body(12)} scp f host:`, body(12), "scp f host:"],
	["docker login -p", `docker login -u bob -p ${body(20)} registry.example.com`, body(20), "registry.example.com"],
	["podman login -p", `podman login --username bob -p ${body(20)} quay.io`, body(20), "quay.io"],
	["openssl pass:", `openssl pkcs12 -in c.p12 -passin pass:${body(14)} -nokeys`, body(14), "-nokeys"],
	["openssl -passout pass:", `openssl genrsa -aes256 -passout pass:${body(14)} 2048`, body(14), "2048"],
	["wget --http-password", `wget --http-user=bob --http-password=${body(16)} https://x/f`, body(16), "https://x/f"],
	["wget --http-password spaced", `wget --http-password ${body(16)} https://x/f`, body(16), "https://x/f"],
	["--password=", `app --password=${body(16)} --verbose`, body(16), "--verbose"],
	["--db-pass X", `migrate --db-pass ${body(16)} up`, body(16), "up"],
	["--api_key X", `client --api_key ${body(24)} --json`, body(24), "--json"],
	["mysql -pPASS", `mysqldump -u root -p${body(12)} shop > shop.sql`, body(12), "shop.sql"],
	["redis-cli -a", `redis-cli -h cache -a ${body(20)} ping`, body(20), "ping"],
	["ldapsearch -w", `ldapsearch -x -D cn=admin -w ${body(14)} -H ldap://x`, body(14), "-H ldap://x"],
	["sqlcmd -P", `sqlcmd -S db -U sa -P ${body(14)} -Q "select 1"`, body(14), "select 1"],
	["smbclient -U user%pass", `smbclient //srv/share -U bob%${body(12)}`, body(12), "//srv/share"],
	["zip -P", `zip -P ${body(12)} secret.zip notes.txt`, body(12), "notes.txt"],
	// Connection strings.
	[
		"Azure storage AccountKey",
		`DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=${body(86)}==;EndpointSuffix=core.windows.net`,
		body(86),
		"EndpointSuffix=core.windows.net",
	],
	[
		"Azure Service Bus SharedAccessKey",
		`Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey=${body(44)}=`,
		body(44),
		"SharedAccessKeyName=Root",
	],
	["SQL Server Password=", `Server=db;User Id=sa;Password=${body(14)};Encrypt=true`, body(14), "Encrypt=true"],
	["a postgres URL", `psql postgres://app:${body(18)}@db.internal:5432/app`, body(18), "db.internal:5432"],
	["a redis URL without user", `REDIS_URL=redis://:${body(18)}@cache:6379/0`, body(18), "cache:6379"],
	["a mongodb+srv URL", `mongosh "mongodb+srv://bob:${body(16)}@c0.mongodb.net/db"`, body(16), "c0.mongodb.net"],
	// Maintained token prefix families.
	["Shopify access token", `curl -d token=x https://s.myshopify.com/admin?t=shpat_${hex(32)}`, hex(32), "shpat_"],
	["Shopify shared secret", `echo shpss_${hex(32, 3)}`, hex(32, 3), "shpss_"],
	["Vault service token", `VAULT=hvs.${body(90)} vault kv get x`, body(90), "vault kv get x"],
	["Vault batch token", `vault login hvb.${body(120, undefined, 2)}`, body(120, undefined, 2), "hvb."],
	["Databricks token", `databricks configure --host h dapi${hex(32, 1)}`, hex(32, 1), "dapi"],
	["Telegram bot token", `curl https://api.telegram.org/bot123456789:AA${body(33)}/getMe`, body(33), "/getMe"],
	["Supabase access token", `supabase login --token sbp_${hex(40)}`, hex(40), "supabase login"],
	["Notion integration secret", `notion secret_${body(43)} page`, body(43), "page"],
	["Notion ntn_ token", `echo ntn_${body(46)}`, body(46), "ntn_"],
	["Figma token", `figma figd_${body(40)}`, body(40), "figd_"],
	["Postman API key", `newman run c.json --postman-api-key PMAK-${hex(24)}-${hex(34, 5)}`, hex(34, 5), "newman"],
	[
		"age secret key",
		`AGE-SECRET-KEY-1${body(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")}`,
		body(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"),
		"AGE-SECRET-KEY-1",
	],
	["Atlassian API token", `jira --token ATATT3xFfGF0${body(180)}=AB12CD34`, body(180), "jira"],
	["Twilio API key", `twilio login SK${hex(32, 7)}`, hex(32, 7), "twilio login"],
	["Twilio account SID", `curl -u AC${hex(32, 9)}:x https://api.twilio.com`, hex(32, 9), "api.twilio.com"],
	["Mailgun API key", `curl -s --user api:key-${body(32)} https://api.mailgun.net/v3`, body(32), "api.mailgun.net"],
	["Square access token", `SQUARE=EAAA${body(60)} node pay.js`, body(60), "node pay.js"],
	["Square OAuth token", `echo sq0atp-${body(22)}`, body(22), "sq0atp-"],
	["Square OAuth secret", `echo sq0csp-${body(43)}`, body(43), "sq0csp-"],
	["Slack app-level token", `echo xapp-1-A0${body(40)}`, body(40), "xapp-"],
	["Stripe webhook secret", `stripe listen whsec_${body(32)}`, body(32), "whsec_"],
	["Doppler service token", `doppler run --token dp.st.prd.${body(43)}`, body(43), "doppler run"],
	["Docker Hub token", `echo dckr_pat_${body(27)}`, body(27), "dckr_pat_"],
	["Sentry auth token", `sentry-cli --auth-token sntrys_${body(60)}`, body(60), "sentry-cli"],
	["Tailscale auth key", `tailscale up --authkey tskey-auth-${body(40)}`, body(40), "tailscale up"],
	// A known token in URL-encoded text.
	["a GitHub token glued to %20", `q=Authorization%3A%20token%20ghp_${body(36)}%20x`, body(36), "q=Authorization"],
	["a Bearer token glued to %20", `h=Bearer%20${body(40)}&next=1`, body(40), "&next=1"],
	["an OpenAI key glued to %20", `text=use%20sk-proj-${body(40)}%20now`, body(40), "now"],
];

/** The texts of every finding secretlint's recommended preset reports in `text`. */
const secretlintFindings = async (text: string): Promise<string[]> => {
	const result = await lintSource({
		source: { filePath: "/hook.txt", content: text, contentType: "text" },
		options: { config: { rules: [{ id: recommended.meta.id, rule: recommended }] }, noPhysicFilePath: true },
	});
	return result.messages.map((message) => text.slice(message.range[0], message.range[1]));
};

describe("secret masking: 50+ further real-world shapes", () => {
	it("has more than 50 shapes", () => expect(SHAPES.length).toBeGreaterThan(50));

	it.each(SHAPES)("%s", async (_kind, text, secret, kept) => {
		const masked = redactSecrets(text);
		expect(masked).not.toContain(secret);
		expect(masked).toContain(REDACTED);
		expect(masked).toContain(kept);
		for (const finding of await secretlintFindings(text)) {
			const core = finding.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9=]+$/g, "");
			expect(masked, `secretlint found ${JSON.stringify(finding)}`).not.toContain(core);
		}
		// secretlint reports a database URL with any password, `[redacted]` too: nothing else may be left.
		expect((await secretlintFindings(masked)).filter((finding) => !finding.includes(REDACTED))).toEqual([]);
		expect(redactSecrets(masked)).toBe(masked);
	});

	it.each([
		["a port flag", "docker run -p 8080:80 img && ssh -p 22 host"],
		["settings about a secret", "AUTH_URL=https://login.example.com TOKEN_TYPE=bearer PASSWORD_FILE=/run/pw"],
		["a login that reads its password from stdin", "echo $PW | docker login --password-stdin -u bob quay.io"],
		["words that hold a secret word", "monkey=banana keyboard=us passthrough=1 author=bob PATH=/usr/bin"],
		["mysql asking for the password", "mysql -u root -p shop"],
		["a count flag", "llm --max-tokens 100 --temperature 0"],
		["a git author", "git log --author=bob --since=2.days"],
		["a short hex id", "commit ACe1 and SK9 and key-value store"],
	])("leaves %s alone", (_name, text) => {
		expect(redactSecrets(text)).toBe(text);
	});
});
