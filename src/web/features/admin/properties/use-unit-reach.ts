import { useQuery, useQueryClient } from "@tanstack/react-query";
import { unitCreateSchema, unitUpdateSchema } from "#domain/admin";
import { type AlertReach, type AlertReachQuery, alertReachQuerySchema } from "#domain/admin-alerts";
import { adminAlertsApi } from "#domain/api/admin-alerts";
import { contractQuery } from "#web/lib/query";
import { useDebouncedValue } from "#web/lib/use-debounced-value";
import { toUnitInput, type UnitFormValues } from "./unit-form";

/** The count is asked once typing has stopped for this long, not once per key. */
const REACH_DELAY_MS = 400;
/** A count this fresh is the one the save's toast repeats, without asking again. */
const REACH_FRESH_MS = 30_000;

/**
 * What the reach is asked for: the form's values when they are those of an available unit that
 * the save would accept (the dialog's own checks); null otherwise, and then nothing is said. An
 * existing unit's id leaves out the renters already told about it.
 */
export function reachQueryOf(values: UnitFormValues, unitId: number | null) {
  if (values.availability !== "available") return null;
  const input = toUnitInput(values);
  const save = unitId === null ? unitCreateSchema : unitUpdateSchema;
  if (!save.safeParse(input).success) return null;
  const parsed = alertReachQuerySchema.safeParse({
    propertyId: input.propertyId ?? undefined,
    bedrooms: input.bedrooms,
    rent: input.rent,
    availableFrom: input.availableFrom ?? undefined,
    unitId: unitId ?? undefined,
  });
  return parsed.success ? parsed.data : null;
}

const reachQuery = (query: AlertReachQuery) => ({
  ...contractQuery(adminAlertsApi.reach, { query }),
  staleTime: REACH_FRESH_MS,
});

/**
 * How many renters the unit alerts if saved with the form's values, once they have settled;
 * the last count stays while the next loads. Undefined when nothing is to be said: an occupied
 * unit, values the save would refuse, or a count that failed (it is advice, never in the way).
 */
export function useUnitReach(query: AlertReachQuery | null): AlertReach | undefined {
  // Settled by its text: the form makes a new object at every render.
  const key = query ? JSON.stringify(query) : null;
  const settled = useDebouncedValue(key, REACH_DELAY_MS);
  const reach = useQuery({
    ...reachQuery(settled ? (JSON.parse(settled) as AlertReachQuery) : ({} as AlertReachQuery)),
    enabled: settled !== null,
    placeholderData: (previous) => previous,
  });
  return query && reach.isSuccess ? reach.data : undefined;
}

/**
 * The count for exactly the values being saved, asked before the save (after it, the renters
 * being alerted are already "told"): the dialog's own answer when it is fresh. Null when it
 * cannot be had; the save goes on without it.
 */
export function useReachBeforeSave() {
  const client = useQueryClient();
  return async (query: AlertReachQuery | null): Promise<AlertReach | null> => {
    if (!query) return null;
    return client.fetchQuery(reachQuery(query)).catch(() => null);
  };
}
