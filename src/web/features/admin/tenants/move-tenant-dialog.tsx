import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { adminMaintenanceApi } from "#domain/api/admin-maintenance";
import { maintenanceStaffMessages, type Tenant, tenantMessages } from "#domain/maintenance";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { SelectField } from "#web/components/ui/form-field";
import { useContractMutation } from "#web/lib/query";
import { useBuildingChoices } from "../buildings/use-building-choices";
import { DialogActions, FormAlert, useReturnFocus } from "../properties/dialog-parts";
import { refusalLines } from "./refusal-lines";

type Move = { tenant: Tenant; unitId: number };

function MoveForm({ tenant, onDone }: { tenant: Tenant; onDone: () => void }) {
  // Any unit of any building: the server's choices, found by name when there are many.
  const { buildings, finder } = useBuildingChoices(null);
  const [unitId, setUnitId] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string[] | null>(null);
  const move = useContractMutation(adminMaintenanceApi.moveTenant, ({ tenant, unitId }: Move) => ({
    params: { id: tenant.id },
    body: { unitId },
  }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    if (!unitId) {
      setError(maintenanceStaffMessages.chooseUnit);
      return;
    }
    try {
      await move.mutateAsync({ tenant, unitId: Number(unitId) });
      toast.success(tenantMessages.moved);
      onDone();
    } catch (failure) {
      setAlert(refusalLines(maintenanceStaffMessages.moveFailed, failure));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      {finder}
      <SelectField
        label="New unit"
        value={unitId}
        error={error}
        onChange={(event) => {
          setUnitId(event.target.value);
          setError(undefined);
        }}
      >
        <option value="">Choose a unit</option>
        {buildings
          .filter((p) => p.units.length > 0)
          .map((p) => (
            <optgroup key={p.id} label={p.title}>
              {p.units.map((u) => (
                <option key={u.id} value={u.id} disabled={u.id === tenant.unit?.id}>
                  {u.id === tenant.unit?.id
                    ? `Unit ${u.unitNumber} (current)`
                    : `Unit ${u.unitNumber}, ${p.title}`}
                </option>
              ))}
            </optgroup>
          ))}
      </SelectField>
      <FormAlert lines={alert} />
      <DialogActions submitLabel="Move tenant" phase={move.isPending ? "saving" : "idle"} />
    </form>
  );
}

/** 'Move': the tenant's access goes to another unit, of this building or another. */
export function MoveTenantDialog({
  tenant,
  onClose,
}: {
  tenant: Tenant | null;
  onClose: () => void;
}) {
  const returnFocus = useReturnFocus();
  const from = tenant?.unit ? `Unit ${tenant.unit.unitNumber}, ${tenant.unit.propertyName}` : null;
  return (
    <Dialog
      open={tenant !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        title={tenant ? `Move ${tenant.name || tenant.email}` : "Move tenant"}
        description={from ? `Now in ${from}.` : undefined}
        {...returnFocus}
      >
        {tenant ? <MoveForm tenant={tenant} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
