import { mkdirSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { notFound } from "../http/errors";
import { YEAR_SECONDS } from "../http/web";
import { isFsStore } from "./fs-store";
import { isValidKey, PHOTO_CACHE_CONTROL, uploadKey } from "./keys";
import type { ObjectInfo, ObjectStore } from "./object-store";

/**
 * GET/HEAD /uploads/*: staff photos and placeholders, public. Their names are random and never
 * reused, so they never change: cached for a year, immutable. Only keys under `uploads/` can be
 * reached this way, never `tenant-files/`.
 *
 * `fs` serves them straight from DATA_DIR/uploads with @fastify/static; `s3` streams them from
 * the bucket with the same headers (type, caching, ETag, 304), so a photo looks the same to a
 * browser or a CDN whichever instance and driver answers.
 */
export async function serveUploads(app: FastifyInstance, store: ObjectStore): Promise<void> {
  if (isFsStore(store)) {
    const root = path.join(store.root, "uploads");
    mkdirSync(root, { recursive: true }); // @fastify/static wants its root to exist
    await app.register(fastifyStatic, {
      root,
      prefix: "/uploads/",
      decorateReply: false,
      cacheControl: true,
      immutable: true,
      maxAge: YEAR_SECONDS * 1000,
      dotfiles: "deny",
      index: false,
    });
    return;
  }
  // HEAD is its own route: Fastify's automatic one would read the whole object to drop it, and
  // would answer a Content-Length of 0.
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = uploadKey((request.params as { "*": string })["*"]);
    // Photos are WebP, and nothing else is ever served from here (no HTML from a bucket).
    if (!isValidKey(key) || !key.endsWith(".webp")) throw notFound();
    const conditional = request.headers["if-none-match"];
    if (request.method === "HEAD" || conditional) {
      const info = await store.head(key);
      if (!info) throw notFound();
      if (conditional && etagMatches(conditional, info.etag)) {
        // As `send` does: the validators and caching, no Content-* of a body not sent.
        return cachingHeaders(reply, info).code(304).send();
      }
      if (request.method === "HEAD") return photoHeaders(reply, info).send();
    }
    const found = await store.get(key);
    if (!found) throw notFound();
    return photoHeaders(reply, found).send(found.stream);
  };
  app.get("/uploads/*", { compress: false, exposeHeadRoute: false }, handler);
  app.head("/uploads/*", { compress: false }, handler);
}

function cachingHeaders(reply: FastifyReply, info: ObjectInfo): FastifyReply {
  reply.header("cache-control", PHOTO_CACHE_CONTROL);
  if (info.etag) reply.header("etag", info.etag);
  if (info.lastModified) reply.header("last-modified", info.lastModified.toUTCString());
  return reply;
}

function photoHeaders(reply: FastifyReply, info: ObjectInfo): FastifyReply {
  return cachingHeaders(reply, info)
    .header("content-type", "image/webp")
    .header("content-length", String(info.size));
}

/** If-None-Match's weak comparison (RFC 9110 13.1.2): "*", or any listed tag, W/ or not. */
function etagMatches(header: string, etag: string | undefined): boolean {
  if (!etag) return false;
  if (header.trim() === "*") return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => bare(tag) === bare(etag));
}
