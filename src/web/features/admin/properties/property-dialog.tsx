import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  type AdminProperty,
  adminMessages,
  propertyCreateSchema,
  propertyEditFormSchema,
  propertyTypes,
} from "#domain/admin";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { buildingWording } from "#domain/fair-housing";
import { typeLabel } from "#domain/listing-format";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { CheckboxField, SelectField, TextField } from "#web/components/ui/form-field";
import { CurrentImages, useCurrentImages } from "./current-images";
import {
  CheckboxWithHint,
  DescriptionFields,
  DialogActions,
  describeUploadFailures,
  FormAlert,
  useReturnFocus,
} from "./dialog-parts";
import { FairHousingPanel, FairHousingRecord } from "./fair-housing-panel";
import { ImagePicker } from "./image-picker";
import {
  amenityOptions,
  type PropertyFormValues,
  propertyFormDefaults,
  toPropertyInput,
} from "./property-form";
import { useListingSave } from "./use-listing-save";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The building to edit, or null to add one. */
  property: AdminProperty | null;
  userId?: string | null;
};

/** 'Add New Building' and 'Edit Building'. It cannot be closed while a save is running. */
export function PropertyDialog({ open, onOpenChange, property, userId }: Props) {
  const [busy, setBusy] = useState(false);
  const returnFocus = useReturnFocus();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
    >
      <DialogContent
        title={property ? "Edit Building" : "Add New Building"}
        className="max-w-2xl"
        {...returnFocus}
      >
        <PropertyForm
          property={property}
          userId={userId}
          onBusyChange={setBusy}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function PropertyForm({
  property,
  userId,
  onBusyChange,
  onDone,
}: Omit<Props, "open" | "onOpenChange"> & {
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  const editing = property !== null;
  const form = useForm<PropertyFormValues>({ defaultValues: propertyFormDefaults(property) });
  const current = useCurrentImages(property?.images ?? [], { propertyId: property?.id ?? 0 });
  const { onSubmit, phase, busy, alert, invalid, fairHousing, uploads } = useListingSave({
    form,
    parse: (values) =>
      (editing ? propertyEditFormSchema : propertyCreateSchema).safeParse(toPropertyInput(values)),
    wording: buildingWording,
    action: editing ? "updateProperty" : "addProperty",
    // hasVacancy is sent too: the dialog shows the flag, and leaving it out of an update would
    // keep the stored one whatever the box says.
    write: (body, send) =>
      editing
        ? send(adminPropertiesApi.updateProperty, { params: { id: String(property.id) }, body })
        : send(adminPropertiesApi.createProperty, { body }),
    owner: (saved) => ({ propertyId: saved.id }),
    current: editing ? current : null,
    userId,
    announce: (_saved, failures) => {
      toast.success(editing ? adminMessages.propertyUpdated : adminMessages.propertyAdded);
      if (failures.length > 0) {
        toast.error(adminMessages.uploadError(describeUploadFailures(failures)));
      }
    },
    onBusyChange,
    onDone,
  });

  const amenities = amenityOptions(property?.amenities ?? []);

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={editing ? "Edit Building" : "Add New Building"}
      className="grid gap-4"
    >
      <p className="text-sm text-muted-foreground">
        Title, type, address, city, state and ZIP code are required.
      </p>
      <fieldset disabled={busy} className="grid min-w-0 gap-4 sm:grid-cols-2">
        <TextField
          label="Title"
          required
          aria-invalid={invalid("title")}
          className="sm:col-span-2"
          {...form.register("title")}
        />
        <SelectField
          label="Property Type"
          required
          aria-invalid={invalid("type")}
          {...form.register("type")}
        >
          <option value="">Select property type</option>
          {propertyTypes.map((type) => (
            <option key={type} value={type}>
              {typeLabel(type)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Address"
          required
          aria-invalid={invalid("address")}
          className="sm:col-span-2"
          {...form.register("address")}
        />
        <TextField
          label="City"
          required
          aria-invalid={invalid("city")}
          {...form.register("city")}
        />
        <TextField
          label="State"
          required
          aria-invalid={invalid("state")}
          {...form.register("state")}
        />
        <TextField
          label="ZIP Code"
          required
          inputMode="numeric"
          aria-invalid={invalid("zipCode")}
          {...form.register("zipCode")}
        />
        <DescriptionFields
          english={{ "aria-invalid": invalid("description"), ...form.register("description") }}
          spanish={{ "aria-invalid": invalid("descriptionEs"), ...form.register("descriptionEs") }}
        />
        <TextField
          label="Year Built"
          type="number"
          inputMode="numeric"
          step={1}
          aria-invalid={invalid("yearBuilt")}
          {...form.register("yearBuilt")}
        />
        <TextField
          label="Total Units"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          aria-invalid={invalid("totalUnits")}
          {...form.register("totalUnits")}
        />
        <fieldset className="grid min-w-0 gap-1 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium">Amenities</legend>
          <div className="grid gap-x-4 sm:grid-cols-2">
            {amenities.map((amenity) => (
              <CheckboxField
                key={amenity}
                label={amenity}
                value={amenity}
                {...form.register("amenities")}
              />
            ))}
          </div>
        </fieldset>
        <CheckboxField label="Featured" {...form.register("featured")} />
        <CheckboxWithHint
          label="Active"
          hint="Shown on the public site."
          {...form.register("active")}
        />
        <CheckboxWithHint
          label="Has Vacancy"
          hint="Used only for a building with no units; otherwise the units' availability decides."
          className="sm:col-span-2"
          {...form.register("hasVacancy")}
        />
      </fieldset>
      {editing ? <CurrentImages state={current} busy={busy} /> : null}
      <ImagePicker uploads={uploads} busy={busy} />
      {editing ? <FairHousingRecord review={property.fairHousingReview} /> : null}
      <FairHousingPanel check={fairHousing} busy={busy} />
      <FormAlert lines={alert} />
      <DialogActions submitLabel={editing ? "Update Building" : "Add Building"} phase={phase} />
    </form>
  );
}
