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

/**
 * What becomes of the rest of the body when the loop stops early (a refusal, a failure):
 * - `drain`: read and dropped before the error goes on, so a client still sending finishes its
 *   request and then reads the answer on a connection that stays open. The parser's limits bound
 *   what this reads.
 * - `leave`: unread; the answer goes at once and the platform closes the connection after it
 *   (an answer to an incomplete request always does), so a refused upload costs no more reading.
 */
export type RestOfRefusedBody = "drain" | "leave";

/** The body's parts, for a `for await` loop; the parser's failures come out as `multipartError`s. */
export async function* readParts(
  parts: AsyncIterator<Multipart>,
  messages: MultipartMessages,
  rest: RestOfRefusedBody,
): AsyncGenerator<Multipart, void, undefined> {
  let current: Multipart | undefined;
  let finished = false;
  try {
    // next() by hand, never the parts' own return(): the parts must outlive a refusal, so that
    // the rest of the body can still be drained.
    while (true) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (error) {
        throw multipartError(error, messages);
      }
      if (next.done) {
        finished = true;
        return;
      }
      current = next.value;
      yield current;
    }
  } finally {
    if (!finished && rest === "drain") await discardRest(parts, current);
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

/**
 * Reads and drops the rest of a refused body, from the part the caller stopped at. Left unread,
 * the parser would wait on that part for ever, and the client (still sending) would never finish.
 */
async function discardRest(parts: AsyncIterator<Multipart>, current: Multipart | undefined) {
  // A file the caller did not read (or read only in part) is let run to its end first.
  if (current?.type === "file") current.file.resume();
  try {
    for (let next = await parts.next(); !next.done; next = await parts.next()) {
      if (next.value.type === "file") next.value.file.resume();
    }
  } catch {
    // The body's own errors no longer matter: the request is answered with the first one.
  }
}
