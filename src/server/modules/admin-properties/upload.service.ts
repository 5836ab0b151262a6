import { type UploadResponse, uploadMessages } from "#domain/admin";
import { IMAGES_PER_OWNER_MAX } from "#domain/api/admin-properties";
import { parseId } from "#domain/listing-format";
import type { Db } from "#server/db/client";
import { type ProcessedImage, processImage, removeImageFiles } from "#server/images/image-pipeline";
import type { ImageOwner } from "#server/modules/properties";
import type { ObjectStore } from "#server/storage/object-store";
import type { AuditNote } from "./admin-properties.audit";
import {
  imagesMisnamed,
  noImages,
  propertyNotFound,
  tooManyImages,
  unitNotFound,
  uploadOwnerRequired,
} from "./admin-properties.errors";
import { toAdminImage } from "./admin-properties.mappers";
import * as repo from "./admin-properties.repository";
import type { UploadPart } from "./upload.parts";

/**
 * POST /api/upload: photos of one building or one unit. All or nothing: each file is checked
 * and written as it arrives (one file in memory at a time), the rows go in one transaction at
 * the end, and any failure removes every photo this request stored.
 */

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
  if ("propertyId" in owner) {
    const [found] = await repo.listProperties(db, owner.propertyId);
    if (!found) throw propertyNotFound();
  } else if (!(await repo.findUnit(db, owner.unitId))) {
    throw unitNotFound();
  }
}

/** Rows after files: positions after the owner's last image, the owner's updatedAt bumped. */
async function insertRows(db: Db, owner: ImageOwner, stored: ProcessedImage[]) {
  return db.transaction(async (tx) => {
    const unit = "unitId" in owner ? await repo.findUnit(tx, owner.unitId) : null;
    const propertyId = "propertyId" in owner ? owner.propertyId : unit?.propertyId;
    // The building's lock first, as every write under a building takes it (see lockProperty).
    if (propertyId === undefined || !(await repo.lockProperty(tx, propertyId))) {
      throw "unitId" in owner ? unitNotFound() : propertyNotFound();
    }
    // The unit may have been deleted while its building's lock was awaited.
    if ("unitId" in owner && !(await repo.findUnit(tx, owner.unitId))) throw unitNotFound();
    // Under the building's lock, so two uploads at once cannot both pass the bound.
    if ((await repo.countImages(tx, owner)) + stored.length > IMAGES_PER_OWNER_MAX) {
      throw tooManyImages();
    }
    const first = await repo.nextPosition(tx, owner);
    const rows = await repo.insertImages(
      tx,
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
    if ("unitId" in owner) await repo.touchUnit(tx, owner.unitId);
    await repo.touchProperty(tx, propertyId);
    return { rows, propertyId };
  });
}

/** What the audit trail notes of an upload: its owner and the images it added. */
const uploadNote = (owner: ImageOwner, propertyId: number, imageIds: number[]): AuditNote => ({
  targetType: "unitId" in owner ? "unit" : "property",
  targetId: "unitId" in owner ? owner.unitId : owner.propertyId,
  propertyId,
  detail: { count: imageIds.length, imageIds },
});

export async function uploadImages(
  { db, store }: Deps,
  parts: AsyncIterable<UploadPart>,
): Promise<{ answer: UploadResponse; audit: AuditNote }> {
  const fields = new Map<OwnerField, string[]>();
  const stored: ProcessedImage[] = [];
  let ownerChecked = false;
  try {
    for await (const part of parts) {
      if (part.kind === "field") {
        if (isOwnerField(part.name)) {
          fields.set(part.name, [...(fields.get(part.name) ?? []), part.value]);
        }
        continue;
      }
      if (part.name !== "files") throw imagesMisnamed();
      // When the owner came first, a wrong one is refused before any image is processed.
      if (!ownerChecked && ownerFieldsGiven(fields).length > 0) {
        await assertOwnerExists(db, ownerOf(fields));
        ownerChecked = true;
      }
      const bytes = await part.bytes();
      stored.push(await processImage({ bytes, originalName: part.filename, store }));
    }
    if (stored.length === 0) throw noImages();
    const owner = ownerOf(fields);
    const { rows, propertyId } = await insertRows(db, owner, stored);
    return {
      answer: { files: rows.map(toAdminImage), message: uploadMessages.uploaded(rows.length) },
      audit: uploadNote(
        owner,
        propertyId,
        rows.map((row) => row.id),
      ),
    };
  } catch (error) {
    await Promise.all(stored.map((image) => removeImageFiles(store, image).catch(() => undefined)));
    throw error;
  }
}
