import type { FastifyBaseLogger } from "fastify";
import type { AdminImage, AdminProperty, AdminUnit } from "#domain/admin";
import type { Db, Executor } from "#server/db/client";
import { sqlState } from "#server/http/errors";
import { removeImageFiles } from "#server/images/image-pipeline";
import type { ObjectStore } from "#server/storage/storage";
import type { ImageOwner, ImageRow } from "../properties/properties.queries";
import {
  duplicateUnit,
  imageNotFound,
  propertyNotFound,
  unitNotFound,
} from "./admin-properties.errors";
import { assembleProperties, toAdminImage, toAdminUnit } from "./admin-properties.mappers";
import {
  createAdminPropertiesRepository,
  type PropertyWrite,
  type UnitWrite,
} from "./admin-properties.repository";

type Deps = { db: Db };
type FileDeps = Deps & { store: ObjectStore; log: FastifyBaseLogger };

/** The unique index units_property_number_key: a 409 with the dialog's words, never a 500. */
async function refusingDuplicateUnit<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (sqlState(error) === "23505") throw duplicateUnit();
    throw error;
  }
}

/**
 * Deleted rows take their files with them. The rows are already gone, so a file that cannot be
 * removed is logged (an orphan to clean by hand) rather than failing the request.
 */
async function removeFiles({ store, log }: FileDeps, rows: ImageRow[]): Promise<void> {
  await Promise.all(
    rows.map((row) =>
      removeImageFiles(store, row).catch((err: unknown) =>
        log.warn({ err, imageId: row.id, path: row.path }, "image files left in storage"),
      ),
    ),
  );
}

async function loadProperty(db: Executor, id: number): Promise<AdminProperty | null> {
  const repo = createAdminPropertiesRepository(db);
  const [propertyRows, unitRows, imageRows] = await Promise.all([
    repo.listProperties(id),
    repo.listUnits(id),
    repo.listImages(id),
  ]);
  return assembleProperties(propertyRows, unitRows, imageRows)[0] ?? null;
}

async function loadUnit(db: Executor, id: number): Promise<AdminUnit | null> {
  const repo = createAdminPropertiesRepository(db);
  const unit = await repo.findUnit(id);
  return unit ? toAdminUnit(unit, await repo.imagesOf({ unitId: id })) : null;
}

export async function listAdminProperties({ db }: Deps): Promise<AdminProperty[]> {
  const repo = createAdminPropertiesRepository(db);
  const [propertyRows, unitRows, imageRows] = await Promise.all([
    repo.listProperties(),
    repo.listUnits(),
    repo.listImages(),
  ]);
  return assembleProperties(propertyRows, unitRows, imageRows);
}

export async function createProperty({ db }: Deps, values: PropertyWrite): Promise<AdminProperty> {
  const row = await createAdminPropertiesRepository(db).insertProperty(values);
  // A new building has no units or images yet.
  return assembleProperties([row], [], [])[0]!;
}

/**
 * `hasVacancy` undefined keeps the stored flag: the original PUT body does not carry it. Likewise
 * `descriptionEs` undefined keeps the stored Spanish description.
 */
export async function updateProperty(
  { db }: Deps,
  id: number,
  values: Omit<PropertyWrite, "hasVacancy"> & { hasVacancy?: boolean },
): Promise<AdminProperty> {
  const row = await createAdminPropertiesRepository(db).updateProperty(id, values);
  if (!row) throw propertyNotFound();
  const property = await loadProperty(db, id);
  if (!property) throw propertyNotFound();
  return property;
}

/** The building, its units (cascade), every image of both, then their files. */
export async function deleteProperty(deps: FileDeps, id: number): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const repo = createAdminPropertiesRepository(tx);
    if (!(await repo.lockProperty(id))) throw propertyNotFound();
    const rows = await repo.listImages(id);
    await repo.deleteProperty(id);
    return rows;
  });
  await removeFiles(deps, removed);
}

export async function createUnit(
  { db }: Deps,
  values: UnitWrite & { propertyId: number },
): Promise<AdminUnit> {
  const { propertyId, ...unit } = values;
  const row = await refusingDuplicateUnit(() =>
    db.transaction(async (tx) => {
      const repo = createAdminPropertiesRepository(tx);
      if (!(await repo.lockProperty(propertyId))) throw propertyNotFound();
      const inserted = await repo.insertUnit(propertyId, unit);
      await repo.touchProperty(propertyId);
      return inserted;
    }),
  );
  return toAdminUnit(row, []);
}

