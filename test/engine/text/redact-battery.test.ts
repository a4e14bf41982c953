/**
 * Secret masking, a battery written from the vendors' and tools' own documentation, not from the masker's rules
 * (issue #40): each row is a line as it appears in a hook command, a config file or a script, with a secret of the
 * vendor's real shape (the values are made up). The secret must be gone, the rest of the line (what it says it
 * keeps) must stay, and masking again changes nothing.
 */
import { describe, expect, it } from "vitest";
import { REDACTED, redactSecrets } from "../../../src/engine/text/redact.ts";

/** [what, text, the secret that must be gone, what must stay] */
const BATTERY: readonly (readonly [string, string, string, string])[] = [
	// Okta API tokens, sent in the `SSWS` scheme.
	[
		"Okta SSWS header",
		'curl -H "Authorization: SSWS 00QCjAl4MlV-WPXM-ABcdEFghIJklMNopQRstUVwxYZ" https://dev-1.okta.com/api/v1/users',
		"00QCjAl4MlV-WPXM-ABcdEFghIJklMNopQRstUVwxYZ",
		"https://dev-1.okta.com/api/v1/users",
	],
	[
		"Okta SSWS in a variable of its own",
		'OKTA_HEADER="SSWS 00aZ9yX8wV7uT6sR5qP4oN3mL2kJ1iH0gFeDcBa-_x" ./sync.sh',
		"00aZ9yX8wV7uT6sR5qP4oN3mL2kJ1iH0gFeDcBa-_x",
		"./sync.sh",
	],
	// The AWS CLI's own configuration command.
	[
		"aws configure set aws_secret_access_key",
		"aws configure set aws_secret_access_key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY --profile prod",
		"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
		"--profile prod",
	],
	[
		"aws configure set with a profile prefix",
		"aws configure set profile.ci.aws_secret_access_key Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Jh1Gf0EdCbA+/xyz && aws s3 ls",
		"Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Jh1Gf0EdCbA+/xyz",
		"aws s3 ls",
	],
	[
		"aws configure set aws_session_token",
		"aws configure set default.aws_session_token FwoGZXIvYXdzEJr//////////wEaDOexampleSessionTokenValue1234",
		"FwoGZXIvYXdzEJr//////////wEaDOexampleSessionTokenValue1234",
		"aws configure set default.aws_session_token",
	],
	// Discord bot tokens: base64 user id, timestamp, HMAC.
	[
		"Discord bot token in an Authorization header",
		'curl -H "Authorization: Bot MTA5ODc2NTQzMjEwOTg3NjU0Mw.GhIjKl.abcdEFGHijklMNOPqrstUVWXyz0123456789ab" ' +
			"https://discord.com/api/v10/users/@me",
		"MTA5ODc2NTQzMjEwOTg3NjU0Mw.GhIjKl.abcdEFGHijklMNOPqrstUVWXyz0123456789ab",
		"https://discord.com/api/v10/users/@me",
	],
	[
		"Discord bot token passed to a script",
		"node bot.js NzI2MTk4NjQ3MjE0NTAxOTAw.Xv1a2B.q9W8e7R6t5Y4u3I2o1P0aSdFgHjKlZx && echo up",
		"NzI2MTk4NjQ3MjE0NTAxOTAw.Xv1a2B.q9W8e7R6t5Y4u3I2o1P0aSdFgHjKlZx",
		"node bot.js",
	],
	// Google OAuth client secrets.
	[
		"Google OAuth client secret, bare",
		"oauth2l fetch --credentials_id 123.apps.googleusercontent.com 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",
		"1a2B3c4D5e6F7g8H9i0J1k2L3m4N",
		"123.apps.googleusercontent.com",
	],
	[
		"Google OAuth client secret in an argument",
		"gcloud iap oauth-clients create b --display_name=x 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",
		"Zz9_Yy8-Xx7Ww6Vv5Uu4Tt3Ss2Rr",
		"--display_name=x",
	],
	// Java's keytool and jarsigner.
	[
		"keytool -storepass",
		"keytool -list -keystore app.jks -storepass ch4ngeMe!2024 -v",
		"ch4ngeMe!2024",
		"-keystore app.jks",
	],
	[
		"keytool -keypass",
		"keytool -genkeypair -alias app -keypass K3yP4ss_x -storepass St0reP4ss_y -keystore k.p12",
		"K3yP4ss_x",
		"-keystore k.p12",
	],
	[
		"keytool -srcstorepass and -deststorepass",
		"keytool -importkeystore -srckeystore a.jks -srcstorepass Src_Pw_11 -destkeystore b.p12 " +
			"-deststorepass Dst_Pw_22",
		"Dst_Pw_22",
		"-destkeystore b.p12",
	],
	[
		"jarsigner -storepass",
		"jarsigner -keystore rel.jks -storepass Jar_S1gn_pw app.apk release",
		"Jar_S1gn_pw",
		"app.apk",
	],
	// OpenSSH's key generator.
	[
		"ssh-keygen -N",
		"ssh-keygen -t ed25519 -N 'correct horse battery staple' -f ~/.ssh/deploy",
		"correct horse battery staple",
		"-f ~/.ssh/deploy",
	],
	["ssh-keygen -P and -N", "ssh-keygen -p -P Old_Phrase_1 -N New_Phrase_2 -f id_rsa", "Old_Phrase_1", "-f id_rsa"],
	// OpenPGP private keys.
	[
		"PGP private key block",
		"gpg --import <<'EOF'\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n" +
			"lQOYBGSxAbcBCADExamplePrivateKeyMaterial0123456789\n" +
			"=AbCd\n-----END PGP PRIVATE KEY BLOCK-----\nEOF",
		"lQOYBGSxAbcBCADExamplePrivateKeyMaterial0123456789",
		"gpg --import",
	],
	// .netrc credentials.
	[
		".netrc on one line",
		"echo 'machine api.heroku.com login me@example.com password 0123abcd-45ef-6789-abcd-ef0123456789' >> ~/.netrc",
		"0123abcd-45ef-6789-abcd-ef0123456789",
		"machine api.heroku.com",
	],
	[
		".netrc over several lines",
		"machine github.com\n  login octocat\n  password Netrc_Pass_Word_9\nmachine gitlab.com",
		"Netrc_Pass_Word_9",
		"machine gitlab.com",
	],
	[".netrc default entry", "default login anonymous password Anon_Pw_77x", "Anon_Pw_77x", "default login anonymous"],
	// HTTP headers of API vendors.
	[
		"Datadog API and application keys",
		'curl -H "DD-API-KEY: 0123456789abcdef0123456789abcdef" ' +
			'-H "DD-APPLICATION-KEY: fedcba9876543210fedc" https://api.datadoghq.com',
		"0123456789abcdef0123456789abcdef",
		"https://api.datadoghq.com",
	],
	[
		"Azure API Management subscription key",
		'curl -H "Ocp-Apim-Subscription-Key: 9f8e7d6c5b4a39281706f5e4d3c2b1a0" https://x.azure-api.net/v1',
		"9f8e7d6c5b4a39281706f5e4d3c2b1a0",
		"https://x.azure-api.net/v1",
	],
	[
		"Azure OpenAI api-key header",
		"curl -H 'api-key: 4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c' $URL",
		"4f3e2d1c0b9a8f7e6d5c",
		"$URL",
	],
	[
		"Cloudflare global key header",
		'curl -H "X-Auth-Email: me@example.com" ' +
			'-H "X-Auth-Key: c2547eb745079dac9320b638f5e225cf483cc" https://api.cloudflare.com',
		"c2547eb745079dac9320b638f5e225cf483cc",
		"X-Auth-Email: me@example.com",
	],
	[
		"Algolia API key header",
		"curl -H 'X-Algolia-API-Key: 0a1b2c3d4e5f60718293a4b5c6d7e8f9' -H 'X-Algolia-Application-Id: APP1'",
		"0a1b2c3d4e5f60718293a4b5c6d7e8f9",
		"X-Algolia-Application-Id: APP1",
	],
	// Command-line tools with password options of their own.
	[
		"az login -p",
		"az login --service-principal -u 0000-app -p 'Az~Cl1ent~Secr3t' --tenant t1",
		"Az~Cl1ent~Secr3t",
		"--tenant t1",
	],
	["PuTTY plink -pw", "plink -ssh -pw Plink_Pw_42 admin@10.0.0.5 uptime", "Plink_Pw_42", "admin@10.0.0.5 uptime"],
	["PuTTY pscp -pw", "pscp -pw Pscp_Pw_43 backup.tar admin@host:/srv", "Pscp_Pw_43", "backup.tar"],
	[
		"FreeRDP /p:",
		"xfreerdp /v:10.0.0.9 /u:Administrator /p:Rdp_Pa55_w0rd /cert:ignore",
		"Rdp_Pa55_w0rd",
		"/cert:ignore",
	],
	[
		"ipmitool -P",
		"ipmitool -I lanplus -H bmc1 -U admin -P Ipmi_Pw_91 chassis status",
		"Ipmi_Pw_91",
		"chassis status",
	],
	[
		"SNMPv3 -A and -X",
		"snmpwalk -v3 -l authPriv -u mon -a SHA -A Auth_Phrase_1 -x AES -X Priv_Phrase_2 sw1",
		"Priv_Phrase_2",
		"sw1",
	],
	[
		"curl --oauth2-bearer",
		"curl --oauth2-bearer 9aB8cD7eF6gH5iJ4kL3mN2oP1q https://api.example.com/me",
		"9aB8cD7eF6gH5iJ4kL3mN2oP1q",
		"https://api.example.com/me",
	],
	["Oracle user/password@db", "sqlplus scott/T1ger_Pw_55@orcl @report.sql", "T1ger_Pw_55", "@report.sql"],
	[
		"lftp -u user,password",
		"lftp -u deploy,Ftp_Pass_66 -e 'mirror -R dist /www' ftp.example.com",
		"Ftp_Pass_66",
		"ftp.example.com",
	],
	[
		"rabbitmqctl add_user",
		"rabbitmqctl add_user svc Rabbit_Pw_77 && rabbitmqctl set_user_tags svc admin",
		"Rabbit_Pw_77",
		"set_user_tags svc admin",
	],
	[
		"mc alias set",
		"mc alias set minio http://minio:9000 AKMINIOACCESS01 Minio/Secret+Key/0123456789abcd",
		"Minio/Secret+Key/0123456789abcd",
		"http://minio:9000",
	],
	[
		"gh secret set --body",
		'gh secret set DEPLOY_KEY --body "Gh_Secret_Value_88" --repo org/app',
		"Gh_Secret_Value_88",
		"--repo org/app",
	],
	// Package managers' and git's configuration commands.
	[
		"npm config set _authToken",
		"npm config set //npm.example.com/:_authToken Np_Auth_Tok_0123456789",
		"Np_Auth_Tok_0123456789",
		"npm config set",
	],
	[
		"yarn config set npmAuthToken",
		"yarn config set npmAuthToken Yarn_Tok_0123456789ab -H",
		"Yarn_Tok_0123456789ab",
		"-H",
	],
	[
		"git config github.token",
		"git config --global github.token Git_Cfg_Tok_0123456789 && git fetch",
		"Git_Cfg_Tok_0123456789",
		"git fetch",
	],
	[
		"composer config gitlab-token",
		"composer config -g gitlab-token.gitlab.example.com Cmp_Tok_0123456789abc",
		"Cmp_Tok_0123456789abc",
		"composer config -g",
	],
	// Config files.
	[
		"Maven settings.xml password",
		"<server><id>nexus</id><username>ci</username><password>Mvn_Xml_Pw_1</password></server>",
		"Mvn_Xml_Pw_1",
		"<username>ci</username>",
	],
	[
		"an XML apiKey element",
		"<config><apiKey>Xml_Api_Key_0123456789</apiKey><region>eu</region></config>",
		"Xml_Api_Key_0123456789",
		"<region>eu</region>",
	],
	[
		"WordPress wp-config define",
		"define( 'DB_PASSWORD', 'Wp_Db_Pw_2024!' ); define( 'DB_HOST', 'localhost' );",
		"Wp_Db_Pw_2024!",
		"'localhost'",
	],
	[
		"WordPress auth salt",
		"define('AUTH_KEY', 'put-your-unique-phrase-here-Qx9!');",
		"put-your-unique-phrase-here-Qx9!",
		"define('AUTH_KEY', ",
	],
	[
		"Python os.environ assignment",
		'os.environ["OPENAI_API_KEY"] = "Py_Env_Key_0123456789"',
		"Py_Env_Key_0123456789",
		"os.environ",
	],
	["Ruby ENV assignment", "ENV['STRIPE_SECRET'] = 'Rb_Env_Secret_0123'", "Rb_Env_Secret_0123", "ENV["],
	[
		"a .pypirc password",
		"[pypi]\nusername = __token__\npassword = Pypirc_Pw_0123456789",
		"Pypirc_Pw_0123456789",
		"username = __token__",
	],
	[
		"a TOML api_key",
		'api_key = "Toml_Api_Key_0123456789"\nregion = "eu"',
		"Toml_Api_Key_0123456789",
		'region = "eu"',
	],
	[
		"a Kafka JAAS password",
		'sasl.jaas.config=PlainLoginModule required username="u" password="Kafka_Pw_99";',
		"Kafka_Pw_99",
		'username="u"',
	],
	[
		"a JDBC URL password",
		"jdbc:mysql://db:3306/app?user=app&password=Jdbc_Pw_12&useSSL=true",
		"Jdbc_Pw_12",
		"useSSL=true",
	],
	[
		"a helm --set password",
		"helm install pg bitnami/postgresql --set auth.postgresPassword=Helm_Pg_Pw_3",
		"Helm_Pg_Pw_3",
		"bitnami/postgresql",
	],
	[
		"kubectl --from-literal",
		"kubectl create secret generic db --from-literal=password=Kube_Lit_Pw_4",
		"Kube_Lit_Pw_4",
		"kubectl create secret",
	],
	[
		"kubectl set-credentials --token",
		"kubectl config set-credentials ci --token=Kube_Tok_0123456789abcdef",
		"Kube_Tok_0123456789abcdef",
		"set-credentials ci",
	],
	["gpg --passphrase", "gpg --batch --passphrase Gpg_Phrase_55 -d secrets.gpg", "Gpg_Phrase_55", "-d secrets.gpg"],
	[
		"a git remote with a token",
		"git clone https://x-access-token:Ghs_Like_0123456789@github.com/o/r.git",
		"Ghs_Like_0123456789",
		"github.com/o/r.git",
	],
	[
		"an FTP URL password",
		"curl -T f.zip ftp://deploy:Ftp_Url_Pw_7@ftp.example.com/in/",
		"Ftp_Url_Pw_7",
		"ftp.example.com/in/",
	],
	// Token families.
	[
		"Stripe live key",
		"curl https://api.stripe.com/v1/charges -u sk_live_51HxYzAbCdEfGhIjKlMnOpQrSt:",
		"51HxYzAbCdEfGhIjKlMnOpQrSt",
		"api.stripe.com",
	],
	[
		"GitHub app installation token",
		"GH_HEADER='token ghs_16C7e42F292c6912E7710c838347Ae178B4a' ./gh.sh",
		"16C7e42F292c6912E7710c838347Ae178B4a",
		"./gh.sh",
	],
	[
		"Slack bot token",
		"curl -d token=xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy https://slack.com/api/auth.test",
		"pdFZKVeTuE8sk7oOcBrzbqgy",
		"slack.com/api/auth.test",
	],
	[
		"an Anthropic key",
		"ANTHROPIC=sk-ant-api03-Xy9Wv8Ut7Sr6Qp5On4Ml3Kj2Ih1Gf0EdCbA-xyzAA claude",
		"Xy9Wv8Ut7Sr6Qp5On4Ml3Kj2Ih1Gf0EdCbA",
		"claude",
	],
];

describe("secret masking: a battery of vendors' shapes written apart from the masker", () => {
	it("has at least 50 shapes", () => expect(BATTERY.length).toBeGreaterThanOrEqual(50));

	it.each(BATTERY)("%s", (_what, text, secret, kept) => {
		const masked = redactSecrets(text);
		expect(masked).not.toContain(secret);
		expect(masked).toContain(REDACTED);
		expect(masked).toContain(kept);
		expect(redactSecrets(masked)).toBe(masked);
	});

	it.each([
		["ssh-keygen with an empty passphrase", "ssh-keygen -t ed25519 -N '' -f key"],
		["a .netrc line naming a password file, prose", "the password is set in the vault"],
		["git's credential helper", "git config --global credential.helper store"],
		["aws configure set of a region", "aws configure set region eu-west-1"],
		["keytool reading the password from a variable", "keytool -list -storepass:env STOREPASS -keystore k"],
		["gpg's passphrase from a file descriptor", "gpg --batch --passphrase-fd 0 -d f.gpg"],
		["an XML element that is no secret", "<name>app</name><tokenType>jwt</tokenType>"],
	])("leaves %s as it is", (_what, text) => {
		expect(redactSecrets(text)).toBe(text);
	});
});
