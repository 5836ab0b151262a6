import type { Multipart } from "@fastify/multipart";
import { type UploadResponse, uploadMessages } from "#domain/admin";
import { parseId } from "#domain/listing-format";
import type { Db } from "#server/db/client";
import {
  imageMessages,
  type ProcessedImage,
  processImage,
  removeImageFiles,
} from "#server/images/image-pipeline";
import { fileBytes, type MultipartMessages, readParts } from "#server/shared/multipart";
import type { ObjectStore } from "#server/storage/storage";
import type { ImageOwner } from "../properties/properties.queries";
import {
  imagesMisnamed,
  noImages,
  propertyNotFound,
  unitNotFound,
  uploadOwnerRequired,
} from "./admin-properties.errors";
import { toAdminImage } from "./admin-properties.mappers";
import { createAdminPropertiesRepository } from "./admin-properties.repository";

/**
 * POST /api/upload: photos of one building or one unit. All or nothing: each file is checked
 * and written as it arrives (one file in memory at a time), the rows go in one transaction at
 * the end, and any failure removes every photo this request stored.
 */

// The words live in #domain/admin; the upload tests read them from here.

/** The body's own refusals, in the photos' words. */
const bodyMessages: MultipartMessages = {
  fileTooBig: imageMessages.tooBig,
  tooManyFiles: uploadMessages.tooManyFiles,
  tooManyParts: uploadMessages.tooManyParts,
  notMultipart: uploadMessages.notMultipart,
  unreadable: uploadMessages.incomplete,
};

type Deps = { db: Db; store: ObjectStore };

/** Fields that name the owner; anything else (userId) is accepted and ignored. */
const OWNER_FIELDS = ["propertyId", "unitId"] as const;
type OwnerField = (typeof OWNER_FIELDS)[number];

const isOwnerField = (name: string): name is OwnerField =>
  (OWNER_FIELDS as readonly string[]).includes(name);

/** The owner fields given a value so far (an empty one counts as not sent). */
const ownerFieldsGiven = (fields: Map<OwnerField, string[]>) =>
  OWNER_FIELDS.filter((name) => (fields.get(name) ?? []).some((v) => v !== ""));

/** Exactly one of propertyId or unitId; an id that cannot exist is simply not found. */
function ownerOf(fields: Map<OwnerField, string[]>): ImageOwner {
  const given = ownerFieldsGiven(fields);
  const values = given.length === 1 ? fields.get(given[0]!)! : [];
  if (values.length !== 1) throw uploadOwnerRequired();
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
    return { rows, propertyId };
  });
}

export async function uploadImages(
  { db, store }: Deps,
  parts: AsyncIterableIterator<Multipart>,
): Promise<{ answer: UploadResponse; owner: ImageOwner; propertyId: number }> {
  const fields = new Map<OwnerField, string[]>();
  const stored: ProcessedImage[] = [];
  let ownerChecked = false;
  try {
    for await (const part of readParts(parts, bodyMessages)) {
      if (part.type === "field") {
        if (isOwnerField(part.fieldname)) {
          fields.set(part.fieldname, [...(fields.get(part.fieldname) ?? []), String(part.value)]);
        }
        continue;
      }
      if (part.fieldname !== "files") throw imagesMisnamed();
      // When the owner came first, a wrong one is refused before any image is processed.
      if (!ownerChecked && ownerFieldsGiven(fields).length > 0) {
        await assertOwnerExists(db, ownerOf(fields));
        ownerChecked = true;
      }
      const bytes = await fileBytes(part, bodyMessages);
      stored.push(await processImage({ bytes, originalName: part.filename, store }));
    }
    if (stored.length === 0) throw noImages();
    const owner = ownerOf(fields);
    const { rows, propertyId } = await insertRows(db, owner, stored);
    return {
      answer: { files: rows.map(toAdminImage), message: uploadMessages.uploaded(rows.length) },
      owner,
      propertyId,
    };
  } catch (error) {
    await Promise.all(stored.map((image) => removeImageFiles(store, image).catch(() => undefined)));
    throw error;
  }
}
