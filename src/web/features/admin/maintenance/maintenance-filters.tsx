import {
  type MaintenanceStatusFilter,
  maintenanceStatusFilterLabels,
  maintenanceStatusFilters,
  maintenanceUrgencies,
  maintenanceUrgencyLabels,
} from "#domain/maintenance";
import { SelectField } from "#web/components/ui/form-field";
import { useBuildingChoices } from "../buildings/use-building-choices";
import type { MaintenanceFilters } from "./use-maintenance";

const statusOf = (value: string): MaintenanceStatusFilter =>
  maintenanceStatusFilters.find((s) => s === value) ?? "open";

const urgencyOf = (value: string): MaintenanceFilters["urgency"] =>
  maintenanceUrgencies.find((u) => u === value) ?? "all";

/** Building, status (all open by default) and urgency: each change asks the server again. */
export function MaintenanceFilterBar({
  value,
  onChange,
}: {
  value: MaintenanceFilters;
  onChange: (next: MaintenanceFilters) => void;
}) {
  const { buildings, finder } = useBuildingChoices(value.propertyId);
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {finder ? <div className="max-w-md sm:col-span-3">{finder}</div> : null}
      <SelectField
        label="Building"
        value={value.propertyId ?? ""}
        onChange={(event) =>
          onChange({
            ...value,
            propertyId: event.target.value ? Number(event.target.value) : null,
          })
        }
      >
        <option value="">All buildings</option>
        {buildings.map((b) => (
          <option key={b.id} value={b.id}>
            {b.title}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Status"
        value={value.status}
        onChange={(event) => onChange({ ...value, status: statusOf(event.target.value) })}
      >
        {maintenanceStatusFilters.map((s) => (
          <option key={s} value={s}>
            {maintenanceStatusFilterLabels[s]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Urgency"
        value={value.urgency}
        onChange={(event) => onChange({ ...value, urgency: urgencyOf(event.target.value) })}
      >
        <option value="all">All urgencies</option>
        {maintenanceUrgencies.map((u) => (
          <option key={u} value={u}>
            {maintenanceUrgencyLabels[u]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
