import { createReadStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { S3Settings } from "../config";
import { assertValidKey, cacheControlFor } from "./keys";
import type {
  DownloadUrlOptions,
  ListedObject,
  ObjectInfo,
  ObjectStore,
  PutOptions,
  StoredObject,
} from "./object-store";
import { StorageUnavailableError } from "./store-errors";

/**
 * The `s3` driver: one bucket of AWS S3 or of any S3-compatible server (MinIO, Cloudflare R2),
 * through the official SDK. A put resolves once the bucket has acknowledged it, that is once the
 * object is durable there and visible to every instance.
 */

/** A GET or HEAD of a key the bucket does not hold. */
function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return (
    error.$metadata?.httpStatusCode === 404 ||
    error.name === "NoSuchKey" ||
    error.name === "NotFound"
  );
}

/** Socket errors that mean the bucket's server is not there or went away mid-request. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * The bucket cannot serve now: no connection, a connection dropped or silent past the timeouts,
 * or a 5xx (S3's InternalError, ServiceUnavailable, SlowDown). A 4xx is an answer, not an outage.
 */
function isUnreachable(error: unknown): boolean {
  if (error instanceof S3ServiceException) return (error.$metadata?.httpStatusCode ?? 0) >= 500;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return error.name === "TimeoutError" || (typeof code === "string" && UNREACHABLE_CODES.has(code));
}

/** How long a connection to the bucket may take to open, and a request may stay silent. */
export const S3_CONNECT_TIMEOUT_MS = 3_000;
export const S3_SOCKET_TIMEOUT_MS = 10_000;
/**
 * A read, a HEAD, a delete or a listing page gets its answer's headers within this, retries
 * included, or counts as the bucket being away: a visitor's photo must not wait on the SDK's
 * retries of a silent bucket (three times the socket timeout, about 40 s).
 */
export const S3_ANSWER_DEADLINE_MS = 3_000;
/** An upload's deadline grows with its body: at least a megabyte a second to any bucket. */
const putDeadlineMs = (bytes: number) =>
  S3_ANSWER_DEADLINE_MS + Math.ceil(bytes / 1_000_000) * 1_000;

/**
 * A call to the bucket whose outage becomes a StorageUnavailableError (answered 503). With a
 * deadline, the call is aborted when its answer has not begun by then; a body already streaming
 * is not affected.
 */
async function reaching<T>(
  call: (abortSignal?: AbortSignal) => Promise<T>,
  deadlineMs?: number,
): Promise<T> {
  const controller = deadlineMs === undefined ? undefined : new AbortController();
  const timer = controller && setTimeout(() => controller.abort(), deadlineMs);
  try {
    return await call(controller?.signal);
  } catch (error) {
    if (controller?.signal.aborted) throw new StorageUnavailableError(error, { timedOut: true });
    throw isUnreachable(error) ? new StorageUnavailableError(error) : error;
  } finally {
    clearTimeout(timer);
  }
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Without them a bucket that does not answer (a dropped packet, a hung server) would hold
    // the request, and the visitor, for minutes.
    requestHandler: {
      connectionTimeout: S3_CONNECT_TIMEOUT_MS,
      socketTimeout: S3_SOCKET_TIMEOUT_MS,
    },
    // Checksums only where the API requires them: the SDK's default sends streamed bodies as
    // aws-chunked with a trailing checksum, which several S3-compatible servers store verbatim.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // The SDK warns on the console when it cannot retry a streamed body; putFile retries itself.
    logger: { debug() {}, info() {}, warn() {}, error() {}, trace() {} },
  });
}

const FILE_PUT_ATTEMPTS = 3;

/**
 * A refusal (4xx) will not change on a second try; a dropped connection or a 5xx may. A bucket
 * silent for a whole deadline is not a blip: the upload is answered at once.
 */
function worthRetrying(error: unknown): boolean {
  if (error instanceof StorageUnavailableError) return !error.timedOut;
  if (!(error instanceof S3ServiceException)) return true;
  const status = error.$metadata?.httpStatusCode ?? 500;
  return status >= 500 || status === 429 || error.$retryable !== undefined;
}

