/**
 * The secret shapes that `redact.ts` masks, as data: token families by their maintained prefixes, key names
 * that hold secrets, and the password flags of common commands. Each table is compiled to linear-time regexes once,
 * when the module loads. Sources: each vendor's documented token format (and secretlint's maintained rules).
 */

/** A token family: `[name, prefix, body]`, regex sources; the prefix stays visible, the body is masked. */
type TokenFamily = readonly [family: string, prefix: string, body: string];

/** Well-known token formats by their prefix. */
export const TOKEN_FAMILIES: readonly TokenFamily[] = [
	["OpenAI, Anthropic, OpenRouter, DeepSeek (sk-ant-, sk-proj-, sk-or-)", "sk-", "[A-Za-z0-9_-]{20,}"],
	["GitHub tokens", "gh[pousr]_", "[A-Za-z0-9]{30,}"],
	["GitHub fine-grained tokens", "github_pat_", "[A-Za-z0-9_]{22,}"],
	["AWS access key ids", "AKIA|ASIA", "[0-9A-Z]{16}\\b"],
	["Slack tokens", "xox[abposre]-|xoxe\\.xox[bp]-|xapp-", "[A-Za-z0-9-]{10,}"],
	["Google API keys", "AIza", "[0-9A-Za-z_-]{35}"],
	["GitLab tokens", "glpat-|glptt-|gldt-|glrt-|glsoat-|glffct-|GR1348941", "[A-Za-z0-9_-]{20,}"],
	["npm tokens", "npm_", "[A-Za-z0-9]{36}\\b"],
	["JWTs", "eyJ", "[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{10,}"],
	["Stripe secret, restricted and webhook keys", "(?:sk|rk)_(?:live|test)_|whsec_", "[A-Za-z0-9]{16,}"],
	["Hugging Face tokens", "hf_", "[A-Za-z0-9]{30,}"],
	["SendGrid API keys", "SG\\.", "[A-Za-z0-9_-]{16,}\\.[A-Za-z0-9_-]{16,}"],
	["PyPI upload tokens", "pypi-", "[A-Za-z0-9_-]{50,}"],
	["Google OAuth access tokens", "ya29\\.", "[A-Za-z0-9_-]{20,}"],
	["Google OAuth client secrets", "GOCSPX-", "[A-Za-z0-9_-]{24,}"],
	["DigitalOcean tokens", "do[opr]_v1_", "[a-f0-9]{64}\\b"],
	["Grafana tokens", "glc_|glsa_", "[A-Za-z0-9_=+/-]{20,}"],
	["Linear API keys", "lin_api_", "[A-Za-z0-9]{30,}"],
	["Groq API keys", "gsk_", "[A-Za-z0-9]{40,}"],
	["Shopify access tokens and secrets", "shp(?:at|ss|ca|pa)_", "[a-fA-F0-9]{32}"],
	["HashiCorp Vault service, batch and recovery tokens", "hv[sbr]\\.", "[A-Za-z0-9_-]{24,}"],
	["Databricks tokens", "dapi|dkea|dose", "[a-f0-9]{32}(?:-\\d)?"],
	["Telegram bot tokens (bot<id>:AA... in API URLs)", "(?:bot)?\\d{6,12}:", "AA[A-Za-z0-9_-]{30,}"],
	["Supabase tokens", "sbp_|sb_secret_", "[A-Za-z0-9_-]{30,}"],
	["Notion tokens", "secret_|ntn_", "[A-Za-z0-9]{40,}"],
	["Figma tokens", "figd_|figu_", "[A-Za-z0-9_-]{30,}"],
	["Postman API keys", "PMAK-", "[a-f0-9]{24}-[a-f0-9]{34}"],
	["age secret keys", "AGE-SECRET-KEY-1", "[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{50,}"],
	["Atlassian API tokens", "ATATT|ATCTT|ATSTT", "[A-Za-z0-9_=+/-]{30,}"],
	["Twilio API keys and account ids", "SK|AC", "[0-9a-fA-F]{32}\\b"],
	["Mailgun API keys", "key-", "[0-9a-zA-Z]{32}\\b"],
	["Square tokens and secrets", "sq0atp-|sq0csp-|EAAA", "[0-9A-Za-z_-]{22,}"],
	["Meta (Facebook) access tokens", "EAA[BCDGIQ]", "[0-9A-Za-z]{40,}"],
	["Doppler tokens", "dp\\.(?:pt|st|sa|ct|scim|audit)\\.", "[A-Za-z0-9]{40,}"],
	["Heroku API keys", "HRKU-", "[A-Za-z0-9_-]{30,}"],
	["Sentry tokens", "sntry[su]_", "[A-Za-z0-9_=+/-]{30,}"],
	["New Relic keys", "NRAK-|NRJS-|NRII-", "[A-Za-z0-9]{20,}"],
	["PlanetScale tokens and passwords", "pscale_(?:tkn|pw|oauth)_", "[A-Za-z0-9_.-]{30,}"],
	["Pulumi tokens", "pul-", "[a-f0-9]{40}\\b"],
	["Replicate tokens", "r8_", "[A-Za-z0-9]{30,}"],
	["Tailscale keys", "tskey-(?:auth|api|client|webhook)-", "[A-Za-z0-9_-]{20,}"],
	["Docker Hub tokens", "dckr_pat_|dckr_oat_", "[A-Za-z0-9_-]{20,}"],
	["Brevo keys", "xkeysib-|xsmtpsib-", "[A-Za-z0-9-]{40,}"],
	["Perplexity and xAI keys", "pplx-|xai-", "[A-Za-z0-9]{40,}"],
	["Contentful tokens", "CFPAT-", "[A-Za-z0-9_-]{40,}"],
	["Mapbox secret tokens", "sk\\.eyJ", "[A-Za-z0-9_.-]{20,}"],
	["1Password service account tokens", "ops_eyJ", "[A-Za-z0-9_-]{20,}"],
	["RubyGems keys", "rubygems_", "[a-f0-9]{48}\\b"],
	["Terraform Cloud tokens", "[A-Za-z0-9]{14}\\.atlasv1\\.", "[A-Za-z0-9_=-]{40,}"],
	["Buildkite and CircleCI tokens", "bkua_|CCIPAT_", "[A-Za-z0-9_]{30,}"],
	["Netlify and Fly.io tokens", "nfp_|fo1_", "[A-Za-z0-9_-]{30,}"],
	["Braintree access tokens", "access_token\\$production\\$", "[a-z0-9]{16}\\$[a-f0-9]{32}"],
	["Slack webhook URLs", "https://hooks\\.slack\\.com/(?:services|workflows|triggers)/", "[A-Za-z0-9_/-]{10,}"],
	["Discord webhook URLs", "https://(?:discord(?:app)?\\.com)/api/webhooks/", "[A-Za-z0-9_/-]{10,}"],
];

