import { useState } from "react";
import { toast } from "sonner";
import { adminMaintenanceApi } from "#domain/api/admin-maintenance";
import { maintenanceStaffMessages, type Tenant, tenantMessages } from "#domain/maintenance";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { useContractMutation } from "#web/lib/query";
import { type InviteTarget, InviteTenantDialog } from "./invite-tenant-dialog";
import { MoveTenantDialog } from "./move-tenant-dialog";
import { refusalLines } from "./refusal-lines";
import type { TenantActions } from "./unit-tenants";

/**
 * The Properties tab's tenant dialogs (invite, move, end access) and the actions that open them
 * from a unit row. After each write the contract's invalidation refetches the tenants.
 */
export function useTenantDialogs() {
  const [inviting, setInviting] = useState<InviteTarget | null>(null);
  const [moving, setMoving] = useState<Tenant | null>(null);
  const [ending, setEnding] = useState<Tenant | null>(null);
  const end = useContractMutation(adminMaintenanceApi.endAccess, (tenant: Tenant) => ({
    params: { id: tenant.id },
  }));

  const actions: TenantActions = {
    onInvite: (unit, building) =>
      setInviting({ unitId: unit.id, unitNumber: unit.unitNumber, building }),
    onMove: setMoving,
    onEndAccess: setEnding,
  };

  const confirmEnd = async () => {
    if (!ending) return;
    try {
      await end.mutateAsync(ending);
      toast.success(tenantMessages.ended);
    } catch (error) {
      const [title, ...rest] = refusalLines(maintenanceStaffMessages.endFailed, error);
      toast.error(title, rest.length > 0 ? { description: rest.join(" ") } : undefined);
    } finally {
      setEnding(null);
    }
  };

  const dialogs = (
    <>
      <InviteTenantDialog target={inviting} onClose={() => setInviting(null)} />
      <MoveTenantDialog tenant={moving} onClose={() => setMoving(null)} />
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => {
          if (!open && !end.isPending) setEnding(null);
        }}
        title={`End ${ending?.name || ending?.email || "the tenant"}'s access?`}
        description={maintenanceStaffMessages.endConfirm}
        confirmLabel="End access"
        busyLabel="Ending..."
        busy={end.isPending}
        onConfirm={() => void confirmEnd()}
      />
    </>
  );
  return { actions, dialogs };
}
