/**
 * Secret masking for text that is shown or persisted (cards, the firing log): values that look like
 * API keys, tokens, passwords or private keys become `[redacted]`. Pure; every pattern runs in linear time. The
 * token families, secret key names and password flags are tables in `secret-formats.ts`.
 */
import {
	CONFIG_SET,
	DISCORD_BOT_TOKEN,
	KEYED_VALUE,
	keyParts,
	NETRC_PASSWORD,
	NETRC_PASSWORD_LINE,
	NOT_SECRET_LAST_PART,
	OPENSSL_PASS,
	PASSWORD_FLAG_RULES,
	SECRET_FLAG,
	SECRET_PART,
	TOKEN_FORMATS,
	TOKEN_PREFIX,
	URL_ENCODED_TOKEN_FORMATS,
	XML_ELEMENT,
} from "./secret-formats.ts";

/** What a masked value is replaced with. */
export const REDACTED = "[redacted]";

/**
 * Key names whose values are secrets wherever the word is: `GITHUB_TOKEN`, `dbpassword`, `x-api-key`,
 * `"client_secret"`; the shorter words (`KEY`, `PASS`, `PWD`, `AUTH`, `CRED`, `PAT`) count as whole parts of the
 * name ({@link SECRET_PART}).
 */
const SECRET_KEY = /token|secret|passw(?:or)?d|passphrase|api[_-]?key|private[_-]?key|access[_-]?key|credential/i;

/** Keys that contain a secret word but hold counts or names, not secrets (`max_tokens`, `tokenizer`). */
const NOT_SECRET_KEY = /tokens|tokeniz|token_?(?:count|limit|usage|budget|type)/i;

/** Values that are not secrets even under a secret key: empty, a variable reference, a placeholder, masked. */
const NOT_SECRET_VALUE =
	/^(?:|true|false|null|none|undefined|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|%[A-Za-z_][A-Za-z0-9_]*%|<[^<>]*>|\*+)$/i;

/**
 * `-----BEGIN ... PRIVATE KEY----- ... -----END ... PRIVATE KEY-----` (PEM) and OpenPGP's `-----BEGIN PGP PRIVATE
 * KEY BLOCK-----`; a cut-off block up to the end.
 */
const PEM_BLOCK = new RegExp(
	"(-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----)[\\s\\S]*?" +
		"(-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|$)",
	"g",
);

/**
 * The `KEY=` of `KEY=value` (shell, .env, URL query, `--flag=value`; `KEY = value` with blanks on both sides): the
 * key is a whole word (the look-behind anchors it, so no position is retried inside a word).
 */
const ASSIGNMENT_KEY = /(?<![A-Za-z0-9_.-])([A-Za-z0-9_.-]{1,128})([ \t]+=[ \t]+|=)/g;

