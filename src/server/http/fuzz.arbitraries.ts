import fc, { type Arbitrary } from "fast-check";

/**
 * fast-check arbitraries for the API fuzz test (fuzz.test.ts): hostile strings, junk JSON values,
 * near-valid bodies, query strings and path segments. A test helper, not shipped code.
 */

/** Strings that have broken web applications before: SQL, HTML, paths, templates, headers. */
export const attackStrings = [
  "' OR 1=1 --",
  "' OR '1'='1",
  "1; DROP TABLE users",
  "'); DROP TABLE properties; --",
  "1 UNION SELECT password_hash FROM users",
  "\\'; SELECT pg_sleep(5); --",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%2e%2e%2f%2e%2e%2f",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as is.
  "${7*7}",
  "{{7*7}}",
  "#{7*7}",
  "$where",
  "__proto__",
  "constructor",
  "\r\nSet-Cookie: admin=1",
  "\u0000",
  "a\u0000b",
  "\u202Egnp.exe",
  "\uFEFF",
  "\u200B",
  "مرحبا بالعالم",
  "שָׁלוֹם",
  "👩‍👩‍👧‍👦🏠🇺🇸",
  "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇",
  "\uD800",
  "\uDFFFx\uD800",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "99999999999999999999",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "",
  " ",
  "\t\n\r",
] as const;

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/** One "character" of junk: printable unicode, any code point, a lone surrogate, an attack. */
const junkUnit: Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary-ascii", minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: loneSurrogate },
  { weight: 1, arbitrary: fc.constantFrom(...attackStrings) },
);

/** 1 KB to 100 KB of a repeated junk chunk (cut anywhere, so a surrogate pair may be split). */
export const hugeString: Arbitrary<string> = fc
  .tuple(
    fc.string({ unit: junkUnit, minLength: 1, maxLength: 6 }),
    fc.integer({ min: 1_000, max: 100_000 }),
  )
  // A unit may be empty (an attack string of none), so a chunk may be too: then one "x".
  .map(([drawn, length]) => {
    const chunk = drawn || "x";
    return chunk.repeat(Math.ceil(length / chunk.length)).slice(0, length);
  });

/** A hostile string; `huge` adds strings of up to 100 KB (not for URLs, where 16 KB is the most). */
export function junkString(options: { huge?: boolean } = {}): Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.string({ unit: junkUnit, maxLength: 30 }) },
    { weight: 3, arbitrary: fc.constantFrom(...attackStrings) },
    { weight: 1, arbitrary: fc.string({ unit: "binary-ascii", maxLength: 300 }) },
    { weight: options.huge ? 1 : 0, arbitrary: hugeString },
  );
}

/**
 * A number as raw JSON text, for what JSON.stringify cannot write (1e400 parses as Infinity,
 * 20 digits lose precision): stringified as a marker, then put in place by `toJson`.
 */
const RAW = /"__raw_json_number:([^"]+)__"/g;
const rawNumber = fc
  .constantFrom(
    "1e400",
    "-1e400",
    "123456789012345678901234567890",
    "-0",
    "0.0000000000000000001",
    "1E2",
  )
  .map((text) => `__raw_json_number:${text}__`);

export const junkNumber: Arbitrary<number | string> = fc.oneof(
  fc.integer(),
  fc.integer({ min: -(2 ** 53), max: 2 ** 53 }),
  fc.double(),
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    1.5,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 32,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    1e21,
    1e308,
    Number.MIN_VALUE,
    -1e308,
  ),
  rawNumber,
);

/** Keys that confuse object handling, plus ordinary and unicode ones. */
export const junkKey: Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: junkUnit, maxLength: 12 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "__proto__",
      "constructor",
      "prototype",
      "toString",
      "hasOwnProperty",
      "valueOf",
      "$where",
      "id",
      "role",
      "admin",
      "password",
      "",
    ),
  },
);

/** Any JSON value, nested a few levels, built from hostile leaves. */
export const junkValue: Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    junkNumber,
    junkString({ huge: true }),
    fc.array(tie("value"), { maxLength: 5 }),
    fc.dictionary(junkKey, tie("value"), { maxKeys: 5 }),
  ),
})).value;

