import { BellRing } from "lucide-react";
import { useState } from "react";
import { type Control, type UseFormReturn, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import {
  type AdminProperty,
  type AdminUnit,
  adminMessages,
  unitCreateSchema,
  unitUpdateSchema,
} from "#domain/admin";
import { reachAfterSave, reachSentence } from "#domain/admin-alerts";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { unitWording } from "#domain/fair-housing";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { SelectField, TextField } from "#web/components/ui/form-field";
import { useBuildingChoices } from "../buildings/use-building-choices";
import { CurrentImages, useCurrentImages } from "./current-images";
import {
  DescriptionFields,
  DialogActions,
  describeUploadFailures,
  FormAlert,
  useReturnFocus,
} from "./dialog-parts";
import { FairHousingPanel, FairHousingRecord } from "./fair-housing-panel";
import { ImagePicker } from "./image-picker";
import { UnitFactsFields } from "./unit-facts-fields";
import { toUnitInput, type UnitFormValues, unitFormDefaults } from "./unit-form";
import { useListingSave } from "./use-listing-save";
import { reachQueryOf, useReachBeforeSave, useUnitReach } from "./use-unit-reach";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The unit to edit, or null to add one. */
  unit: AdminUnit | null;
  /** The building a new unit goes in (Add Unit on its card); null shows a building select. */
  propertyId: number | null;
  properties: AdminProperty[];
  userId?: string | null;
};

