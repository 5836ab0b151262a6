import type { Resolver, UseFormReturn } from "react-hook-form";
import { formatRent } from "#domain/i18n/intl-formats";
import { CheckboxField, SelectField } from "#web/components/ui/form-field";
import { useI18n } from "#web/i18n/i18n-provider";

/**
 * The alert forms' values: what the fields hold before they become criteria. The address is
 * typed in the subscribe dialog; the manage page keeps the subscription's.
 */
export type AlertFormValues = {
  email: string;
  bedroomsMin: string;
  rentMax: string;
  towns: string[];
  availableNow: boolean;
  frequency: "instant" | "daily";
};

/** The same steps as the /properties filters, so a filtered page carries over exactly. */
const bedroomOptions = [1, 2, 3, 4];
const rentOptions = [1200, 1500, 1800, 2100, 2500, 3000];

/** The criteria as the API takes them: an empty choice narrows nothing. */
export function criteriaOf(values: AlertFormValues) {
  return {
    ...(values.bedroomsMin ? { bedroomsMin: Number(values.bedroomsMin) } : {}),
    ...(values.rentMax ? { rentMax: Number(values.rentMax) } : {}),
    ...(values.towns.length > 0 ? { towns: values.towns } : {}),
    ...(values.availableNow ? { availableNow: true } : {}),
  };
}

/**
 * A form resolver from an API schema: the values become the request's body (`bodyOf`) and are
 * checked with the schema the server checks them with again; each refusal lands on the field
 * its path ends with ("criteria.rentMax" on rentMax).
 */
export function apiSchemaResolver(
  schema: { safeParse(body: unknown): { success: boolean; error?: { issues: Issue[] } } },
  bodyOf: (values: AlertFormValues) => unknown,
): Resolver<AlertFormValues> {
  return async (values) => {
    const parsed = schema.safeParse(bodyOf(values));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error?.issues ?? []) {
      errors[String(issue.path.at(-1))] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };
}
type Issue = { path: PropertyKey[]; code: string; message: string };

/**
 * Bedrooms, maximum rent, towns, available now and how often: the subscribe dialog's fields and
 * the manage page's. A rent not among the steps (from a link) is offered as it is.
 */
export function CriteriaFields({
  form,
  towns,
}: {
  form: UseFormReturn<AlertFormValues>;
  towns: string[];
}) {
  const { t, intl } = useI18n();
  const rent = form.watch("rentMax");
  const rents =
    rent && !rentOptions.includes(Number(rent)) ? [...rentOptions, Number(rent)] : rentOptions;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t("alerts.form.bedrooms")} {...form.register("bedroomsMin")}>
          <option value="">{t("alerts.form.any")}</option>
          {bedroomOptions.map((n) => (
            <option key={n} value={n}>
              {t("alerts.form.bedroomsAtLeast", { count: n })}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("alerts.form.rentMax")} {...form.register("rentMax")}>
          <option value="">{t("alerts.form.any")}</option>
          {rents.map((amount) => (
            <option key={amount} value={amount}>
              {t("alerts.form.rentOption", { rent: formatRent(amount, intl) })}
            </option>
          ))}
        </SelectField>
      </div>
      {towns.length > 0 ? (
        <fieldset className="grid gap-1">
          <legend className="mb-1 text-sm font-medium">{t("alerts.form.towns")}</legend>
          <p className="text-sm text-muted-foreground">{t("alerts.form.townsHint")}</p>
          <div className="grid grid-cols-1 sm:grid-cols-2">
            {towns.map((town) => (
              <CheckboxField key={town} label={town} value={town} {...form.register("towns")} />
            ))}
          </div>
        </fieldset>
      ) : null}
      <CheckboxField label={t("alerts.form.availableNow")} {...form.register("availableNow")} />
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-medium">{t("alerts.form.frequency")}</legend>
        {(["instant", "daily"] as const).map((frequency) => (
          <label key={frequency} className="flex min-h-11 items-center gap-3 text-sm font-medium">
            <input
              type="radio"
              value={frequency}
              className="size-5 accent-[var(--color-primary)]"
              {...form.register("frequency")}
            />
            {t(`alerts.form.${frequency}`)}
          </label>
        ))}
      </fieldset>
    </>
  );
}