export type Body = { contentType?: string; payload?: string };

/** The JSON text of a value (raw numbers put in place); `undefined` sends no body. */
export function toJson(value: unknown): string | undefined {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : text.replace(RAW, "$1");
}

const asJson = (value: unknown): Body => ({
  contentType: "application/json",
  payload: toJson(value),
});

/** 100 to 30,000 levels of nesting, as raw JSON text (the body limit is 1 MB). */
const deepNesting: Arbitrary<Body> = fc
  .tuple(
    // Around the nesting limit (32), and far past it (up to the JSON body limit).
    fc.oneof(fc.integer({ min: 28, max: 40 }), fc.integer({ min: 100, max: 30_000 })),
    fc.constantFrom("array", "object", "mixed"),
  )
  .map(([depth, kind]) => {
    const open = kind === "array" ? "[" : kind === "object" ? '{"a":' : '{"title":[';
    const close = kind === "array" ? "]" : kind === "object" ? "}" : "]}";
    return {
      contentType: "application/json",
      payload: `${open.repeat(depth)}1${close.repeat(depth)}`,
    };
  });

/** Bodies that are not JSON objects at the transport level: wrong types, broken JSON, none. */
const otherTransport: Arbitrary<Body> = fc.oneof(
  fc.constant<Body>({}),
  fc.constant<Body>({ contentType: "application/json", payload: "" }),
  fc.constant<Body>({ contentType: "application/json", payload: "null" }),
  fc.constant<Body>({ contentType: "application/json", payload: '{"__proto__":{"role":"admin"}}' }),
  fc.constant<Body>({
    contentType: "application/json",
    payload: '{"constructor":{"prototype":{"role":"admin"}}}',
  }),
  junkString().map((text): Body => ({ contentType: "application/json", payload: `{${text}` })),
  fc
    .tuple(
      fc.constantFrom(
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
        "application/json; charset=utf-16",
        "application/json; charset=latin1",
        "application/vnd.api+json",
        "*/*",
        "",
      ),
      junkString(),
    )
    .map(([contentType, payload]): Body => ({ contentType, payload })),
  fc
    .tuple(fc.string({ unit: "grapheme-ascii", maxLength: 40 }), junkString())
    .map(([contentType, payload]): Body => ({ contentType, payload })),
);

export type Model = Record<string, Arbitrary<unknown>>;

/**
 * A body close to valid: a valid one, or one with a single field made junk (each field's check,
 * and the code right behind the schema, where bugs hide), or several, or a field dropped, or
 * unknown fields added.
 */
export function nearlyValid(model: Model): Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(model);
  const valid = fc.record(model);
  const key = fc.constantFrom(...keys);
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    {
      weight: 4,
      arbitrary: fc.tuple(valid, key, junkValue).map(([body, k, junk]) => ({ ...body, [k]: junk })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.dictionary(key, junkValue, { maxKeys: keys.length }))
        .map(([body, junk]) => ({ ...body, ...junk })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, key).map(([body, k]) => {
        const { [k]: _dropped, ...rest } = body;
        return rest;
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.dictionary(junkKey, junkValue, { minKeys: 1, maxKeys: 3 }))
        .map(([body, extra]) => ({ ...extra, ...body })),
    },
  );
}

/** Request bodies for a route: near-valid ones when a model is given, then junk of all kinds. */
export function bodies(model?: Model): Arbitrary<Body> {
  const junk: { weight: number; arbitrary: Arbitrary<Body> }[] = [
    { weight: 3, arbitrary: junkValue.map(asJson) },
    { weight: 1, arbitrary: fc.array(junkValue, { maxLength: 3 }).map(asJson) },
    { weight: 1, arbitrary: deepNesting },
    { weight: 2, arbitrary: otherTransport },
  ];
  if (model) junk.unshift({ weight: 8, arbitrary: nearlyValid(model).map(asJson) });
  return fc.oneof(...junk);
}

const unreserved = /[A-Za-z0-9\-._~]/;

