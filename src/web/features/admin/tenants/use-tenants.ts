import { useQuery } from "@tanstack/react-query";
import { adminMaintenanceApi } from "#domain/api/admin-maintenance";
import type { Tenant } from "#domain/maintenance";
import { contractQuery } from "#web/lib/query";

/** The tenants with portal access; `enabled: false` waits (a dialog not yet open). */
export function useTenants({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...contractQuery(adminMaintenanceApi.tenants, {}), enabled });
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
