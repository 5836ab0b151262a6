import { createHash } from "node:crypto";
import zlib from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { rememberLast } from "../shared/remember-last";

/**
 * The in-process cache of public responses (listing JSON, server-rendered public pages): the
 * same for every visitor, read far more often than staff change them. Every entry belongs to a
 * generation; `invalidate()` (called after any successful write to buildings, units or photos)
 * starts a new one, so the next request recomputes. A time limit bounds what a write made outside
 * this process (the seed command, another instance before it hears of it) can leave stale.
 *
 * Concurrent misses for one key share one computation, so a burst after an invalidation costs
 * one database round trip, not fifty.
 */
export type ResponseCache = {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /**
   * Starts a new generation. The listeners hear of it (they tell the other instances), except
   * when the news came from another instance (`{ broadcast: false }`).
   */
  invalidate(options?: { broadcast?: boolean }): void;
  /** Called after every local invalidation (other instances are told through this). */
  onInvalidate(listener: () => void): void;
  /**
   * While on, nothing is cached: used while this instance cannot hear other instances' writes
   * (its Redis subscription is down), when a cached answer could outlive a delete elsewhere.
   */
  setBypass(on: boolean): void;
  readonly size: number;
  /** Answers found in the cache since it was made (a request joining one being computed too). */
  readonly hits: number;
  /** Answers computed: not in the cache, stale, or the cache bypassed. */
  readonly misses: number;
};

type Entry = { generation: number; storedAt: number; value: Promise<unknown> };

export function createResponseCache(
  options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): ResponseCache {
  const { ttlMs = 60_000, maxEntries = 1_000, now = Date.now } = options;
  const entries = new Map<string, Entry>();
  const listeners: (() => void)[] = [];
  let generation = 0;
  let bypass = false;
  // Plain counts, read by the metrics at each scrape (src/server/metrics): no cost per lookup.
  let hits = 0;
  let misses = 0;

  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      if (bypass) {
        misses++;
        return compute();
      }
      const entry = entries.get(key);
      if (entry && entry.generation === generation && now() - entry.storedAt < ttlMs) {
        hits++;
        // Read again: it goes to the back of the line, so a stream of addresses asked for once
        // (made-up ones, say) pushes out what nobody reads, not the pages people visit.
        entries.delete(key);
        entries.set(key, entry);
        return entry.value as Promise<T>;
      }
      misses++;
      const value = compute();
      const stored: Entry = { generation, storedAt: now(), value };
      entries.delete(key);
      entries.set(key, stored);
      // Failures are not kept: the next request tries again.
      value.catch(() => {
        if (entries.get(key) === stored) entries.delete(key);
      });
      // A Map keeps its order of insertion: beyond the bound, the least recently read goes.
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
    invalidate({ broadcast = true } = {}) {
      generation++;
      entries.clear();
      if (broadcast) for (const listener of listeners) listener();
    },
    onInvalidate(listener) {
      listeners.push(listener);
    },
    setBypass(on) {
      bypass = on;
      if (on) entries.clear();
    },
    get size() {
      return entries.size;
    },
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
  };
}

/**
 * A JSON body prepared once: its ETag and its compressed forms, made on first use. Sending it
 * answers a matching If-None-Match with 304 and skips serialising and compressing per request.
 *
 * The ETag is weak (`W/"..."`): it names the content, and the bytes sent for it differ by
 * encoding (identity, gzip, brotli) and, for brotli, over time (a quick form first, the best
 * one once made), which a strong ETag would promise not to. If-None-Match, the only condition
 * answered here, compares weakly; nothing here serves byte ranges, which would need a strong one.
 */
export type Representation = {
  body: Buffer;
  etag: string;
  contentType: string;
  encoded: Partial<Record<"br" | "gzip", Buffer>>;
};

export function represent(body: string, contentType = "application/json; charset=utf-8") {
  const bytes = Buffer.from(body);
  const etag = `W/"${createHash("sha1").update(bytes).digest("base64url").slice(0, 27)}"`;
  return { body: bytes, etag, contentType, encoded: {} } satisfies Representation;
}

const MIN_COMPRESS_BYTES = 1024;

type Encoding = "br" | "gzip" | null;

/** A browser sends the same Accept-Encoding every time: it is read once. */
const preferredEncoding = rememberLast(readAcceptEncoding);

/** The quality an Accept-Encoding header gives each coding (`*` for any other). */
function encodingQualities(header: string | undefined): (name: string) => number {
  const accepted = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  return (name) => accepted.get(name) ?? accepted.get("*") ?? 0;
}

function readAcceptEncoding(header: string | undefined): Encoding {
  const quality = encodingQualities(header);
  if (quality("br") > 0) return "br";
  if (quality("gzip") > 0) return "gzip";
  return null;
}

