import { type AuditEntry, changesOf } from "#server/audit/audit-log";
import type { ImageRow } from "#server/modules/properties";

/**
 * What the audit trail notes of a change to a building, a unit or a photo: the record, its
 * building, and the fields that changed. The route adds the action, the actor and the origin.
 */
export type AuditNote = Partial<Omit<AuditEntry, "action">>;

/**
 * A building's or a unit's own fields, as the audit trail compares them: not its photos, units
 * or timestamps (a photo has events of its own, and every save moves the timestamps).
 */
function fieldsOf(record: object): Record<string, unknown> {
  const skipped = new Set(["id", "images", "units", "createdAt", "updatedAt"]);
  return Object.fromEntries(Object.entries(record).filter(([key]) => !skipped.has(key)));
}

/** A new building or unit: every field, before nothing. */
export const createdNote = (record: { id: number }, propertyId: number): AuditNote => ({
  targetId: record.id,
  propertyId,
  changes: changesOf(null, fieldsOf(record)),
});

/** A saved building or unit: the fields that differ from what it was (null: not read). */
export const changedNote = (
  before: object | null,
  after: object,
  propertyId: number | null,
): AuditNote => ({
  propertyId,
  changes: changesOf(before && fieldsOf(before), fieldsOf(after)),
});

/** A deleted building or unit: every field it had, when it could be read before. */
export const deletedNote = (before: object | null, propertyId: number | null): AuditNote => ({
  propertyId,
  changes: before && changesOf(fieldsOf(before), null),
});

export const imageRemovedNote = (image: ImageRow, propertyId: number): AuditNote => ({
  targetType: "image",
  targetId: image.id,
  propertyId,
  changes: changesOf({ filename: image.filename, alt: image.alt }, null),
});
