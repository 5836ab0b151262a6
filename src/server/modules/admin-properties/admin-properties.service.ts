import {
  type AdminImage,
  type AdminProperty,
  type AdminUnit,
  AVAILABILITY_CONFIRM_DAYS,
  type DashboardStats,
  type PropertyValues,
  type UnitToConfirm,
  type UnitValues,
} from "#domain/admin";
import {
  BUILDING_CHOICES,
  type BuildingChoices,
  UNITS_PER_BUILDING_MAX,
} from "#domain/api/admin-properties";
import type { Page } from "#domain/api/paging";
import { buildingWording, unitWording } from "#domain/fair-housing";
import type { Db, Executor } from "#server/db/client";
import { decodeKey, toPage } from "#server/db/keyset";
import { removeImageFiles } from "#server/images/image-pipeline";
import { groupBy, type ImageOwner, type ImageRow } from "#server/modules/properties";
import type { ObjectStore } from "#server/storage/object-store";
import {
  type AuditNote,
  changedNote,
  createdNote,
  deletedNote,
  imageRemovedNote,
} from "./admin-properties.audit";
import {
  imageNotFound,
  propertyNotFound,
  tooManyUnits,
  unitNotFound,
} from "./admin-properties.errors";
import { assembleProperties, toAdminImage, toAdminUnit } from "./admin-properties.mappers";
import * as repo from "./admin-properties.repository";
import { reviewAltText, reviewSave } from "./fair-housing-review";

/**
 * The back office's buildings, units and photos: every building, active or not. Each save is
 * reviewed for its wording first, and each change answers what the audit trail notes of it.
 */

type Deps = { db: Db };

const DAY_MS = 24 * 60 * 60 * 1000;
/** Where a file that could not be removed is reported (the request's log). */
type WarnLog = { warn(details: object, message: string): void };
type FileDeps = Deps & { store: ObjectStore; log: WarnLog };

/** A save: the form's values, by the administrator named in its fair-housing review. */
type Save<T> = { values: T; actor: string };

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
  const [propertyRows, unitRows, imageRows] = await Promise.all([
    repo.listProperties(db, id),
    repo.listUnits(db, id),
    repo.listImages(db, id),
  ]);
  return assembleProperties(propertyRows, unitRows, imageRows)[0] ?? null;
}

async function loadUnit(db: Executor, id: number): Promise<AdminUnit | null> {
  const unit = await repo.findUnit(db, id);
  return unit ? toAdminUnit(unit, await repo.imagesOf(db, { unitId: id })) : null;
}

/** The fair-housing review of a building's wording (buildingWording: what the site shows of it). */
function reviewProperty<T extends Omit<PropertyValues, "hasVacancy">>(
  { values, actor }: Save<T>,
  before?: AdminProperty | null,
) {
  const { fairHousingAcknowledged, ...fields } = values;
  return {
    fields,
    review: reviewSave(buildingWording(fields), fairHousingAcknowledged, actor, before),
  };
}

/** Likewise for a unit (unitWording: its number and floor plan too). */
function reviewUnit<T extends UnitValues>({ values, actor }: Save<T>, before?: AdminUnit | null) {
  const { fairHousingAcknowledged, ...fields } = values;
  return {
    fields,
    review: reviewSave(unitWording(fields), fairHousingAcknowledged, actor, before),
  };
}

export type PropertyListQuery = { limit: number; cursor?: string; q?: string };

/**
 * A page of buildings with their units and photos: three queries whatever the number of
 * buildings (the page's rows, then the units and images of those buildings only).
 */
export async function listAdminProperties(
  { db }: Deps,
  { limit, cursor, q }: PropertyListQuery,
): Promise<Page<AdminProperty>> {
  const after = cursor === undefined ? null : decodeKey(cursor, ["time", "integer"]);
  const rows = await repo.pageProperties(db, { limit, after, q });
  const page = toPage(rows, limit, (row) => row.key);
  const ids = page.items.map((row) => row.id);
  const [unitRows, imageRows] = await Promise.all([
    repo.unitsOfProperties(db, ids),
    repo.imagesOfProperties(db, ids),
  ]);
  return {
    items: assembleProperties(page.items, unitRows, imageRows),
    nextCursor: page.nextCursor,
  };
}

/**
 * The Overview's "Availability to confirm": a page of the units renters see as available whose
 * availability nobody confirmed for AVAILABILITY_CONFIRM_DAYS days, the longest first, and how
 * many there are.
 */
