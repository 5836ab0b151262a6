import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { adminMaintenanceApi } from "#domain/api/admin-maintenance";
import { PAGE_LIMIT_MAX } from "#domain/api/paging";
import type { Tenant } from "#domain/maintenance";
import { useFinderShown } from "#web/components/picker-finder";
import { contractQuery } from "#web/lib/query";
import { useDebouncedValue } from "#web/lib/use-debounced-value";

const contract = adminMaintenanceApi.tenants;
const noTenants: Tenant[] = [];

/** Words typed in the tenant picker's finder are asked for once the typing stops for this long. */
const FIND_DELAY_MS = 300;

/**
 * The tenants of a building card's units (the ones the card shows), grouped by unit: one
 * request of at most 100 tenants by address, however many tenants the building has.
 */
export function useUnitsTenants(unitIds: readonly number[]) {
  const query = useQuery({
    ...contractQuery(contract, {
      query: { units: unitIds.join(","), limit: PAGE_LIMIT_MAX },
    }),
    enabled: unitIds.length > 0,
  });
  const tenants = query.data?.tenants ?? noTenants;
  return {
    query,
    byUnit: tenantsByUnit(tenants),
    shown: tenants.length,
    total: query.data?.total ?? 0,
  };
}

/**
 * The tenants a picker offers (the share dialog's "Tenant"): the first 50 by address, from the
 * server. When there are more, the picker shows a finder whose words narrow the list on the
 * server (name or address); with fewer, it is the plain list.
 */
export function useTenantChoices({ enabled = true }: { enabled?: boolean } = {}) {
  const [typed, setTyped] = useState("");
  const q = useDebouncedValue(typed.trim(), FIND_DELAY_MS);
  const query = useQuery({
    ...contractQuery(contract, { query: { q: q === "" ? undefined : q } }),
    enabled,
    // Other words: the last list stays in the picker until the new one comes.
    placeholderData: keepPreviousData,
  });
  const listed = query.data?.tenants ?? noTenants;
  const total = query.data?.total ?? 0;
  // The finder stays once shown (while words are typed the list may well fit).
  const needsFinder = useFinderShown(typed !== "" || total > listed.length);
  return { tenants: listed, total, typed, setTyped, needsFinder, query };
}

/** The tenants of each unit, by unit id. */
export function tenantsByUnit(tenants: readonly Tenant[] | undefined): Map<number, Tenant[]> {
  const byUnit = new Map<number, Tenant[]>();
  for (const tenant of tenants ?? []) {
    if (!tenant.unit) continue;
    byUnit.set(tenant.unit.id, [...(byUnit.get(tenant.unit.id) ?? []), tenant]);
  }
  return byUnit;
}

/** A tenant as a line: "Ann Lee (ann@example.com)". */
export const tenantLine = (tenant: Pick<Tenant, "name" | "email">) =>
  tenant.name ? `${tenant.name} (${tenant.email})` : tenant.email;
