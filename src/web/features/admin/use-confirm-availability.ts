import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { type AdminProperty, type AdminUnit, adminMessages } from "#domain/admin";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { failureDetail } from "#web/lib/api-client";
import { queryKeyOf, useContractMutation } from "#web/lib/query";

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

/**
 * "Still available" on one unit (the Overview's list and the Properties tab): the server's
 * answer replaces the unit in the dashboard's list at once, so it leaves the units to confirm
 * without waiting for the refetch the contract's invalidation starts. A toast says how it went.
 */
export function useConfirmAvailability(label: string) {
  const client = useQueryClient();
  return useContractMutation(
    adminPropertiesApi.confirmAvailability,
    (id: number) => ({ params: { id: String(id) } }),
    {
      onSuccess: (unit) => {
        client.setQueryData(
          queryKeyOf(adminPropertiesApi.list, {}),
          (list: AdminProperty[] | undefined) => withUnit(list, unit),
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