/** 'Add New Unit' and 'Edit Unit'. It cannot be closed while a save is running. */
export function UnitDialog({ open, onOpenChange, ...props }: Props) {
  const [busy, setBusy] = useState(false);
  const returnFocus = useReturnFocus();
  const building = props.properties.find(
    (p) => p.id === (props.unit?.propertyId ?? props.propertyId),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
    >
      <DialogContent
        title={props.unit ? "Edit Unit" : "Add New Unit"}
        description={building ? `Building: ${building.title}` : undefined}
        className="max-w-2xl"
        {...returnFocus}
      >
        <UnitForm {...props} onBusyChange={setBusy} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * How many renters' listing alerts the unit meets if saved as it stands: said while it is (or is
 * being made) available, in a polite live region, so the office knows before saving. It watches
 * the fields itself: the rest of the form does not render again at each key.
 */
function ReachNote({
  control,
  unitId,
}: {
  control: Control<UnitFormValues>;
  unitId: number | null;
}) {
  const values = useWatch({ control }) as UnitFormValues;
  const reach = useUnitReach(reachQueryOf(values, unitId));
  return (
    <p role="status" className="flex items-start gap-2 text-sm text-muted-foreground">
      {reach ? (
        <>
          <BellRing aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {reachSentence(reach, values.availableFrom || null)}
        </>
      ) : null}
    </p>
  );
}

/**
 * Add New Unit's building (from the tab's header, not a card): any building, from the server's
 * choices, found by name when there are many.
 */
function ChooseBuilding({
  form,
  invalid,
}: {
  form: UseFormReturn<UnitFormValues>;
  invalid: true | undefined;
}) {
  const chosen = Number(form.watch("propertyId")) || null;
  const { buildings, finder } = useBuildingChoices(chosen);
  return (
    <>
      {finder ? <div className="sm:col-span-2">{finder}</div> : null}
      <SelectField
        label="Building"
        required
        aria-invalid={invalid}
        className="sm:col-span-2"
        {...form.register("propertyId")}
      >
        <option value="">Select a building</option>
        {buildings.map((b) => (
          <option key={b.id} value={b.id}>
            {b.title}
          </option>
        ))}
      </SelectField>
    </>
  );
}

function UnitForm({
  unit,
  propertyId,
  userId,
  onBusyChange,
  onDone,
}: Omit<Props, "open" | "onOpenChange"> & {
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  const editing = unit !== null;
  const form = useForm<UnitFormValues>({
    defaultValues: unitFormDefaults(unit, unit?.propertyId ?? propertyId),
  });
  const current = useCurrentImages(unit?.images ?? [], { unitId: unit?.id ?? 0 });
  const chooseBuilding = !editing && propertyId === null;
  const reachBeforeSave = useReachBeforeSave();
  const { onSubmit, phase, busy, alert, invalid, fairHousing, uploads } = useListingSave({
    form,
    parse: (values) => {
      const input = toUnitInput(values);
      return editing ? unitUpdateSchema.safeParse(input) : unitCreateSchema.safeParse(input);
    },
    wording: unitWording,
    action: editing ? "updateUnit" : "addUnit",
    write: async (body, send, values) => {
      const input = toUnitInput(values);
      const reached = await reachBeforeSave(reachQueryOf(values, unit?.id ?? null));
      const reachLine = reached ? reachAfterSave(reached, input.availableFrom ?? null) : null;
      const saved = editing
        ? await send(adminPropertiesApi.updateUnit, { params: { id: String(unit.id) }, body })
        : // unitCreateSchema refused a missing building before.
          await send(adminPropertiesApi.createUnit, {
            body: { ...body, propertyId: input.propertyId },
          });
      return { saved, reachLine };
    },
    owner: ({ saved }) => ({ unitId: saved.id }),
    current: editing ? current : null,
    userId,
    announce: ({ reachLine }, failures) => {
      if (failures.length > 0) {
        // The unit is saved: say so, and why its images are missing.
        toast.warning(
          editing ? adminMessages.unitUpdatedUploadFailed : adminMessages.unitCreatedUploadFailed,
          { description: [describeUploadFailures(failures), reachLine].filter(Boolean).join(" ") },
        );
      } else {
        toast.success(editing ? adminMessages.unitUpdated : adminMessages.unitAdded, {
          description: reachLine ?? undefined,
        });
      }
    },
    onBusyChange,
    onDone,
  });

  const number = (name: keyof UnitFormValues) => ({
    type: "number",
    inputMode: "decimal" as const,
    min: 0,
    "aria-invalid": invalid(name),
    ...form.register(name),
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={editing ? "Edit Unit" : "Add New Unit"}
      className="grid gap-4"
    >
      <p className="text-sm text-muted-foreground">Unit number and a rent above 0 are required.</p>
      <fieldset disabled={busy} className="grid min-w-0 gap-4 sm:grid-cols-2">
        {chooseBuilding ? <ChooseBuilding form={form} invalid={invalid("propertyId")} /> : null}
        <TextField
          label="Unit Number"
          required
          aria-invalid={invalid("unitNumber")}
          {...form.register("unitNumber")}
        />
        <TextField label="Rent" hint="Dollars per month." required step={1} {...number("rent")} />
        <TextField label="Bedrooms" step={1} {...number("bedrooms")} />
        <TextField label="Bathrooms" step={0.5} {...number("bathrooms")} />
        <TextField label="Square Feet" step={1} {...number("squareFeet")} />
        <TextField label="Deposit" hint="Dollars." step={1} {...number("deposit")} />
        <fieldset className="grid min-w-0 gap-1.5">
          <legend className="mb-1.5 text-sm font-medium">Availability</legend>
          <div className="grid grid-cols-2 gap-1 rounded-lg bg-black/5 p-1">
            {(["available", "occupied"] as const).map((value) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center justify-center rounded-md px-3 text-sm font-semibold text-muted-foreground has-checked:bg-background has-checked:text-foreground has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-ring"
              >
                <input
                  type="radio"
                  value={value}
                  className="sr-only"
                  {...form.register("availability")}
                />
                {value === "available" ? "Available" : "Occupied"}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label="Available From"
          type="date"
          hint="Leave empty when not announced."
          aria-invalid={invalid("availableFrom")}
          {...form.register("availableFrom")}
        />
        <TextField
          label="Features"
          hint="Separate features with commas, e.g. Balcony, Hardwood floors."
          aria-invalid={invalid("features")}
          className="sm:col-span-2"
          {...form.register("features")}
        />
        <DescriptionFields
          english={{ "aria-invalid": invalid("description"), ...form.register("description") }}
          spanish={{ "aria-invalid": invalid("descriptionEs"), ...form.register("descriptionEs") }}
        />
        <TextField
          label="Floor Plan"
          hint="A name or a link for the floor plan."
          aria-invalid={invalid("floorPlan")}
          className="sm:col-span-2"
          {...form.register("floorPlan")}
        />
        <UnitFactsFields register={form.register} numberProps={number} />
      </fieldset>
      {editing ? <CurrentImages state={current} busy={busy} /> : null}
      <ImagePicker uploads={uploads} busy={busy} />
      <ReachNote control={form.control} unitId={unit?.id ?? null} />
      {editing ? <FairHousingRecord review={unit.fairHousingReview} /> : null}
      <FairHousingPanel check={fairHousing} busy={busy} />
      <FormAlert lines={alert} />
      <DialogActions submitLabel={editing ? "Update Unit" : "Add Unit"} phase={phase} />
    </form>
  );
}
