import type { Multipart, MultipartFile } from "@fastify/multipart";
import { AppError, badRequest, isAppError } from "#server/http/errors";

/**
 * Reading a multipart body (photos, tenants' documents): its parts in order, the parser's
 * failures as public errors in the caller's words, and what becomes of the rest of a refused
 * body. Services take the parts (`request.parts({ limits })`), never the request.
 */

/** What a caller says when the body itself is refused. */
export type MultipartMessages = {
  /** A file over the route's size limit: 413. */
  fileTooBig: string;
  /** More files than the route's count limit: 413. */
  tooManyFiles: string;
  /** More parts or fields than the parser's bounds: 413. */
  tooManyParts: string;
  /** A body that is not multipart/form-data: 415. */
  notMultipart: string;
  /** A body the parser cannot read (broken, cut off): 400. */
  unreadable: string;
};

/**
 * A failure of the parser as a public error: its limits are 413s, a body of another type a 415,
 * anything else it throws (busboy's errors carry no status) a 400, never a 500. A public error
 * is already one and stays as it is.
 */
export function multipartError(error: unknown, messages: MultipartMessages): AppError {
  if (isAppError(error)) return error;
  switch ((error as { code?: unknown } | null)?.code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new AppError(413, "payload_too_large", messages.fileTooBig);
    case "FST_FILES_LIMIT":
      return new AppError(413, "payload_too_large", messages.tooManyFiles);
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
      return new AppError(413, "payload_too_large", messages.tooManyParts);
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return new AppError(415, "unsupported_media_type", messages.notMultipart);
    default:
      return badRequest(messages.unreadable);
  }
}

/** The body's parts, for a `for await` loop; the parser's failures come out as `multipartError`s. */
export async function* readParts(
  parts: AsyncIterator<Multipart>,
  messages: MultipartMessages,
): AsyncGenerator<Multipart, void, undefined> {
  // What is left of a body the loop stops reading (a refusal) is read and dropped by the
  // platform before the answer goes (http/unread-body.ts).
  while (true) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      throw multipartError(error, messages);
    }
    if (next.done) return;
    yield next.value;
  }
}

/** A file part's bytes in memory (the route's size limit bounds them). */
export async function fileBytes(part: MultipartFile, messages: MultipartMessages): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    throw multipartError(error, messages);
  }
}
