import { adminMaintenanceApi } from "#domain/api/admin-maintenance";
import type { Tenant } from "#domain/maintenance";
import { handle } from "#tests/support/api-mocks";

/**
 * A stand-in server's tenants list: those of the units asked for, or whose name or address has
 * the words typed, by address, the first `limit` (50 unless asked), and how many match. `list`
 * is read at each call, so a test can change who has access between calls.
 */
export function tenantsHandler(list: () => readonly Tenant[], onCall?: () => void) {
  return handle(adminMaintenanceApi.tenants, ({ query }) => {
    onCall?.();
    const unitIds = query.units?.split(",").map(Number);
    const words = (query.q ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    const found = list()
      .filter((t) => !unitIds || (t.unit !== null && unitIds.includes(t.unit.id)))
      .filter((t) => words.every((w) => `${t.name} ${t.email}`.toLowerCase().includes(w)))
      .sort((a, b) => a.email.localeCompare(b.email));
    const limit = Number(query.limit ?? 50);
    return { tenants: found.slice(0, limit), nextCursor: null, total: found.length };
  });
}