/** {@link TOKEN_FAMILIES} as global regexes, each starting at a word boundary; group 1 is the visible prefix. */
export const TOKEN_FORMATS: readonly RegExp[] = TOKEN_FAMILIES.map(
	([, prefix, body]) => new RegExp(`\\b(${prefix})${body}`, "g"),
);

/**
 * Whether a text may hold a token of {@link TOKEN_FAMILIES}: one scan for all their prefixes, so text without any
 * (most hook commands, stdin and output) skips the per-family scans.
 */
export const TOKEN_PREFIX = new RegExp(
	`(?:\\b|%[0-9A-Fa-f]{2})(?:${TOKEN_FAMILIES.map(([, prefix]) => prefix).join("|")})`,
);

/**
 * The same formats right after a URL escape (`%20ghp_...`, `%3Dsk-...`: `20` is no word boundary, yet the token
 * starts there). Only for text that holds a `%`: a look-behind at the start makes V8 try every position.
 */
export const URL_ENCODED_TOKEN_FORMATS: readonly RegExp[] = TOKEN_FAMILIES.map(
	([, prefix, body]) => new RegExp(`(?<=%[0-9A-Fa-f]{2})(${prefix})${body}`, "g"),
);

/**
 * The parts of a key name that make it a secret's name, as whole parts (`NAME_KEY`, `apiKey`, `GH_PAT`, `db-pwd`,
 * `x_auth`, `AccountKey`, `sig`), after the name is split at `_ - .` and lower-to-upper case changes.
 */
const SECRET_PARTS =
	"key|keys|token|secret|secrets|pass|passwd|password|passwords|passphrase|pwd|pw|auth|cred|creds" +
	"|credential|credentials|pat|sig|signature|apikey|privatekey|accesskey|secretkey|authtoken|sas";

/** A whole-part match of {@link SECRET_PARTS}. */
export const SECRET_PART = new RegExp(`^(?:${SECRET_PARTS})$`, "i");

/**
 * The last parts of a key name that make it a setting about a secret, not one (`AUTH_URL`, `token_type`,
 * `KEY_FILE`... hold no secret; `max_tokens` never matched).
 */
