import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Multipart, MultipartFile } from "@fastify/multipart";
import { documentUploadMessages, filesMessages, TENANT_FILE_MAX_BYTES } from "#domain/tenant-files";
import { type MultipartMessages, multipartError, readParts } from "#server/shared/multipart";
import { tenantFileKey } from "#server/storage/keys";
import type { ObjectStore } from "#server/storage/storage";
import { nameForType } from "./file-names";
import { detectDocument, requestUnpackBudget } from "./file-sniff";
import { noFile, tooBig, unexpectedField, unpacksTooLarge, wrongType } from "./tenant-files.errors";
import type { UnpackBudget } from "./zip-archive";

/**
 * Tenants' documents: each multipart file is streamed to a private temporary file on the local
 * disk (the scratch folder, see storage.ts) while its bytes are counted, judged by its content,
 * then put in the store under a random name (`tenant-files/<uuid>`, no extension). A request is
 * all-or-nothing: whatever fails, every object it stored and every temporary it wrote is removed
 * before the error is answered.
 */
export type StoredFile = {
  /** The uuid the object is stored under (`tenant-files/<filename>`), also the row's `filename`. */
  filename: string;
  originalName: string;
  size: number;
  mime: string;
};

export type ReceivedUpload = { files: StoredFile[]; fields: Record<string, string> };
/**
 * An upload as a service takes it: received (its files stored) when the service calls it, once
 * its own checks have passed, so that a refused upload is never read.
 */
export type ReceiveUpload = () => Promise<ReceivedUpload>;

/** The body's own refusals, in the documents' words. */
const bodyMessages: MultipartMessages = {
  fileTooBig: filesMessages.tooBig,
  tooManyFiles: documentUploadMessages.tooMany,
  tooManyParts: documentUploadMessages.tooManyParts,
  notMultipart: documentUploadMessages.notMultipart,
  unreadable: documentUploadMessages.unreadable,
};

type Storage = { store: ObjectStore; scratchDir: string };

/** Stored files, best effort: one already gone is what we wanted anyway. */
export async function removeStoredFiles(store: ObjectStore, filenames: readonly string[]) {
  await Promise.all(filenames.map((name) => store.delete(tenantFileKey(name))));
}

/** What a request has written so far, to be removed if it fails. */
type Written = { temporaries: Set<string>; stored: Set<string> };

/**
 * Best effort, never throwing: the request's own error is the one to answer with. An object
 * the store could not delete (a bucket gone away) is left to the orphan sweep.
 */
async function removeWritten(storage: Storage, written: Written) {
  await Promise.all([
    ...[...written.temporaries].map((name) =>
      rm(path.join(storage.scratchDir, name), { force: true }).catch(() => undefined),
    ),
    removeStoredFiles(storage.store, [...written.stored]).catch(() => undefined),
  ]);
}

/**
 * Reads the whole multipart body: the files of `fileField` stored, the text fields collected
 * (the first value of each name), whatever their order. At least one file is required.
 */
export async function receiveUpload(
  parts: AsyncIterableIterator<Multipart>,
  options: Storage & { fileField: string },
): Promise<ReceivedUpload> {
  const written: Written = { temporaries: new Set(), stored: new Set() };
  const files: StoredFile[] = [];
  const fields: Record<string, string> = {};
  // Shared by the request's files: what their Word documents may unpack to between them.
  const unpacking = requestUnpackBudget();
  try {
    for await (const part of readParts(parts, bodyMessages)) {
      if (part.type === "field") {
        if (typeof part.value === "string" && !(part.fieldname in fields)) {
          fields[part.fieldname] = part.value;
        }
        continue;
      }
      if (part.fieldname !== options.fileField) throw unexpectedField(options.fileField);
      files.push(await storePart(part, options, written, unpacking));
    }
    if (files.length === 0) throw noFile();
    return { files, fields };
  } catch (error) {
    await removeWritten(options, written);
    throw error;
  }
}

/**
 * Runs `commit` (the rows) over a received upload; if it fails, the files go too, so bytes never
 * outlive a row that was not written.
 */
export async function commitUpload<T>(
  store: ObjectStore,
  upload: ReceivedUpload,
  commit: (upload: ReceivedUpload) => Promise<T>,
): Promise<T> {
  try {
    return await commit(upload);
  } catch (error) {
    await removeStoredFiles(
      store,
      upload.files.map((file) => file.filename),
    ).catch(() => undefined); // the commit's error is the one to answer with
    throw error;
  }
}

async function storePart(
  part: MultipartFile,
  storage: Storage,
  written: Written,
  unpacking: UnpackBudget,
): Promise<StoredFile> {
  const filename = randomUUID();
  // Dot-prefixed and suffixed: never mistaken for a stored file if a crash leaves it behind.
  const temporary = path.join(storage.scratchDir, `.${filename}.part`);
  written.temporaries.add(path.basename(temporary));
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(part.file, counter, createWriteStream(temporary, { flags: "wx", mode: 0o600 }));
  } catch (error) {
    // The disk's failures (they carry a syscall) are the server's; the rest is the body's.
    throw isDiskError(error) ? error : multipartError(error, bodyMessages);
  }
  // Busboy stops at the limit and marks the stream truncated instead of failing it.
  if (part.file.truncated || size > TENANT_FILE_MAX_BYTES) throw tooBig();
  const detected = size > 0 ? await detectDocument(temporary, unpacking) : null;
  if (detected === "unpacks-too-large") throw unpacksTooLarge();
  if (!detected) throw wrongType();
  // Durable in the store (on the disk, or acknowledged by the bucket) before the caller commits
  // the row; the temporary is gone once this resolves.
  written.stored.add(filename);
  try {
    await storage.store.putFile(tenantFileKey(filename), temporary, { contentType: detected.mime });
  } catch (error) {
    throw new StorageFailed(error);
  }
  written.temporaries.delete(path.basename(temporary));
  return {
    filename,
    originalName: nameForType(part.filename, detected.mime),
    size,
    mime: detected.mime,
  };
}

/** The store refused or failed (a full disk, an unreachable bucket): never the client's fault. */
class StorageFailed extends Error {
  override name = "StorageFailed";
  constructor(cause: unknown) {
    super(`Storing a tenant file failed: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}

const isDiskError = (error: unknown) =>
  typeof (error as { syscall?: unknown } | null)?.syscall === "string";
