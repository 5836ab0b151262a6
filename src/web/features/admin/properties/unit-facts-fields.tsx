import type { UseFormRegister } from "react-hook-form";
import {
  accessibilityFeatures,
  factLabels,
  laundryKinds,
  leaseTermChoices,
  parkingKinds,
  petPolicies,
  smokingPolicies,
  utilities,
} from "#domain/unit-facts";
import { CheckboxField, SelectField, TextField } from "#web/components/ui/form-field";
import type { UnitFormValues } from "./unit-form";

type Register = UseFormRegister<UnitFormValues>;

/** A group of checkboxes sharing one field: its value is the list of the ticked ones. */
function ChoiceGroup<const T extends string>({
  legend,
  name,
  choices,
  labels,
  register,
}: {
  legend: string;
  name: "accessibilityFeatures" | "utilitiesIncluded" | "leaseTerms";
  choices: readonly T[];
  labels: Record<T, string>;
  register: Register;
}) {
  return (
    <fieldset className="grid min-w-0 gap-1 sm:col-span-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid gap-x-4 sm:grid-cols-3">
        {choices.map((choice) => (
          <CheckboxField key={choice} label={labels[choice]} value={choice} {...register(name)} />
        ))}
      </div>
    </fieldset>
  );
}

/** A policy picked from its list, or "Not stated" (the unit's pages then say nothing of it). */
function PolicySelect<const T extends string>({
  label,
  name,
  choices,
  labels,
  register,
}: {
  label: string;
  name: "pets" | "parking" | "laundry" | "smoking";
  choices: readonly T[];
  labels: Record<T, string>;
  register: Register;
}) {
  return (
    <SelectField label={label} {...register(name)}>
      <option value="">Not stated</option>
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {labels[choice]}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * The facts renters filter on and read on the unit's page: accessibility, utilities in the rent,
 * pets, parking, laundry, smoking, lease terms, and whether housing choice vouchers are welcome.
 */
export function UnitFactsFields({
  register,
  numberProps,
}: {
  register: Register;
  numberProps: (name: "petDeposit" | "parkingFee") => object;
}) {
  return (
    <fieldset className="grid min-w-0 gap-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="mb-1 text-base font-semibold">Unit facts</legend>
      <p className="text-sm text-muted-foreground sm:col-span-2">
        Renters filter on these and read them on the unit's page; leave what you do not know.
      </p>
      <ChoiceGroup
        legend="Accessibility"
        name="accessibilityFeatures"
        choices={accessibilityFeatures}
        labels={factLabels.accessibility}
        register={register}
      />
      <ChoiceGroup
        legend="Utilities included in the rent"
        name="utilitiesIncluded"
        choices={utilities}
        labels={factLabels.utilities}
        register={register}
      />
      <PolicySelect
        label="Pets"
        name="pets"
        choices={petPolicies}
        labels={factLabels.pets}
        register={register}
      />
      <TextField
        label="Pet Deposit"
        hint="Dollars; 0 for none."
        step={1}
        {...numberProps("petDeposit")}
      />
      <PolicySelect
        label="Parking"
        name="parking"
        choices={parkingKinds}
        labels={factLabels.parking}
        register={register}
      />
      <TextField
        label="Parking Fee"
        hint="Dollars per month; 0 when included."
        step={1}
        {...numberProps("parkingFee")}
      />
      <PolicySelect
        label="Laundry"
        name="laundry"
        choices={laundryKinds}
        labels={factLabels.laundry}
        register={register}
      />
      <PolicySelect
        label="Smoking"
        name="smoking"
        choices={smokingPolicies}
        labels={factLabels.smoking}
        register={register}
      />
      <ChoiceGroup
        legend="Lease terms offered"
        name="leaseTerms"
        choices={leaseTermChoices}
        labels={factLabels.leaseTerms}
        register={register}
      />
      <CheckboxField
        label={factLabels.vouchersWelcome}
        className="sm:col-span-2"
        {...register("vouchersWelcome")}
      />
    </fieldset>
  );
}