const NOT_SECRET_LAST_PARTS =
	"url|uri|endpoint|host|domain|type|mode|method|scheme|name|names|header|count|limit|usage|budget|len|length" +
	"|size|kind|format|version|timeout|enabled|required|provider|path|file|dir|stdin|env|id|ids|prompt|policy" +
	"|field|hint|expiry|expires|ttl|helper|email|user|username";

/** A whole-part match of {@link NOT_SECRET_LAST_PARTS}. */
export const NOT_SECRET_LAST_PART = new RegExp(`^(?:${NOT_SECRET_LAST_PARTS})$`, "i");

/** Splits a key name into its parts: `GH_PAT` -> GH, PAT; `apiKey` -> api, Key; `AccountKey` -> Account, Key. */
export const keyParts = (key: string): string[] =>
	key
		.replace(/([a-z0-9])([A-Z])/g, "$1 $2")
		.split(/[\s_.-]+/)
		.filter((part) => part !== "");

/**
 * Command password flags: `[commands, flag, how the value follows]`. `glued`: only `-pVALUE` (mysql's `-p VALUE`
 * asks for a password, VALUE is the database); `spaced`: `-p VALUE` or `-pVALUE`; `apart`: only `-p VALUE`
 * (keytool's `-storepass:env NAME` names a variable).
 */
type PasswordFlag = readonly [commands: string, flag: string, follows: "glued" | "spaced" | "apart"];

/** The password flags of common commands (a `--password X` long flag of any command is a rule of its own). */
export const PASSWORD_FLAGS: readonly PasswordFlag[] = [
	["mysql|mysqldump|mysqladmin|mariadb|mariadb-dump|mysqlimport|mysqlshow", "-p", "glued"],
	["sshpass", "-p", "spaced"],
	["(?:docker|podman|nerdctl|buildah|skopeo|helm\\s+registry|oras|crane|regctl)\\s+login", "-p", "spaced"],
	["redis-cli|keydb-cli", "-a", "spaced"],
	["ldapsearch|ldapmodify|ldapadd|ldapdelete|ldappasswd|ldapwhoami", "-w", "spaced"],
	["sqlcmd|bcp|osql|isql", "-P", "spaced"],
	["mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport", "-p", "spaced"],
	["zip|unzip|7z|7za|rar|unrar", "-P", "spaced"],
	["7z|7za|rar|unrar", "-p", "glued"],
	["smbclient|rpcclient|smbmap|crackmapexec|nxc", "-U\\s*[^\\s%'\"]{1,128}%", "glued"],
	["htpasswd", "-b\\s+\\S+\\s+\\S+", "spaced"],
	["openssl", "-k", "spaced"],
	["keytool|jarsigner", "-(?:src|dest)?(?:store|key)pass|-new", "apart"],
	["ssh-keygen", "-[NP]", "spaced"],
	["az\\s+login", "-p", "spaced"],
	["plink|pscp|psftp|putty|kitty", "-pw", "apart"],
	["xfreerdp3?|wlfreerdp|sdl-freerdp", "/p:", "glued"],
	["rdesktop", "-p", "apart"],
	["ipmitool", "-P", "apart"],
	["snmpwalk|snmpget|snmpgetnext|snmpset|snmpbulkwalk|snmpbulkget|snmptable|snmptrap", "-[AX]", "apart"],
	["lftp", "-u\\s*[^\\s,'\"]{1,128},", "glued"],
	["sqlplus|sqlldr|expdp|impdp|rman|dgmgrl", "[A-Za-z0-9_$#]{1,128}/", "glued"],
	["rabbitmqctl", "(?:add_user|change_password)\\s+[^\\s'\"]{1,128}", "apart"],
	["mc", "(?:alias\\s+set|config\\s+host\\s+add)\\s+\\S{1,128}\\s+\\S{1,1024}\\s+\\S{1,256}", "apart"],
	["gh\\s+secret\\s+set", "(?:--body|-b)(?:=|\\s)", "glued"],
];

/** A flag's value: quoted, or a bare word (after a blank, never a word that starts like a flag). */
const flagValue = (glued: boolean): string =>
	`'[^'\\n]*'|"[^"\\n]*"|${glued ? "" : "[^\\s'\"-]"}[^\\s'"]${glued ? "+" : "*"}`;

/** {@link PASSWORD_FLAGS} as global regexes: group 1 runs to the value, group 2 is the value. */
export const PASSWORD_FLAG_RULES: readonly RegExp[] = PASSWORD_FLAGS.map(([commands, flag, follows]) => {
	const gap = follows === "glued" ? "" : follows === "apart" ? "\\s+" : "\\s*";
	// The flag is looked for at most 256 characters after the command: an unbounded gap is quadratic on a line of
	// many `zip` words. A value masked already is passed over, so the next pass masks the command's next flag
	// (`snmpwalk -A x -X y`, `keytool -keypass x -storepass y`).
	const head = `\\b(?:${commands})\\b[^\\n;|&]{0,256}?\\s(?:${flag})${gap}`;
	return new RegExp(`(${head})(?!\\[redacted\\])(${flagValue(follows === "glued")})`, "g");
});