/** Percent-encodes every byte but the unreserved ones (lone surrogates become U+FFFD). */
export function percentEncode(text: string): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const char = String.fromCharCode(byte);
    out += unreserved.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** Raw (unencoded) URL junk: broken escapes, encoded NULs and slashes, overlong UTF-8, CESU. */
export const rawUrlJunk = [
  "%",
  "%zz",
  "%0",
  "%00",
  "%2F",
  "%2f..%2f",
  "%2e%2e",
  "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "..%2F..%2F",
  "%C0%AE%C0%AE%C0%AF",
  "%ED%A0%80",
  "%F4%90%80%80",
  "%FF%FE",
  "%uD800",
  "%E0%A4%A",
  ";",
  ";jsessionid=1",
  "..",
  ".",
  "../../etc/passwd",
  "//",
  "\\..\\",
  "%5C..%5C",
  "+",
  "%20",
  "~",
] as const;

const urlText: Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: junkString().map(percentEncode) },
  { weight: 2, arbitrary: fc.constantFrom(...rawUrlJunk) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(junkString(), fc.constantFrom(...rawUrlJunk))
      .map(([text, raw]) => percentEncode(text) + raw),
  },
  // Long, but under what a real server's request line allows (16 KB).
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 8_000 }).map((n) => "%41".repeat(n / 3)) },
);

const plausibleQueryValues = [
  "1",
  "2",
  "5",
  "100",
  "101",
  "0",
  "-1",
  "1.5",
  "true",
  "false",
  "all",
  "handled",
  "unhandled",
  "lease",
  "maintenance",
  "property",
  "other",
  "dana",
] as const;

/** A query string: the route's keys (and junk ones), repeated, with junk and plausible values. */
export function queryString(keys: readonly string[]): Arbitrary<string> {
  const key = fc.oneof(
    { weight: keys.length > 0 ? 4 : 0, arbitrary: fc.constantFrom(...keys, "x") },
    { weight: 1, arbitrary: urlText },
    {
      weight: 1,
      arbitrary: fc.constantFrom("__proto__", "constructor[prototype][role]", "a[]", "a[b]", ""),
    },
  );
  const value = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...plausibleQueryValues) },
    { weight: 3, arbitrary: urlText },
  );
  const pair = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(key, value).map(([k, v]) => `${k}=${v}`) },
    { weight: 1, arbitrary: key },
    { weight: 1, arbitrary: value.map((v) => `=${v}`) },
  );
  return fc.array(pair, { maxLength: 8 }).map((pairs) => pairs.join("&"));
}

/** A path segment and whether the router can route it to a `:param` as it is. */
export type Segment = { raw: string; routable: boolean };

/**
 * Whether the router hands this raw text to a route's `:param` as it is: no slash (it would be
 * another path), decodable escapes (else a 400 before any route), at most maxParamLength, and
 * not a dot segment (inject resolves `..` and `%2e%2e` as a browser would, into another path).
 */
