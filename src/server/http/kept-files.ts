import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rename, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { finished, pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { acceptsEncoding, etagMatches } from "./response-cache";

/**
 * An answer too large to hold in memory at size (the XML feed: every listing in one document,
 * megabytes with thousands of units), kept as a file instead: written once from a stream of
 * chunks (made a batch of rows at a time, so the memory it takes does not grow with the rows),
 * with its gzip form beside it, then sent from disk to every request until the content changes.
 * Its ETag is a hash of the content, made as it is written: a rebuild of the same content keeps
 * the ETag, so readers revalidating it still get their 304.
 */
export type KeptFile = {
  path: string;
  gzipPath: string;
  etag: string;
  bytes: number;
  gzipBytes: number;
  contentType: string;
};

export type KeepOptions = {
  /** What the file is (`listings.xml`): the newest files of each name are kept. */
  name: string;
  contentType: string;
  /** The ETag to answer with, when the caller has one of its own; a hash of the content else. */
  etag?: string;
};

export type FileKeeper = {
  /** Writes the chunks to a new file and gives it once complete; a failure leaves nothing. */
  keep(chunks: AsyncIterable<string>, options: KeepOptions): Promise<KeptFile>;
  /** Removes every file it kept (when the app closes). */
  close(): Promise<void>;
};

/**
 * The files of a name kept besides the newest: a request that read the previous one's name just
 * before a rebuild still finds it on disk (an open file stays readable once removed, on every
 * system this runs on, but a name must exist to be opened).
 */
const OLDER_KEPT = 1;

/**
 * Files in a private folder of the system's temporary directory, one folder per process: they
 * are this process's cache, not data (another instance builds its own; a restart builds again).
 */
export function createFileKeeper(name: string): FileKeeper {
  let folder: Promise<string> | null = null;
  /** Each name's files on disk, oldest first. */
  const kept = new Map<string, string[]>();
  const folderOf = () => {
    folder ??= mkdtemp(path.join(os.tmpdir(), `rentals-${name}-`));
    return folder;
  };

  return {
    async keep(chunks, { name: fileName, contentType, etag }) {
      const base = path.join(await folderOf(), randomUUID());
      const raw = createWriteStream(`${base}.part`);
      const gzip = zlib.createGzip();
      // Both awaited at the end; caught at once too, so an error on the way is not unhandled.
      const rawDone = finished(raw);
      const gzipDone = pipeline(gzip, createWriteStream(`${base}.gz.part`));
      rawDone.catch(() => {});
      gzipDone.catch(() => {});
      const hash = createHash("sha1");
      let bytes = 0;
      try {
        for await (const chunk of chunks) {
          const buffer = Buffer.from(chunk);
          hash.update(buffer);
          bytes += buffer.length;
          // Each wait starts at once: a stream may drain while the other is awaited.
          const waits: Promise<void>[] = [];
          if (!raw.write(buffer)) waits.push(drained(raw, rawDone));
          if (!gzip.write(buffer)) waits.push(drained(gzip, gzipDone));
          await Promise.all(waits);
        }
        raw.end();
        gzip.end();
        await Promise.all([rawDone, gzipDone]);
      } catch (error) {
        raw.destroy();
        gzip.destroy();
        await Promise.allSettled([rawDone, gzipDone]);
        await Promise.all([
          rm(`${base}.part`, { force: true }),
          rm(`${base}.gz.part`, { force: true }),
        ]);
        throw error;
      }
      const digest = hash.digest("base64url").slice(0, 27);
      const stem = `${fileName.replace(/[^\w.-]/g, "_")}-${digest}`;
      const file: KeptFile = {
        path: path.join(path.dirname(base), stem),
        gzipPath: path.join(path.dirname(base), `${stem}.gz`),
        etag: etag ?? `W/"${digest}"`,
        bytes,
        gzipBytes: (await stat(`${base}.gz.part`)).size,
        contentType,
      };
      // Renamed whole: a reader sees the complete file or none (the same content built again
      // replaces its twin, which an open reader keeps reading).
      await rename(`${base}.part`, file.path);
      await rename(`${base}.gz.part`, file.gzipPath);
      // Newest last; content built again (A, B, then A once more) moves to the back, never
      // removed as the oldest.
      const files = (kept.get(fileName) ?? []).filter((other) => other !== stem);
      files.push(stem);
      kept.set(fileName, files);
      for (const old of files.splice(0, Math.max(0, files.length - 1 - OLDER_KEPT))) {
        const at = path.join(path.dirname(base), old);
        await Promise.all([rm(at, { force: true }), rm(`${at}.gz`, { force: true })]);
      }
      return file;
    },
    async close() {
      if (folder) await rm(await folder, { recursive: true, force: true });
      folder = null;
      kept.clear();
    },
  };
}

/** Waits for a stream to take more, or for its failure. */
function drained(stream: NodeJS.WritableStream, done: Promise<void>): Promise<void> {
  return Promise.race([new Promise<void>((resolve) => stream.once("drain", resolve)), done]);
}

/**
 * Sends a kept file: 304 to a matching If-None-Match, the gzip form to a client that takes it,
 * the file itself otherwise, each with its length.
 */
export function sendKeptFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: KeptFile,
  cacheControl: string,
) {
  reply.header("etag", file.etag);
  reply.header("cache-control", cacheControl);
  reply.header("vary", "accept-encoding");
  if (etagMatches(request, file.etag)) return reply.status(304).send();
  reply.type(file.contentType);
  if (acceptsEncoding(request.headers["accept-encoding"], "gzip")) {
    // Already encoded: @fastify/compress leaves a response with a Content-Encoding alone.
    reply.header("content-encoding", "gzip");
    reply.header("content-length", file.gzipBytes);
    return reply.send(createReadStream(file.gzipPath));
  }
  reply.header("content-length", file.bytes);
  return reply.send(createReadStream(file.path));
}
