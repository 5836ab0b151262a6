import { ArrowLeft, MailCheck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { applicationInviteSchema } from "#domain/applications";
import { StatePanel } from "#web/components/layout/state-panel";
import { Button, buttonVariants } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { TextField } from "#web/components/ui/form-field";
import { useI18n } from "#web/i18n/i18n-provider";
import { type FieldErrors, fieldErrors, useFormCheck } from "#web/lib/plain-form";
import { cn } from "#web/lib/utils";
import { applicationErrorText } from "../application-api";

export const applyStartFields = ["name", "email"] as const;
type Field = (typeof applyStartFields)[number];

export type ApplyStartResult =
  | { sent: true }
  | { errors: FieldErrors<Field>; values: Record<string, string> };

/** The form's answers checked with the API's own schema: each field's first refusal. */
export function applyStartErrors(values: Record<Field, string>): FieldErrors<Field> {
  const parsed = applicationInviteSchema.safeParse(values);
  return parsed.success ? {} : fieldErrors(parsed.error.issues, applyStartFields);
}

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
  const navigation = useNavigation();
  // With scripts the answers are checked before they are sent (without, the server's answer
  // marks them the same way).
  const { checked, onSubmit } = useFormCheck(applyStartFields, applyStartErrors);
  const back = (
    <Link
      to={path(`/properties/${unit.id}`)}
      className={cn(buttonVariants({ variant: "ghost" }), "-ml-3 w-fit")}
    >
      <ArrowLeft aria-hidden="true" /> {t("apply.start.back")}
    </Link>
  );
  if (result && "sent" in result) {
    return (
      <div className="mx-auto grid max-w-2xl gap-4 px-4 py-10 sm:px-6">
        {back}
        <StatePanel
          headingLevel={1}
          icon={MailCheck}
          title={t("apply.start.sentTitle")}
          message={t("apply.start.sent")}
        />
      </div>
    );
  }
  const errors = (navigation.state === "idle" && result?.errors) || checked || {};
  const values = result?.values ?? {};
  const errorText = (text: string | undefined) =>
    text ? applicationErrorText(t, text) : undefined;
  return (
    <div className="mx-auto grid max-w-2xl gap-4 px-4 py-10 sm:px-6">
      {back}
      <h1 className="text-3xl font-bold">{t("apply.start.title")}</h1>
      <p className="text-lg">
        {t("apply.start.for", {
          unit: unit.number,
          building: unit.building,
          address: unit.address,
        })}
      </p>
      <p>{t("apply.start.intro")}</p>
      <Card className="p-4 sm:p-6">
        <Form method="post" noValidate className="grid gap-4" onSubmit={onSubmit}>
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
          <div>
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {t("apply.start.send")}
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
