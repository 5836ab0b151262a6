import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Multipart, MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import {
  filesMessages,
  TENANT_FILE_MAX_BYTES,
  TENANT_FILES_PER_REQUEST_MAX,
} from "../../../domain/tenant-files";
import { AppError, badRequest, isAppError } from "../../http/errors";
import { syncDirectory, syncFile } from "../../storage/durable";
import { sanitizeOriginalName } from "./file-names";
import { detectDocument } from "./file-sniff";

/**
 * Tenants' documents on disk: each multipart file is streamed to a private temporary file while
 * its bytes are counted, judged by its content, then renamed to a random name (a uuid, no
 * extension) in the tenant files folder. A request is all-or-nothing: whatever fails, every file
 * it wrote (temporaries too) is removed before the error is answered.
 */
export type StoredFile = {
  /** The name on disk, also the row's `filename`. */
  filename: string;
  originalName: string;
  size: number;
  mime: string;
};

export type ReceivedUpload = { files: StoredFile[]; fields: Record<string, string> };

export const uploadMessages = {
  noFile: "Please choose at least one file to upload.",
  tooMany: `At most ${TENANT_FILES_PER_REQUEST_MAX} files can be sent at once.`,
  notMultipart: "Files must be sent as a multipart form (multipart/form-data).",
  unreadable: "The upload could not be read. Please try again.",
  unexpectedField: (expected: string) => `Send the files in the form field "${expected}".`,
} as const;

export const tooBig = () => new AppError(413, "payload_too_large", filesMessages.tooBig);
export const wrongType = () => new AppError(415, "unsupported_media_type", filesMessages.wrongType);

export function storedPath(filesDir: string, filename: string): string {
  return path.join(filesDir, filename);
}

/** Files on disk, best effort: a file already gone is what we wanted anyway. */
export async function removeStoredFiles(filesDir: string, filenames: readonly string[]) {
  await Promise.all(filenames.map((name) => rm(path.join(filesDir, name), { force: true })));
}

/**
 * Reads the whole multipart body: the files of `fileField` stored, the text fields collected
 * (the first value of each name), whatever their order. At least one file is required.
 */
export async function receiveUpload(
  request: FastifyRequest,
  options: { filesDir: string; fileField: string },
): Promise<ReceivedUpload> {
  const written = new Set<string>();
  const files: StoredFile[] = [];
  const fields: Record<string, string> = {};
  const parts = request.parts({
    limits: { fileSize: TENANT_FILE_MAX_BYTES, files: TENANT_FILES_PER_REQUEST_MAX },
  });
  // next() by hand, not for-await: a refusal must not end the iterator, the rest is drained.
  try {
    for (let next = await parts.next(); !next.done; next = await parts.next()) {
      const part = next.value;
      if (part.type === "field") {
        if (typeof part.value === "string" && !(part.fieldname in fields)) {
          fields[part.fieldname] = part.value;
        }
        continue;
      }
      if (part.fieldname !== options.fileField) {
        part.file.resume();
        throw badRequest(uploadMessages.unexpectedField(options.fileField));
      }
      files.push(await storePart(part, options.filesDir, written));
    }
    if (files.length === 0) throw badRequest(uploadMessages.noFile);
    return { files, fields };
  } catch (error) {
    await removeStoredFiles(options.filesDir, [...written]);
    await discardRest(parts);
    throw toClientError(error);
  }
}

/**
 * Reads and drops what is left of a refused body. Left unread, the parser waits on the next
 * file, the socket stays paused, and the client (still sending) never finishes its request, nor
 * does the server's shutdown. The parser's limits bound what this reads.
 */
async function discardRest(parts: AsyncIterator<Multipart>) {
  try {
    for (let next = await parts.next(); !next.done; next = await parts.next()) {
      if (next.value.type === "file") next.value.file.resume();
    }
  } catch {
    // The body's own errors no longer matter: the request is answered with the first one.
  }
}

/**
 * Runs `commit` (the rows) over a received upload; if it fails, the files go too, so bytes never
 * outlive a row that was not written.
 */
export async function commitUpload<T>(
  filesDir: string,
  upload: ReceivedUpload,
  commit: (upload: ReceivedUpload) => Promise<T>,
): Promise<T> {
  try {
    return await commit(upload);
  } catch (error) {
    await removeStoredFiles(
      filesDir,
      upload.files.map((file) => file.filename),
    );
    throw error;
  }
}

async function storePart(
  part: MultipartFile,
  filesDir: string,
  written: Set<string>,
): Promise<StoredFile> {
  const filename = randomUUID();
  // Dot-prefixed and suffixed: never mistaken for a stored file if a crash leaves it behind.
  const temporary = `.${filename}.part`;
  written.add(temporary);
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(null, chunk);
    },
  });
  await pipeline(
    part.file,
    counter,
    createWriteStream(path.join(filesDir, temporary), { flags: "wx", mode: 0o600 }),
  );
  // Busboy stops at the limit and marks the stream truncated instead of failing it.
  if (part.file.truncated || size > TENANT_FILE_MAX_BYTES) throw tooBig();
  const detected = size > 0 ? await detectDocument(path.join(filesDir, temporary)) : null;
  if (!detected) throw wrongType();
  // On the disk, bytes and name, before the caller commits the row (see storage/durable.ts).
  await syncFile(path.join(filesDir, temporary));
  await rename(path.join(filesDir, temporary), path.join(filesDir, filename));
  written.delete(temporary);
  written.add(filename);
  await syncDirectory(filesDir);
  return {
    filename,
    originalName: sanitizeOriginalName(part.filename),
    size,
    mime: detected.mime,
  };
}

/**
 * Errors of the body itself are the client's (4xx with a clear message); errors of the disk
 * (they carry a syscall) stay server errors, answered as a plain 500 and logged.
 */
function toClientError(error: unknown): unknown {
  if (isAppError(error)) return error;
  const { code, statusCode, syscall } = (error ?? {}) as {
    code?: unknown;
    statusCode?: unknown;
    syscall?: unknown;
  };
  if (code === "FST_REQ_FILE_TOO_LARGE") return tooBig();
  if (code === "FST_FILES_LIMIT")
    return new AppError(413, "payload_too_large", uploadMessages.tooMany);
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") {
    return new AppError(415, "unsupported_media_type", uploadMessages.notMultipart);
  }
  if (typeof syscall === "string") return error;
  if (typeof statusCode === "number" && statusCode >= 400 && statusCode < 500) return error;
  return badRequest(uploadMessages.unreadable);
}
