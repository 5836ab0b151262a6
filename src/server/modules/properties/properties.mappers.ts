import type { UnitFacts } from "#domain/unit-facts";
import type { UnitRow } from "./properties.repository";

/**
 * Rows as the public listings, the back office and the feeds all send them: the pieces of their
 * answers that must read the same on every page.
 */

/** A unit's facts as the public call, the back office and the feeds send them. */
export function unitFactsOf(row: UnitRow): UnitFacts {
  return {
    accessibilityFeatures: row.accessibilityFeatures,
    utilitiesIncluded: row.utilitiesIncluded,
    pets: row.pets,
    petDeposit: row.petDeposit,
    parking: row.parking,
    parkingFee: row.parkingFee,
    laundry: row.laundry,
    smoking: row.smoking,
    leaseTerms: row.leaseTerms,
    vouchersWelcome: row.vouchersWelcome,
  };
}

/**
 * Rows grouped by the id `key` gives (rows without one are left out), each group in the rows'
 * own order: how a list of buildings gets its units and images from one query each.
 */
export function groupBy<T>(rows: T[], key: (row: T) => number | null): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