export async function unitsToConfirm(
  { db }: Deps,
  { limit, cursor }: { limit: number; cursor?: string },
  now = new Date(),
): Promise<Page<UnitToConfirm> & { total: number }> {
  const cutoff = new Date(now.getTime() - AVAILABILITY_CONFIRM_DAYS * DAY_MS);
  const after = cursor === undefined ? null : decodeKey(cursor, ["time", "integer"]);
  const [rows, total] = await Promise.all([
    repo.pageUnitsToConfirm(db, { cutoff, limit, after }),
    repo.countUnitsToConfirm(db, cutoff),
  ]);
  const page = toPage(rows, limit, (row) => row.key);
  const imageRows = await repo.imagesOfUnits(
    db,
    page.items.map((row) => row.unit.id),
  );
  const imagesByUnit = groupBy(imageRows, (image) => image.unitId);
  return {
    items: page.items.map((row) => ({
      unit: toAdminUnit(row.unit, imagesByUnit.get(row.unit.id) ?? []),
      building: row.building,
    })),
    nextCursor: page.nextCursor,
    total,
  };
}

/**
 * Buildings to choose from: the first BUILDING_CHOICES by name matching `q`, the one of `id`
 * added when it is not among them, each with its units' numbers (one query for all of them).
 */
export async function buildingChoices(
  { db }: Deps,
  { q, id }: { q?: string; id?: number },
): Promise<BuildingChoices> {
  const { rows, chosen, total } = await repo.buildingChoices(db, {
    q,
    id,
    limit: BUILDING_CHOICES,
  });
  const listed = chosen && !rows.some((row) => row.id === chosen.id) ? [chosen, ...rows] : rows;
  const unitRows = await repo.unitsOfProperties(
    db,
    listed.map((row) => row.id),
  );
  const unitsByBuilding = groupBy(unitRows, (unit) => unit.propertyId);
  return {
    items: listed.map((row) => ({
      id: row.id,
      title: row.title,
      units: (unitsByBuilding.get(row.id) ?? [])
        .slice(0, UNITS_PER_BUILDING_MAX)
        .map((unit) => ({ id: unit.id, unitNumber: unit.unitNumber })),
    })),
    total,
  };
}

/** The figures the Overview and the Properties tab show, counted by the database. */
export async function propertyStats({ db }: Deps): Promise<DashboardStats> {
  const { buildings, units } = await repo.propertyStats(db);
  const stamps = [buildings.lastUpdated, units.lastUpdated].filter((d): d is Date => d !== null);
  const latest = stamps.reduce<Date | null>((a, b) => (a === null || b > a ? b : a), null);
  return {
    totalProperties: buildings.total,
    totalUnits: units.total,
    availableUnits: units.available,
    occupancyRate:
      units.total === 0 ? 0 : Math.round(((units.total - units.available) / units.total) * 100),
    lastUpdated: latest === null ? null : latest.toISOString(),
  };
}

export async function createProperty(
  { db }: Deps,
  save: Save<PropertyValues>,
): Promise<{ property: AdminProperty; audit: AuditNote }> {
  const { fields, review } = reviewProperty(save);
  const row = await repo.insertProperty(db, {
    ...fields,
    fairHousingReview: review,
  });
  // A new building has no units or images yet.
  const property = assembleProperties([row], [], [])[0]!;
  return { property, audit: createdNote(property, property.id) };
}

/**
 * `hasVacancy` undefined keeps the stored flag: the edit form does not send it. Likewise
 * `descriptionEs` undefined keeps the stored Spanish description.
 */
export async function updateProperty(
  { db }: Deps,
  id: number,
  save: Save<Omit<PropertyValues, "hasVacancy"> & { hasVacancy?: boolean }>,
): Promise<{ property: AdminProperty; audit: AuditNote }> {
  const before = await loadProperty(db, id);
  const { fields, review } = reviewProperty(save, before);
  const row = await repo.updateProperty(db, id, {
    ...fields,
    fairHousingReview: review,
  });
  if (!row) throw propertyNotFound();
  const property = await loadProperty(db, id);
  if (!property) throw propertyNotFound();
  return { property, audit: changedNote(before, property, id) };
}

/** The building, its units (cascade), every image of both, then their files. */
export async function deleteProperty(deps: FileDeps, id: number): Promise<{ audit: AuditNote }> {
  const before = await loadProperty(deps.db, id);
  const removed = await deps.db.transaction(async (tx) => {
    if (!(await repo.lockProperty(tx, id))) throw propertyNotFound();
    const rows = await repo.listImages(tx, id);
    await repo.deleteProperty(tx, id);
    return rows;
  });
  await removeFiles(deps, removed);
  const detail = before && { units: before.units.length, images: before.images.length };
  return { audit: { ...deletedNote(before, id), detail } };
}

export async function createUnit(
  { db }: Deps,
  propertyId: number,
  save: Save<UnitValues>,
): Promise<{ unit: AdminUnit; audit: AuditNote }> {
  const { fields, review } = reviewUnit(save);
  const row = await db.transaction(async (tx) => {
    if (!(await repo.lockProperty(tx, propertyId))) throw propertyNotFound();
    // Under the building's lock, so two new units at once cannot both pass the bound.
    if ((await repo.countUnits(tx, propertyId)) >= UNITS_PER_BUILDING_MAX) throw tooManyUnits();
    const inserted = await repo.insertUnit(tx, propertyId, {
      ...fields,
      fairHousingReview: review,
    });
    await repo.touchProperty(tx, propertyId);
    return inserted;
  });
  const unit = toAdminUnit(row, []);
  return { unit, audit: createdNote(unit, propertyId) };
}