/** Whether an Accept-Encoding header takes this coding. */
export const acceptsEncoding = (header: string | undefined, name: "br" | "gzip") =>
  encodingQualities(header)(name) > 0;

/**
 * Brotli's best quality (11) makes a 120 KB page about 10 % smaller than its quality 9 (22.1 KB
 * against 24.6 KB), but takes about 125 ms to make, too long to hold a request or the event
 * loop. So a representation is first sent compressed at a quick quality (5: about 2 ms, 25 KB),
 * and its best form is made in the background, one body at a time on libuv's thread pool; once
 * made it replaces the quick one. Cached entries are recomputed after every write and every
 * minute, mostly to the same bytes: the best forms are kept by the body's hash (its ETag), so a
 * body made again is compressed at its best once, not every minute. At most MAX_WAITING bodies
 * wait for theirs: many new bodies at once (a burst of different listing searches) keep their
 * quick form rather than keep a core busy for seconds.
 */
const QUICK_BROTLI_QUALITY = 5;
const BEST_BROTLI_QUALITY = 11;
const BEST_FORMS_KEPT = 500;
const MAX_WAITING = 32;

const bestForms = new Map<string, Buffer>();
/** The ETags of the bodies waiting for their best form. */
const waiting = new Set<string>();
let compressing: Promise<void> = Promise.resolve();

const brotliParams = (body: Buffer, quality: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});

/**
 * Queues a representation's best brotli form. Another representation of the same body made
 * meanwhile (the cache bypassed, say) keeps its quick form; the ones made after it is done get
 * the best one from `bestForms`.
 */
function makeBestForm(representation: Representation) {
  const { etag, body } = representation;
  // Already queued, or too many waiting: this one keeps its quick form.
  if (waiting.has(etag) || waiting.size >= MAX_WAITING) return;
  waiting.add(etag);
  const done = (best?: Buffer) => {
    waiting.delete(etag);
    // Not made (out of memory, say): the quick form stays; the body made again asks again.
    if (!best) return;
    bestForms.set(etag, best);
    if (bestForms.size > BEST_FORMS_KEPT) {
      bestForms.delete(bestForms.keys().next().value as string);
    }
    representation.encoded.br = best;
  };
  compressing = compressing.then(
    () =>
      new Promise<void>((resolve) => {
        try {
          zlib.brotliCompress(body, brotliParams(body, BEST_BROTLI_QUALITY), (error, best) => {
            done(error ? undefined : best);
            resolve();
          });
        } catch {
          done();
          resolve();
        }
      }),
  );
}

/** Resolves once every best form asked for so far has been made (tests wait on it). */
export const bestFormsMade = async () => {
  while (waiting.size > 0) await compressing;
};

function encode(representation: Representation, encoding: "br" | "gzip"): Buffer {
  const cached = representation.encoded[encoding];
  if (cached) return cached;
  const { body, etag } = representation;
  if (encoding === "gzip") {
    const gzipped = zlib.gzipSync(body, { level: 9 });
    representation.encoded.gzip = gzipped;
    return gzipped;
  }
  const best = bestForms.get(etag);
  if (best) {
    // Used again: the most recently used are the ones kept.
    bestForms.delete(etag);
    bestForms.set(etag, best);
    representation.encoded.br = best;
    return best;
  }
  const quick = zlib.brotliCompressSync(body, brotliParams(body, QUICK_BROTLI_QUALITY));
  representation.encoded.br = quick;
  makeBestForm(representation);
  return quick;
}

/** Whether the request's If-None-Match names this ETag (compared weakly) or is `*`. */
export function etagMatches(request: FastifyRequest, etag: string): boolean {
  const opaque = etag.replace(/^W\//, "");
  return (
    request.headers["if-none-match"]?.split(",").some((tag) => {
      const trimmed = tag.trim();
      return trimmed === "*" || trimmed.replace(/^W\//, "") === opaque;
    }) ?? false
  );
}

export function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  representation: Representation,
  cacheControl: string,
  status = 200,
) {
  reply.header("etag", representation.etag);
  reply.header("cache-control", cacheControl);
  reply.header("vary", "accept-encoding");
  if (status === 200 && etagMatches(request, representation.etag)) return reply.status(304).send();
  reply.status(status);
  reply.type(representation.contentType);
  const encoding =
    representation.body.length >= MIN_COMPRESS_BYTES
      ? preferredEncoding(request.headers["accept-encoding"])
      : null;
  if (!encoding) return reply.send(representation.body);
  // Already encoded: @fastify/compress leaves a response with a Content-Encoding alone.
  reply.header("content-encoding", encoding);
  return reply.send(encode(representation, encoding));
}
