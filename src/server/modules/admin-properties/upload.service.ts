import type { Multipart, MultipartFile } from "@fastify/multipart";
import { IMAGES_PER_UPLOAD_MAX, type UploadResponse } from "#domain/admin";
import { UPLOAD_MAX_BYTES } from "#domain/constants";
import { parseId } from "#domain/listing-format";
import type { Db } from "#server/db/client";
import { AppError, badRequest, isAppError } from "#server/http/errors";
import {
  imageMessages,
  type ProcessedImage,
  processImage,
  removeImageFiles,
} from "#server/images/image-pipeline";
import type { ObjectStore } from "#server/storage/storage";
import { toAdminImage } from "./admin-properties.mappers";
import { createAdminPropertiesRepository, type ImageOwner } from "./admin-properties.repository";
import { propertyNotFound, unitNotFound } from "./admin-properties.service";

/**
 * POST /api/upload: photos of one building or one unit. All or nothing: each file is checked
 * and written as it arrives (one file in memory at a time), the rows go in one transaction at
 * the end, and any failure removes every photo this request stored.
 */

export const uploadMessages = {
  ownerRequired: "Send exactly one of propertyId or unitId with the images.",
  noFiles: "Please choose at least one image to upload.",
  tooManyFiles: `You can upload at most ${IMAGES_PER_UPLOAD_MAX} images at a time.`,
  tooManyParts: "The upload has too many fields.",
  wrongField: "Send the images as parts named files.",
  notMultipart: "Send the images as multipart/form-data.",
  incomplete: "The upload was interrupted or malformed. Please try again.",
  uploaded: (n: number) => `Uploaded ${n} ${n === 1 ? "image" : "images"}`,
} as const;

/** The limits the route reads its parts with (inside the app's outer multipart bounds). */
export const uploadLimits = { fileSize: UPLOAD_MAX_BYTES, files: IMAGES_PER_UPLOAD_MAX };

type Deps = { db: Db; store: ObjectStore };

/** Fields that name the owner; anything else (userId) is accepted and ignored. */
const OWNER_FIELDS = ["propertyId", "unitId"] as const;
type OwnerField = (typeof OWNER_FIELDS)[number];

const isOwnerField = (name: string): name is OwnerField =>
  (OWNER_FIELDS as readonly string[]).includes(name);

/**
 * The parser's own failures, in the product's words: an over-size file is a 413, a
 * broken or cut-off body is a 400 (busboy's errors carry no status and would otherwise be a 500).
 */
function asUploadError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new AppError(413, "payload_too_large", imageMessages.tooBig);
    case "FST_FILES_LIMIT":
      return new AppError(413, "payload_too_large", uploadMessages.tooManyFiles);
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
      return new AppError(413, "payload_too_large", uploadMessages.tooManyParts);
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return new AppError(415, "unsupported_media_type", uploadMessages.notMultipart);
    default:
      return badRequest(uploadMessages.incomplete);
  }
}

async function* readParts(parts: AsyncIterable<Multipart>): AsyncGenerator<Multipart> {
  const iterator = parts[Symbol.asyncIterator]();
  while (true) {
    let next: IteratorResult<Multipart>;
    try {
      next = await iterator.next();
    } catch (error) {
      throw asUploadError(error);
    }
    if (next.done) return;
    yield next.value;
  }
}

async function fileBytes(part: MultipartFile): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    throw asUploadError(error);
  }
}

/** The owner fields given a value so far (an empty one counts as not sent). */
const ownerFieldsGiven = (fields: Map<OwnerField, string[]>) =>
  OWNER_FIELDS.filter((name) => (fields.get(name) ?? []).some((v) => v !== ""));

/** Exactly one of propertyId or unitId; an id that cannot exist is simply not found. */
function ownerOf(fields: Map<OwnerField, string[]>): ImageOwner {
  const given = ownerFieldsGiven(fields);
  const values = given.length === 1 ? fields.get(given[0]!)! : [];
  if (values.length !== 1) throw badRequest(uploadMessages.ownerRequired);
  const id = parseId(values[0]);
  if (given[0] === "propertyId") {
    if (id === null) throw propertyNotFound();
    return { propertyId: id };
  }
  if (id === null) throw unitNotFound();
  return { unitId: id };
}

async function assertOwnerExists(db: Db, owner: ImageOwner): Promise<void> {
  const repo = createAdminPropertiesRepository(db);
  if ("propertyId" in owner) {
    const [found] = await repo.listProperties(owner.propertyId);
    if (!found) throw propertyNotFound();
  } else if (!(await repo.findUnit(owner.unitId))) {
    throw unitNotFound();
  }
}

/** Rows after files: positions after the owner's last image, the owner's updatedAt bumped. */
async function insertRows(db: Db, owner: ImageOwner, stored: ProcessedImage[]) {
  return db.transaction(async (tx) => {
    const repo = createAdminPropertiesRepository(tx);
    const unit = "unitId" in owner ? await repo.findUnit(owner.unitId) : null;
    const propertyId = "propertyId" in owner ? owner.propertyId : unit?.propertyId;
    // The building's lock first, as every write under a building takes it (see lockProperty).
    if (propertyId === undefined || !(await repo.lockProperty(propertyId))) {
      throw "unitId" in owner ? unitNotFound() : propertyNotFound();
    }
    // The unit may have been deleted while its building's lock was awaited.
    if ("unitId" in owner && !(await repo.findUnit(owner.unitId))) throw unitNotFound();
    const first = await repo.nextPosition(owner);
    const rows = await repo.insertImages(
      owner,
      stored.map((image, i) => ({
        path: image.path,
        filename: image.filename,
        // Empty: the public pages then describe the photo from the building's name.
        alt: "",
        width: image.width,
        height: image.height,
        variants: image.variants,
        position: first + i,
      })),
    );
    if ("unitId" in owner) await repo.touchUnit(owner.unitId);
    await repo.touchProperty(propertyId);
    return rows;
  });
}

export async function uploadImages(
  { db, store }: Deps,
  parts: AsyncIterable<Multipart>,
): Promise<UploadResponse> {
  const fields = new Map<OwnerField, string[]>();
  const stored: ProcessedImage[] = [];
  let ownerChecked = false;
  try {
    for await (const part of readParts(parts)) {
      if (part.type === "field") {
        if (isOwnerField(part.fieldname)) {
          fields.set(part.fieldname, [...(fields.get(part.fieldname) ?? []), String(part.value)]);
        }
        continue;
      }
      if (part.fieldname !== "files") throw badRequest(uploadMessages.wrongField);
      // When the owner came first, a wrong one is refused before any image is processed.
      if (!ownerChecked && ownerFieldsGiven(fields).length > 0) {
        await assertOwnerExists(db, ownerOf(fields));
        ownerChecked = true;
      }
      const bytes = await fileBytes(part);
      stored.push(await processImage({ bytes, originalName: part.filename, store }));
    }
    if (stored.length === 0) throw badRequest(uploadMessages.noFiles);
    const rows = await insertRows(db, ownerOf(fields), stored);
    return { files: rows.map(toAdminImage), message: uploadMessages.uploaded(rows.length) };
  } catch (error) {
    await Promise.all(stored.map((image) => removeImageFiles(store, image).catch(() => undefined)));
    throw error;
  }
}
