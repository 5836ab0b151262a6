import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { type AdminProperty, type AdminUnit, adminMessages } from "#domain/admin";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { failureDetail } from "#web/lib/api-client";
import { useContractMutation } from "#web/lib/query";
import {
  type DashboardData,
  dashboardQueryKey,
  type UnitsToConfirmPage,
} from "./use-admin-properties";

/** "Unit 2B, Pearl Street Lofts": how a button, a toast and a list name a unit. */
export function unitLabel(unit: Pick<AdminUnit, "unitNumber">, building: string): string {
  return `Unit ${unit.unitNumber}, ${building}`;
}

/** The dashboard's list with one unit replaced by the server's copy of it. */
function withUnit(properties: AdminProperty[] | undefined, unit: AdminUnit) {
  return properties?.map((property) =>
    property.id === unit.propertyId
      ? { ...property, units: property.units.map((u) => (u.id === unit.id ? unit : u)) }
      : property,
  );
}

/** The units to confirm less one just confirmed. */
function withoutDue(due: UnitsToConfirmPage, unitId: number): UnitsToConfirmPage {
  const items = due.items.filter((entry) => entry.unit.id !== unitId);
  return { ...due, items, total: due.total - (due.items.length - items.length) };
}

/**
 * "Still available" on one unit (the Overview's list and the Properties tab): the server's
 * answer replaces the unit in the dashboard's load at once, so it leaves the units to confirm
 * without waiting for the refetch the contract's invalidation starts. A toast says how it went.
 */
export function useConfirmAvailability(label: string) {
  const client = useQueryClient();
  return useContractMutation(
    adminPropertiesApi.confirmAvailability,
    (id: number) => ({ params: { id: String(id) } }),
    {
      onSuccess: (unit) => {
        client.setQueriesData({ queryKey: dashboardQueryKey }, (data: DashboardData | undefined) =>
          data === undefined
            ? data
            : {
                ...data,
                properties: withUnit(data.properties, unit) ?? data.properties,
                due: withoutDue(data.due, unit.id),
              },
        );
        toast.success(adminMessages.availabilityConfirmed(label));
      },
      onError: (error) =>
        toast.error(adminMessages.confirmAvailabilityFailed(label), {
          description: failureDetail(error),
        }),
    },
  );
}
