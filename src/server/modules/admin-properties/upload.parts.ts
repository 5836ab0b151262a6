import type { Multipart } from "@fastify/multipart";
import { uploadMessages } from "#domain/admin";
import { imageMessages } from "#server/images/image-pipeline";
import { fileBytes, type MultipartMessages, readParts } from "#server/shared/multipart";

/** A part of an upload's body: a field's value, or a file whose bytes are read when asked. */
export type UploadPart =
  | { kind: "field"; name: string; value: string }
  | { kind: "file"; name: string; filename: string; bytes: () => Promise<Buffer> };

/** The body's own refusals, in the photos' words. */
const bodyMessages: MultipartMessages = {
  fileTooBig: imageMessages.tooBig,
  tooManyFiles: uploadMessages.tooManyFiles,
  tooManyParts: uploadMessages.tooManyParts,
  notMultipart: uploadMessages.notMultipart,
  unreadable: uploadMessages.incomplete,
};

/**
 * A multipart body's parts as the upload reads them, one at a time: a file's bytes are read (or
 * the loop stopped) before the next part comes, so one file at a time is in memory.
 */
export async function* uploadParts(
  parts: AsyncIterableIterator<Multipart>,
): AsyncGenerator<UploadPart, void, undefined> {
  for await (const part of readParts(parts, bodyMessages)) {
    if (part.type === "field") {
      yield { kind: "field", name: part.fieldname, value: String(part.value) };
    } else {
      const bytes = () => fileBytes(part, bodyMessages);
      yield { kind: "file", name: part.fieldname, filename: part.filename, bytes };
    }
  }
}