export async function updateUnit({ db }: Deps, id: number, values: UnitWrite): Promise<AdminUnit> {
  await refusingDuplicateUnit(() =>
    db.transaction(async (tx) => {
      const repo = createAdminPropertiesRepository(tx);
      const current = await repo.findUnit(id);
      if (!current || !(await repo.lockProperty(current.propertyId))) throw unitNotFound();
      if (!(await repo.updateUnit(id, values))) throw unitNotFound();
      await repo.touchProperty(current.propertyId);
    }),
  );
  const unit = await loadUnit(db, id);
  if (!unit) throw unitNotFound();
  return unit;
}

/**
 * "Still available": the unit's availability confirmed now, nothing else changed. Answers the
 * unit and when its availability had been confirmed before (the audit trail's before).
 */
export async function confirmAvailability(
  { db }: Deps,
  id: number,
): Promise<{ unit: AdminUnit; previous: string }> {
  const previous = await db.transaction(async (tx) => {
    const repo = createAdminPropertiesRepository(tx);
    const before = await repo.findUnitForUpdate(id);
    if (!before || !(await repo.confirmAvailability(id))) throw unitNotFound();
    return before.availabilityConfirmedAt.toISOString();
  });
  const unit = await loadUnit(db, id);
  if (!unit) throw unitNotFound();
  return { unit, previous };
}

export async function deleteUnit(deps: FileDeps, id: number): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const repo = createAdminPropertiesRepository(tx);
    const unit = await repo.findUnit(id);
    if (!unit || !(await repo.lockProperty(unit.propertyId))) throw unitNotFound();
    const rows = await repo.imagesOf({ unitId: id });
    // Deleted meanwhile by another request, which removes these files itself.
    if (!(await repo.deleteUnit(id))) throw unitNotFound();
    await repo.touchProperty(unit.propertyId);
    return rows;
  });
  await removeFiles(deps, removed);
}

/**
 * Removes one image of that building or that unit (404 for anyone else's), then its files.
 * Answers the removed image and its building, for the audit trail.
 */
export async function deleteImage(
  deps: FileDeps,
  id: number,
  owner: ImageOwner,
): Promise<{ image: ImageRow; propertyId: number }> {
  const { row: removed, propertyId } = await deps.db.transaction(async (tx) => {
    const repo = createAdminPropertiesRepository(tx);
    const propertyId =
      "propertyId" in owner ? owner.propertyId : (await repo.findUnit(owner.unitId))?.propertyId;
    if (propertyId === undefined || !(await repo.lockProperty(propertyId))) throw imageNotFound();
    const row = await repo.deleteImage(id, owner);
    if (!row) throw imageNotFound();
    if ("unitId" in owner) await repo.touchUnit(owner.unitId);
    await repo.touchProperty(propertyId);
    return { row, propertyId };
  });
  await removeFiles(deps, [removed]);
  return { image: removed, propertyId };
}

/** A new alt text; answers the image, and the text it replaced with its building (the audit). */
export async function updateImageAlt(
  { db }: Deps,
  id: number,
  alt: string,
): Promise<{ image: AdminImage; previousAlt: string; propertyId: number | null }> {
  return db.transaction(async (tx) => {
    const repo = createAdminPropertiesRepository(tx);
    const before = await repo.findImageForUpdate(id);
    if (!before) throw imageNotFound();
    const row = await repo.updateImageAlt(id, alt);
    if (!row) throw imageNotFound();
    const propertyId =
      row.propertyId ??
      (row.unitId ? ((await repo.findUnit(row.unitId))?.propertyId ?? null) : null);
    return { image: toAdminImage(row), previousAlt: before.alt, propertyId };
  });
}

/** The building as the back office shows it, or null: what an update or a delete starts from. */
export const getAdminProperty = ({ db }: Deps, id: number) => loadProperty(db, id);
/** Likewise for a unit. */
export const getAdminUnit = ({ db }: Deps, id: number) => loadUnit(db, id);
