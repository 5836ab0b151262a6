import { brotliDecompressSync } from "node:zlib";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import {
  bestFormsMade,
  createResponseCache,
  type Representation,
  represent,
  sendRepresentation,
} from "./response-cache";

describe("the response cache", () => {
  it("computes once per key, shares a computation in flight, and recomputes after invalidate()", async () => {
    const cache = createResponseCache();
    let calls = 0;
    const compute = async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return calls;
    };
    const [a, b] = await Promise.all([cache.get("k", compute), cache.get("k", compute)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    expect(await cache.get("k", compute)).toBe(1);
    let told = 0;
    cache.onInvalidate(() => told++);
    cache.invalidate();
    expect(told).toBe(1);
    expect(await cache.get("k", compute)).toBe(2);
  });

  it("does not keep failures", async () => {
    const cache = createResponseCache();
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => "up")).toBe("up");
  });

  it("forgets entries older than its time limit, and keeps at most maxEntries", async () => {
    let now = 0;
    const cache = createResponseCache({ ttlMs: 1000, maxEntries: 2, now: () => now });
    expect(await cache.get("a", async () => 1)).toBe(1);
    now = 999;
    expect(await cache.get("a", async () => 2)).toBe(1);
    now = 1000;
    expect(await cache.get("a", async () => 3)).toBe(3);
    await cache.get("b", async () => 1);
    await cache.get("c", async () => 1);
    expect(cache.size).toBe(2);
    expect(await cache.get("a", async () => 4)).toBe(4);
  });

  it("keeps what is read when asked for new keys, letting go of the least recently read", async () => {
    const cache = createResponseCache({ maxEntries: 3 });
    for (const key of ["home", "list", "building"]) await cache.get(key, async () => key);
    // The home page is read again while made-up addresses stream in, one each.
    for (let i = 0; i < 10; i++) {
      expect(await cache.get("home", async () => "home again")).toBe("home");
      await cache.get(`/?made-up=${i}`, async () => "page");
    }
    expect(cache.size).toBe(3);
    expect(await cache.get("home", async () => "home again")).toBe("home");
    expect(await cache.get("list", async () => "list again")).toBe("list again");
  });
});

describe("sending a prepared representation", () => {
  const body = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => `item ${i}`) });
  async function app() {
    const server = Fastify();
    const prepared = represent(body);
    server.get("/x", (request, reply) =>
      sendRepresentation(request, reply, prepared, "public, max-age=60"),
    );
    return { server, prepared };
  }

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const { server, prepared } = await app();
    const first = await server.inject({ url: "/x" });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBe(prepared.etag);
    expect(first.headers["cache-control"]).toBe("public, max-age=60");
    expect(first.json()).toEqual(JSON.parse(body));
    // Weak: the same content goes out as identity, gzip or brotli bytes.
    expect(prepared.etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await server.inject({ url: "/x", headers: { "if-none-match": prepared.etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    // Compared weakly, whichever form the client sends back; and "*" matches any.
    for (const tag of [prepared.etag.slice(2), `"other", ${prepared.etag}`, "*"]) {
      const matched = await server.inject({ url: "/x", headers: { "if-none-match": tag } });
      expect(matched.statusCode, tag).toBe(304);
    }
    const other = await server.inject({ url: "/x", headers: { "if-none-match": 'W/"other"' } });
    expect(other.statusCode).toBe(200);
  });

  it("sends brotli or gzip as the client accepts, identity otherwise", async () => {
    const { server } = await app();
    const br = await server.inject({ url: "/x", headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    const gzip = await server.inject({
      url: "/x",
      headers: { "accept-encoding": "gzip;q=1, br;q=0" },
    });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const zlib = await import("node:zlib");
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(body);
    const plain = await server.inject({ url: "/x", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(body);
  });

  it("sends brotli at a quick quality at once, then its best form, also for the same body made again", async () => {
    // A page-like body: words in markup, as a server-rendered page is.
    const words = ["apartment", "Hartford", "bedroom", "rent", "laundry", "parking", "lease"];
    const page = Array.from(
      { length: 3000 },
      (_, i) => `<li class="unit-${i % 17}">${words[(i * 7) % 5]} ${i} ${words[i % 7]}</li>`,
    ).join("");
    const server = Fastify();
    let prepared = represent(page, "text/html");
    server.get("/page", (request, reply) =>
      sendRepresentation(request, reply, prepared, "no-cache"),
    );
    const ask = () => server.inject({ url: "/page", headers: { "accept-encoding": "br" } });

    const first = await ask();
    expect(first.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(page);
    await bestFormsMade();
    const best = await ask();
    expect(brotliDecompressSync(best.rawPayload).toString()).toBe(page);
    expect(best.rawPayload.length).toBeLessThan(first.rawPayload.length);

    // The cache made the same body again (a new generation): its best form is sent at once.
    prepared = represent(page, "text/html");
    const again = await ask();
    expect(again.rawPayload.equals(best.rawPayload)).toBe(true);
  });

  it("copies of one body sent while its best form is made are all whole, and later copies get it", async () => {
    const page = Array.from({ length: 3000 }, (_, i) => `<p>unit ${i} of ${i % 13}</p>`).join("");
    const server = Fastify();
    let prepared = represent(page, "text/html");
    server.get("/page", (request, reply) =>
      sendRepresentation(request, reply, prepared, "no-cache"),
    );
    const ask = () => server.inject({ url: "/page", headers: { "accept-encoding": "br" } });

    // The cache bypassed: a new copy of the same body for each request.
    const first: Representation = prepared;
    expect(brotliDecompressSync((await ask()).rawPayload).toString()).toBe(page);
    for (let i = 0; i < 5; i++) {
      prepared = represent(page, "text/html");
      expect(brotliDecompressSync((await ask()).rawPayload).toString()).toBe(page);
    }
    await bestFormsMade();
    prepared = represent(page, "text/html");
    const later = (await ask()).rawPayload;
    expect(brotliDecompressSync(later).toString()).toBe(page);
    expect(later.equals(first.encoded.br!)).toBe(true);
  });
});