export async function updateUnit(
  { db }: Deps,
  id: number,
  save: Save<UnitValues>,
): Promise<{ unit: AdminUnit; audit: AuditNote }> {
  const before = await loadUnit(db, id);
  const { fields, review } = reviewUnit(save, before);
  await db.transaction(async (tx) => {
    const current = await repo.findUnit(tx, id);
    if (!current || !(await repo.lockProperty(tx, current.propertyId))) throw unitNotFound();
    if (!(await repo.updateUnit(tx, id, { ...fields, fairHousingReview: review }))) {
      throw unitNotFound();
    }
    await repo.touchProperty(tx, current.propertyId);
  });
  const unit = await loadUnit(db, id);
  if (!unit) throw unitNotFound();
  return { unit, audit: changedNote(before, unit, unit.propertyId) };
}

/**
 * "Still available": the unit's availability confirmed now, nothing else changed. The audit
 * trail notes when it had been confirmed before.
 */
export async function confirmAvailability(
  { db }: Deps,
  id: number,
): Promise<{ unit: AdminUnit; audit: AuditNote }> {
  const previous = await db.transaction(async (tx) => {
    const before = await repo.findUnitForUpdate(tx, id);
    if (!before || !(await repo.confirmAvailability(tx, id))) throw unitNotFound();
    return before.availabilityConfirmedAt.toISOString();
  });
  const unit = await loadUnit(db, id);
  if (!unit) throw unitNotFound();
  const confirmed = { availabilityConfirmedAt: unit.availabilityConfirmedAt };
  const audit = changedNote({ availabilityConfirmedAt: previous }, confirmed, unit.propertyId);
  return { unit, audit };
}

export async function deleteUnit(deps: FileDeps, id: number): Promise<{ audit: AuditNote }> {
  const before = await loadUnit(deps.db, id);
  const removed = await deps.db.transaction(async (tx) => {
    const unit = await repo.findUnit(tx, id);
    if (!unit || !(await repo.lockProperty(tx, unit.propertyId))) throw unitNotFound();
    const rows = await repo.imagesOf(tx, { unitId: id });
    // Deleted meanwhile by another request, which removes these files itself.
    if (!(await repo.deleteUnit(tx, id))) throw unitNotFound();
    await repo.touchProperty(tx, unit.propertyId);
    return rows;
  });
  await removeFiles(deps, removed);
  return { audit: deletedNote(before, before?.propertyId ?? null) };
}

/** Removes one image of that building or that unit (404 for anyone else's), then its files. */
export async function deleteImage(
  deps: FileDeps,
  id: number,
  owner: ImageOwner,
): Promise<{ audit: AuditNote }> {
  const { row: removed, propertyId } = await deps.db.transaction(async (tx) => {
    const propertyId =
      "propertyId" in owner
        ? owner.propertyId
        : (await repo.findUnit(tx, owner.unitId))?.propertyId;
    if (propertyId === undefined || !(await repo.lockProperty(tx, propertyId)))
      throw imageNotFound();
    const row = await repo.deleteImage(tx, id, owner);
    if (!row) throw imageNotFound();
    if ("unitId" in owner) await repo.touchUnit(tx, owner.unitId);
    await repo.touchProperty(tx, propertyId);
    return { row, propertyId };
  });
  await removeFiles(deps, [removed]);
  const audit = imageRemovedNote(removed, propertyId);
  return { audit: "unitId" in owner ? { ...audit, detail: { unitId: owner.unitId } } : audit };
}

/**
 * A new alt text, reviewed as a listing's wording is (a flagged one is saved only acknowledged,
 * and the audit entry keeps the review); the audit trail notes the text it replaced.
 */
export async function updateImageAlt(
  { db }: Deps,
  id: number,
  { alt, fairHousingAcknowledged }: { alt: string; fairHousingAcknowledged?: boolean },
  actor: string,
): Promise<{ image: AdminImage; audit: AuditNote }> {
  const review = reviewAltText(alt, fairHousingAcknowledged, actor);
  const { image, previousAlt, propertyId } = await db.transaction(async (tx) => {
    const before = await repo.findImageForUpdate(tx, id);
    if (!before) throw imageNotFound();
    const row = await repo.updateImageAlt(tx, id, alt);
    if (!row) throw imageNotFound();
    const propertyId =
      row.propertyId ??
      (row.unitId ? ((await repo.findUnit(tx, row.unitId))?.propertyId ?? null) : null);
    return { image: toAdminImage(row), previousAlt: before.alt, propertyId };
  });
  const audit = changedNote({ alt: previousAlt }, { alt: image.alt }, propertyId);
  return { image, audit: review ? { ...audit, detail: { fairHousingReview: review } } : audit };
}