/** Words that a secret's long flag may contain: `--password`, `--http-password`, `--db-pass`, `--api-token`. */
const FLAG_SECRET_WORD =
	"password|passwd|pass|passphrase|pwd|token|secret|bearer|api[-_]?key|(?:access|secret|auth)[-_]key";

/** Flag endings that name where a secret comes from, not the secret (`--password-stdin`, `--token-file`). */
const FLAG_NOT_VALUE = "(?![-_](?:stdin|file|fd|env|prompt|cmd|command|length|policy|type)\\b)";

/**
 * `--password X`, `--http-password X`, `--token X`, `-password X` (the `=` form is a `KEY=value` pair): group 1 runs
 * to the value, group 2 is the value (never a following flag).
 */
export const SECRET_FLAG = new RegExp(
	`((?:^|\\s)--?(?:[a-z0-9]+[-_]){0,3}(?:${FLAG_SECRET_WORD})${FLAG_NOT_VALUE}(?:[-_][a-z0-9]+){0,2}\\s+)` +
		`('[^'\\n]*'|"[^"\\n]*"|[^\\s'"-][^\\s'"]*)`,
	"gi",
);

/** openssl's `pass:SECRET` password source (`-passin pass:x`, `-passout pass:x`, `-pass pass:x`). */
export const OPENSSL_PASS = /(\bpass:)([^\s'"]+|'[^'\n]*'|"[^"\n]*")/g;

/**
 * Discord bot tokens: the bot's user id in base64 (starting `M`, `N` or `O`), a timestamp and an HMAC, dot-separated;
 * masked whole.
 */
export const DISCORD_BOT_TOKEN =
	/\b[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}(?![A-Za-z0-9_-])/g;

/**
 * A `.netrc` password: `machine HOST ... password X` or `default ... password X` on one line (group 1 runs to the
 * value, group 2 is the value), and a line of its own `password X` (an entry over several lines).
 */
export const NETRC_PASSWORD = /(\b(?:machine\s+\S{1,256}|default)\s[^\n]{0,256}?\bpassword\s+)([^\s'"]+)/g;

/** A `.netrc` entry's `password X` on a line of its own (group 1 runs to the value, group 2 is the value). */
export const NETRC_PASSWORD_LINE = /^([ \t]*password[ \t]+)([^\s'"]+)(?=[ \t]*$)/gm;

/**
 * Configuration commands that take a key and its value as two words (`aws configure set aws_secret_access_key X`,
 * `npm config set //host/:_authToken X`, `git config --global github.token X`, `composer config -g
 * gitlab-token.host X`): group 1 runs to the key, group 2 is the key, group 3 the blank, group 4 the value.
 */
export const CONFIG_SET = new RegExp(
	"(\\b(?:aws\\s+configure\\s+set|(?:npm|yarn|pnpm)\\s+config\\s+set|git\\s+config|composer\\s+config" +
		"|poetry\\s+config|bundle\\s+config(?:\\s+set)?)(?:\\s+--?[A-Za-z][A-Za-z-]{0,30}){0,4}\\s+)" +
		"([A-Za-z0-9_.:/@-]{1,256})(\\s+)('[^'\\n]*'|\"[^\"\\n]*\"|[^\\s'\"&|;<>()-][^\\s'\"&|;<>()]*)",
	"g",
);

/** An XML element's text (`<password>x</password>`, Maven's settings.xml): group 1 the tag, group 2 the text. */
export const XML_ELEMENT = /<([A-Za-z][A-Za-z0-9_.:-]{0,63})>([^<\n]{1,1024})<\/\1>/g;

/**
 * A quoted key and a quoted value apart from `"key": "value"`: PHP's `define('DB_PASSWORD', 'x')`, and an index
 * assignment `os.environ["API_KEY"] = "x"`, `ENV['SECRET'] = 'x'`. Group 1 runs to the value, 3 is the key, 4 the
 * value's quote, 5 the value.
 */
export const KEYED_VALUE =
	/((?:\bdefine\s*\(\s*|\[\s*)(["'])([^"'\n]{1,128})\2\s*(?:,|\]\s*=)\s*)(["'])((?:(?!\4)[^\\\n]|\\.)*)\4/g;