export function createS3Store(settings: S3Settings, client = createS3Client(settings)) {
  const Bucket = settings.bucket;

  async function put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void> {
    if (!Buffer.isBuffer(body) && options.size === undefined) {
      // Without a length the request would need chunked encoding, which S3 refuses for PUT.
      throw new Error(`A stream put to ${key} needs its size.`);
    }
    const command = new PutObjectCommand({
      Bucket,
      Key: assertValidKey(key),
      Body: body,
      ContentType: options.contentType,
      CacheControl: cacheControlFor(key),
      ContentLength: Buffer.isBuffer(body) ? body.length : options.size,
    });
    const size = Buffer.isBuffer(body) ? body.length : (options.size ?? 0);
    await reaching((abortSignal) => client.send(command, { abortSignal }), putDeadlineMs(size));
  }

  /**
   * Streamed from the file, not read into memory. The SDK retries only bodies it can replay, so
   * a failed attempt is retried here with a fresh stream of the same file.
   */
  async function putFile(key: string, file: string, options: Pick<PutOptions, "contentType">) {
    const { size } = await stat(file);
    for (let attempt = 1; ; attempt++) {
      try {
        await put(key, createReadStream(file), { ...options, size });
        break;
      } catch (error) {
        if (attempt >= FILE_PUT_ATTEMPTS || !worthRetrying(error)) throw error;
        await sleep(100 * 2 ** attempt);
      }
    }
    await rm(file, { force: true });
  }

  async function head(key: string): Promise<ObjectInfo | null> {
    try {
      const command = new HeadObjectCommand({ Bucket, Key: assertValidKey(key) });
      const found = await reaching(
        (abortSignal) => client.send(command, { abortSignal }),
        S3_ANSWER_DEADLINE_MS,
      );
      return { size: found.ContentLength ?? 0, etag: found.ETag, lastModified: found.LastModified };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function get(key: string): Promise<StoredObject | null> {
    try {
      const command = new GetObjectCommand({ Bucket, Key: assertValidKey(key) });
      const found = await reaching(
        (abortSignal) => client.send(command, { abortSignal }),
        S3_ANSWER_DEADLINE_MS,
      );
      if (!(found.Body instanceof Readable)) throw new Error(`No body for ${key}.`);
      return {
        stream: found.Body,
        size: found.ContentLength ?? 0,
        etag: found.ETag,
        lastModified: found.LastModified,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function remove(key: string): Promise<void> {
    // S3 answers 204 whether or not the key existed.
    const command = new DeleteObjectCommand({ Bucket, Key: assertValidKey(key) });
    await reaching((abortSignal) => client.send(command, { abortSignal }), S3_ANSWER_DEADLINE_MS);
  }

  async function* list(prefix: string): AsyncGenerator<ListedObject> {
    let ContinuationToken: string | undefined;
    do {
      const command = new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken });
      const page = await reaching(
        (abortSignal) => client.send(command, { abortSignal }),
        S3_ANSWER_DEADLINE_MS,
      );
      for (const object of page.Contents ?? []) {
        if (object.Key === undefined) continue;
        yield {
          key: object.Key,
          size: object.Size ?? 0,
          lastModified: object.LastModified ?? new Date(0),
        };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async function downloadUrl(key: string, options: DownloadUrlOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket,
      Key: assertValidKey(key),
      // The bucket answers with these headers, as the app's own download route does.
      ResponseContentDisposition: options.contentDisposition,
      ResponseContentType: options.contentType,
      ResponseCacheControl: "private, no-store",
    });
    return getSignedUrl(client, command, { expiresIn: options.expiresInSeconds });
  }

  const store: ObjectStore & { readonly driver: "s3"; readonly client: S3Client } = {
    driver: "s3",
    client,
    put: put as ObjectStore["put"],
    putFile,
    get,
    head,
    delete: remove,
    list,
    downloadUrl,
    close: async () => client.destroy(),
  };
  return store;
}