/** The value after `KEY=`: masked, double-quoted, single-quoted, JSON-escaped-quoted or bare (`a=b` included). */
const ASSIGNMENT_VALUE = /\[redacted\]|"[^"\n]*"|'[^'\n]*'|\\"[^"\\\n]*\\"|[^\s"'&;|,)}\]]+/y;

/** `"key": "value"` and `'key': 'value'` (JSON, Python and JS object literals). */
const QUOTED_PAIR = /(["'])([^"'\n]{1,128})\1(\s*:\s*)(["'])((?:(?!\4)[^\\\n]|\\.)*)\4/g;

/** `key: value` at the start of a line (YAML, HTTP headers such as `X-Api-Key: ...`). */
const LINE_PAIR = /^([ \t]*(?:- )?)([A-Za-z0-9_.-]{1,128})([ \t]*:[ \t]+)([^\s#][^\n]*)$/gm;

/** `Authorization: Basic ...`, `"authorization": "Bearer ..."`, `Authorization=token ...`. */
const AUTHORIZATION =
	/(\bAuthorization["']?\s*[:=]\s*["']?)((?:Basic|Bearer|Token|Digest|SSWS|Bot)\s+)?([^\s"',;]{8,})/gi;

/**
 * `Bearer <long token>` and Okta's `SSWS <token>` anywhere (hex, base64, base64url, JWT), also URL-encoded
 * (`Bearer%20...`).
 */
const BEARER = /(\b(?:Bearer|SSWS)(?:\s+|%20|\+))([A-Za-z0-9._~+/-]{16,}=*)/gi;

/** A password in a URL: `scheme://user:password@host`, `redis://:password@host`. */
const URL_PASSWORD = /(\b[A-Za-z][A-Za-z0-9+.-]{0,31}:\/\/[^\s:/@]{0,256}:)([^\s@/]{1,256})(@)/g;

/**
 * Headers whose value is a credential, wherever they appear (`-H 'X-Api-Key: ...'`, `PRIVATE-TOKEN: ...`,
 * `Cookie: ...`): the value runs to the closing quote or the end of the line.
 */
const HEADER =
	/(?<![A-Za-z0-9_/-])((?:[a-z0-9]{1,20}-){0,3}(?:api-?key|application-key|app-key|subscription-key|private-token|auth-token|access-token)|x-[a-z0-9-]{0,40}(?:token|key|secret|auth|session|password)[a-z0-9-]{0,20}|cookie|set-cookie|proxy-authorization)(\s*:[ \t]*)([^\s'"\n][^'"\n]*)/gi;

/** Header names that hold no secret although a secret word is in them (`X-Auth-Email`, `X-Api-Key-Id`). */
const NOT_SECRET_HEADER = /-(?:email|user|username|id|type|url|host|name)$/i;

/** `curl -u user:password`, `--user user:password` (quoted or not): the password part. */
const USER_PASSWORD = /((?:^|\s)(?:-u|--user|--proxy-user)\s*['"]?[^\s:'"]{1,128}:)([^\s'"]{1,256})/g;

/** `curl --cookie 'a=b'`, `curl -b 'session=...'`: the cookie string. */
const COOKIE_FLAG = /((?:^|\s)(?:--cookie|-b)\s+)('[^'\n]*=[^'\n]*'|"[^"\n]*=[^"\n]*"|[^\s'"]*=[^\s'"]*)/g;

/**
 * Keys that are secrets by themselves: docker's `"auth"` (base64 user:password), `_auth` (npm), cookies and the
 * `sessionid` cookie. Not `session_id`: in a hook's stdin that is the agent session's id, which the log shows
 * and filters by.
 */
const SECRET_KEY_EXACT = /^(?:_?auth|cookie|set-cookie|sessionid)$/i;

/**
 * Whether `key` names a secret: a secret word in it ({@link SECRET_KEY}, {@link SECRET_PART}) that is not a count
 * (`max_tokens`) or a setting about the secret (`AUTH_URL`, `token_type`, `PASSWORD_FILE`).
 */
const isSecretKey = (key: string): boolean => {
	if (SECRET_KEY_EXACT.test(key)) return true;
	if (NOT_SECRET_KEY.test(key)) return false;
	const parts = keyParts(key);
	if (parts.length > 1 && NOT_SECRET_LAST_PART.test(parts[parts.length - 1] ?? "")) return false;
	return SECRET_KEY.test(key) || parts.some((part) => SECRET_PART.test(part));
};

/** The masked form of a value, keeping its quotes; unchanged when it is not a secret. */
const maskValue = (value: string): string => {
	const quote = /^(\\"|"|')([\s\S]*)\1$/.exec(value);
	const inner = quote ? (quote[2] ?? "") : value;
	if (NOT_SECRET_VALUE.test(inner) || inner.includes(REDACTED)) return value;
	return quote ? `${quote[1]}${REDACTED}${quote[1]}` : REDACTED;
};

/**
 * Masks the values of `"key": "value"` pairs with a secret key. After a pair whose key is not a secret the scan
 * goes on at that pair's value, which may itself be the key of the next pair (`'user': "password": "x"`).
 */
const maskQuotedPairs = (text: string): string => {
	const parts: string[] = [];
	let copied = 0;
	QUOTED_PAIR.lastIndex = 0;
	for (let match = QUOTED_PAIR.exec(text); match !== null; match = QUOTED_PAIR.exec(text)) {
		const [whole, q = "", key = "", colon = "", vq = "", value = ""] = match;
		const valueStart = match.index + 2 * q.length + key.length + colon.length;
		if (!isSecretKey(key)) {
			QUOTED_PAIR.lastIndex = valueStart;
			continue;
		}
		parts.push(text.slice(copied, match.index), `${q}${key}${q}${colon}${maskValue(`${vq}${value}${vq}`)}`);
		copied = match.index + whole.length;
	}
	return copied === 0 ? text : parts.join("") + text.slice(copied);
};

/**
 * Masks the values of `KEY=value` pairs with a secret key. The value of any other key is scanned like the rest of
 * the text, so `X= TOKEN=abc` and `a=TOKEN=abc` mask `abc`; every character is looked at a bounded number of times.
 */
const maskAssignments = (text: string): string => {
	const parts: string[] = [];
	let copied = 0;
	ASSIGNMENT_KEY.lastIndex = 0;
	for (let match = ASSIGNMENT_KEY.exec(text); match !== null; match = ASSIGNMENT_KEY.exec(text)) {
		if (!isSecretKey(match[1] ?? "")) continue;
		const valueStart = match.index + match[0].length;
		ASSIGNMENT_VALUE.lastIndex = valueStart;
		const value = ASSIGNMENT_VALUE.exec(text)?.[0];
		if (value === undefined) continue;
		parts.push(text.slice(copied, valueStart), maskValue(value));
		copied = valueStart + value.length;
		ASSIGNMENT_KEY.lastIndex = copied;
	}
	return copied === 0 ? text : parts.join("") + text.slice(copied);
};

/**
 * Masks values that look like secrets in `text`: the token families of {@link TOKEN_FORMATS} (`sk-...`, `ghp_...`,
 * `AKIA...`, `shpat_...`, `hvs....`, `dapi...`, JWTs, Slack and Discord webhook URLs, ...; also right after a URL
 * escape such as `%20`), `Bearer`/`Authorization` credentials, credential headers (`X-Api-Key:`, `PRIVATE-TOKEN:`,
 * `Cookie:`), `curl -u user:pass`, `--password X` and any long flag naming a secret (`--http-password X`), the
 * password flags of common commands (`mysql -pPASS`, `sshpass -p X`, `docker login -p X`, `redis-cli -a X`),
 * openssl's `pass:X`, `--cookie`, URL passwords, PEM private keys, docker's `"auth"` values, and the values of
 * `KEY=value` (connection strings' `AccountKey=...;` included), `"key": "value"` and `key: value` pairs whose key
 * names a secret (TOKEN, SECRET, PASSWORD, CREDENTIAL anywhere in it; KEY, PASS, PWD, AUTH, CRED, PAT as a part of
 * it; `max_tokens` and the like are counts, `AUTH_URL` or `TOKEN_TYPE` settings, not secrets). Variable
 * references (`$TOKEN`, `${TOKEN}`), placeholders (`<token>`) and empty values stay. Idempotent; never throws;
 * linear in the length of `text` (a bounded number of passes).
 */
export const redactSecrets = (text: string): string => {
	if (text === "") return text; // a hook's empty output, the common case: no pass has anything to mask
	// One pass can uncover a secret for another rule: a token mask ends a word that was too long to be a key, so
	// `...GITHUB_TOKEN=abc` becomes a `KEY=value` pair. Repeat until nothing changes, so masking is idempotent.
	let out = redactOnce(text);
	if (out === text) return out; // nothing masked: nothing can have been uncovered
	for (let pass = 1; pass < MAX_PASSES; pass++) {
		const next = redactOnce(out);
		if (next === out) break;
		out = next;
	}
	return out;
};

/**
 * Masks the values that follow a key naming a secret outside `KEY=value` and `"key": "value"`: a configuration
 * command's two words (`aws configure set aws_secret_access_key X`), an XML element (`<password>x</password>`),
 * PHP's `define('DB_PASSWORD', 'x')` and an index assignment (`os.environ["API_KEY"] = "x"`).
 */
const maskKeyed = (text: string): string => {
	let out = text.replace(CONFIG_SET, (match, head: string, key: string, gap: string, value: string) => {
		const masked = isSecretKey(key) ? maskValue(value) : value;
		return masked === value ? match : `${head}${key}${gap}${masked}`;
	});
	out = out.replace(XML_ELEMENT, (match, tag: string, value: string) => {
		const masked = isSecretKey(tag) ? maskValue(value.trim()) : value.trim();
		return masked === value.trim() ? match : `<${tag}>${masked}</${tag}>`;
	});
	return out.replace(KEYED_VALUE, (match, head: string, _q: string, key: string, vq: string, value: string) => {
		const masked = isSecretKey(key) ? maskValue(`${vq}${value}${vq}`) : `${vq}${value}${vq}`;
		return masked === `${vq}${value}${vq}` ? match : `${head}${masked}`;
	});
};

/** Most passes {@link redactSecrets} makes; every pass only ever turns more text into `[redacted]`. */
const MAX_PASSES = 4;

/** One pass of every masking rule. */
const redactOnce = (text: string): string => {
	let out = text.replace(PEM_BLOCK, `$1\n${REDACTED}\n$2`);
	out = maskQuotedPairs(out);
	out = maskAssignments(out);
	out = out.replace(LINE_PAIR, (match, lead: string, key: string, colon: string, value: string) => {
		if (!isSecretKey(key)) return match;
		const trimmed = value.trimEnd(); // keep trailing blanks and a CR as they were
		return `${lead}${key}${colon}${maskValue(trimmed)}${value.slice(trimmed.length)}`;
	});
	out = out.replace(AUTHORIZATION, (match, head: string, scheme: string | undefined, value: string) =>
		value.includes(REDACTED) ? match : `${head}${scheme ?? ""}${REDACTED}`,
	);
	out = out.replace(BEARER, (match, head: string, value: string) =>
		value.includes(REDACTED) ? match : `${head}${REDACTED}`,
	);
	out = out.replace(HEADER, (match, name: string, colon: string, value: string) => {
		const trimmed = value.trimEnd();
		return trimmed.includes(REDACTED) || NOT_SECRET_VALUE.test(trimmed) || NOT_SECRET_HEADER.test(name)
			? match
			: `${name}${colon}${REDACTED}${value.slice(trimmed.length)}`;
	});
	out = maskKeyed(out);
	const rules = [USER_PASSWORD, SECRET_FLAG, ...PASSWORD_FLAG_RULES, OPENSSL_PASS, COOKIE_FLAG, NETRC_PASSWORD];
	for (const rule of [...rules, NETRC_PASSWORD_LINE]) {
		out = out.replace(rule, (match, head: string, value: string) => {
			const masked = maskValue(value);
			return masked === value ? match : `${head}${masked}`;
		});
	}
	out = out.replace(URL_PASSWORD, (match, head: string, password: string, at: string) =>
		NOT_SECRET_VALUE.test(password) || password === REDACTED ? match : `${head}${REDACTED}${at}`,
	);
	out = out.replace(DISCORD_BOT_TOKEN, REDACTED);
	if (!TOKEN_PREFIX.test(out)) return out;
	const formats = out.includes("%") ? [...TOKEN_FORMATS, ...URL_ENCODED_TOKEN_FORMATS] : TOKEN_FORMATS;
	for (const format of formats) out = out.replace(format, (_match, prefix: string) => `${prefix}${REDACTED}`);
	return out;
};