export function isRoutable(raw: string): boolean {
  if (raw === "" || raw.length > 2048 || /[/?#]/.test(raw)) return false;
  try {
    return !/^\.+$/.test(decodeURIComponent(raw));
  } catch {
    return false;
  }
}

const segment = (raw: string): Segment => ({ raw, routable: isRoutable(raw) });

/** Ids for `:id`: known ones, numbers of every shape, uuids, unicode, traversal, broken escapes. */
export function idSegment(known: readonly (string | number)[]): Arbitrary<Segment> {
  const arbitraries: { weight: number; arbitrary: Arbitrary<string> }[] = [
    { weight: 2, arbitrary: fc.integer({ min: -(2 ** 40), max: 2 ** 40 }).map(String) },
    { weight: 1, arbitrary: fc.double().map(String) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "0",
        "-1",
        "2147483647",
        "2147483648",
        "4294967296",
        "99999999999999999999",
        "9".repeat(400),
        "1.5",
        "1e3",
        "0x1F",
        "+1",
        "01",
        "1%20",
        "%201",
        "%EF%BC%91", // fullwidth 1
        "%D9%A1", // Arabic-Indic 1
        "NaN",
        "Infinity",
        "null",
        "undefined",
        "true",
        "%5B%5D",
        "%7B%7D",
      ),
    },
    { weight: 1, arbitrary: fc.uuid().map(String) },
    { weight: 3, arbitrary: urlText },
  ];
  if (known.length > 0) {
    arbitraries.unshift({ weight: 8, arbitrary: fc.constantFrom(...known.map(String)) });
  }
  return fc.oneof(...arbitraries).map(segment);
}

/**
 * Tokens for `:token`: real ones (the first one the most: it opens something), mangled real ones,
 * JWT-shaped junk, plain junk.
 */
export function tokenSegment(valid: readonly string[]): Arbitrary<Segment> {
  const b64 = fc.base64String({ maxLength: 60 }).map((s) => s.replace(/=+$/, ""));
  const arbitraries: { weight: number; arbitrary: Arbitrary<string> }[] = [
    {
      weight: 2,
      arbitrary: fc.tuple(b64, b64, b64).map(([a, b, c]) => `${a}.${b}.${c}`.replace(/\//g, "_")),
    },
    // alg "none", and HS256 with an empty signature.
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJmaWQiOiIxIiwicmlkIjoiMSJ9.",
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJmaWQiOiIxIn0.",
        "a.b.c",
        "...",
        "x".repeat(2049),
      ),
    },
    { weight: 3, arbitrary: urlText },
  ];
  if (valid.length > 0) {
    const mangled = fc
      .tuple(
        fc.constantFrom(...valid),
        fc.nat(),
        fc.constantFrom("flip", "cut", "append", "swap-parts"),
        fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 3 }),
      )
      .map(([token, at, how, extra]) => {
        const i = at % token.length;
        if (how === "cut") return token.slice(0, i);
        if (how === "append") return token + percentEncode(extra);
        if (how === "swap-parts") return token.split(".").reverse().join(".");
        const flipped = token[i] === "A" ? "B" : "A";
        return token.slice(0, i) + flipped + token.slice(i + 1);
      });
    arbitraries.unshift(
      { weight: 3, arbitrary: fc.constant(valid[0]!) },
      { weight: 2, arbitrary: fc.constantFrom(...valid) },
      { weight: 3, arbitrary: mangled },
    );
  }
  return fc.oneof(...arbitraries).map(segment);
}

/** The rest of a path after /api/, for the catch-all: a few junk segments. */
export const apiPathRest: Arbitrary<Segment> = fc
  .array(
    fc.oneof(
      fc.constantFrom("admin", "properties", "units", "images", "auth", "files", "upload", "1"),
      urlText,
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((parts) => ({ raw: parts.join("/"), routable: false }));

/** A text field's plausible values: printable unicode within a length range. */
export const text = (minLength: number, maxLength: number) =>
  fc.string({ unit: "grapheme", minLength, maxLength });

/**
 * Request headers the app reads besides the body: content negotiation, conditional requests,
 * ranges, forwarding (not trusted by default), cookies. Values are what a header may carry.
 */
export const extraHeaders: Arbitrary<Record<string, string>> = fc.dictionary(
  fc.constantFrom(
    "accept",
    "accept-encoding",
    "accept-language",
    "if-none-match",
    "if-modified-since",
    "range",
    "origin",
    "cookie",
    "x-forwarded-for",
    "x-forwarded-proto",
    "x-forwarded-host",
    "host",
  ),
  fc.oneof(
    fc.string({ unit: "grapheme-ascii", maxLength: 60 }),
    fc.constantFrom(
      "*",
      "br",
      "gzip, deflate, br;q=abc",
      "identity;q=0",
      '"abc"',
      'W/"x", *',
      "bytes=0-0,-1",
      "bytes=999999999999-",
      "1.2.3.4, ::1, garbage",
      "https",
      "javascript:",
      "Thu, 01 Jan 1970 00:00:00 GMT",
      "__proto__=1; role=admin",
      // Hosts a URL cannot be built on, and some it can.
      "[::1",
      "a b",
      "example.com/path",
      "localhost:99999x",
      "[::1]:8080",
      "rentals.example:443",
    ),
  ),
  { maxKeys: 3 },
);
