import { PlainFormPage } from "#web/components/layout/plain-form-page";
import { TextField } from "#web/components/ui/form-field";
import { useI18n } from "#web/i18n/i18n-provider";
import type { FieldErrors } from "#web/lib/plain-form";
import { applicationErrorText } from "../application-api";

export type ApplyStartResult =
  | { sent: true }
  | { errors: FieldErrors<"name" | "email" | "form">; values: Record<string, string> };

/**
 * /properties/:id/apply (APPLY_NOW=online): a unit's Apply Now, a plain form that works without
 * scripts. The renter gives a name and an address; the link to the application goes to that
 * address, so only its owner opens it, and the answer is the same whatever the address.
 */
export function ApplyStartPage({
  unit,
  result,
}: {
  unit: { id: number; number: string; building: string; address: string };
  result: ApplyStartResult | undefined;
}) {
  const { t, path } = useI18n();
  const errors = result && "errors" in result ? result.errors : {};
  const values = result && "values" in result ? result.values : {};
  const errorText = (text: string | undefined) =>
    text ? applicationErrorText(t, text) : undefined;
  return (
    <PlainFormPage
      back={{ to: path(`/properties/${unit.id}`), label: t("apply.start.back") }}
      title={t("apply.start.title")}
      lead={
        <>
          <p className="text-lg">
            {t("apply.start.for", {
              unit: unit.number,
              building: unit.building,
              address: unit.address,
            })}
          </p>
          <p>{t("apply.start.intro")}</p>
        </>
      }
      sent={
        result && "sent" in result
          ? { title: t("apply.start.sentTitle"), message: t("apply.start.sent") }
          : null
      }
      send={t("apply.start.send")}
      formError={errorText(errors.form)}
    >
      <TextField
        label={t("apply.start.name")}
        name="name"
        autoComplete="name"
        defaultValue={values.name}
        maxLength={100}
        error={errorText(errors.name)}
      />
      <TextField
        label={t("apply.start.email")}
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={values.email}
        maxLength={254}
        error={errorText(errors.email)}
      />
      <p className="text-sm text-muted-foreground">
        {t("apply.noFee")} {t("apply.start.adults")}
      </p>
    </PlainFormPage>
  );
}
