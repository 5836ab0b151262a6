import { CalendarDays, CalendarX } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { dateTimeFormat } from "#domain/i18n/intl-formats";
import { StatePanel } from "#web/components/layout/state-panel";
import { Button, buttonVariants } from "#web/components/ui/button";
import { SelectField, TextAreaField, TextField } from "#web/components/ui/form-field";
import { useI18n } from "#web/i18n/i18n-provider";
import { translateMessage } from "#web/i18n/translate-message";

export type BookingFields = "start" | "name" | "email" | "phone" | "note";

/** The form sent back: each field's refusal (the schema's words), and what was typed. */
export type BookingFormResult = {
  errors: Partial<Record<BookingFields | "form", string>>;
  values: Partial<Record<BookingFields, string>>;
};

export type BookingPageView = {
  unit: { id: number; number: string; building: string; address: string };
  slots: { start: string; end: string }[];
};

const ZONE = "America/New_York";

/**
 * A unit's showing booked with a plain form: what the Schedule Tour dialog does, for a browser
 * without scripts (the dialog's button is this page's link until its code runs). The open times
 * grouped by day, who is coming and a note; sent to the page itself, checked by the API's own
 * schema; a booked showing goes to its own page, the e-mailed link's.
 */
export function BookingPage({
  view,
  result,
}: {
  view: BookingPageView;
  result: BookingFormResult | undefined;
}) {
  const { t, path, intl } = useI18n();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const { unit, slots } = view;
  const title = t("showings.where", { building: unit.building, unit: unit.number });
  const errors = result?.errors ?? {};
  const values = result?.values ?? {};
  const dayOf = (iso: string) =>
    dateTimeFormat(intl, { dateStyle: "full", timeZone: ZONE }).format(new Date(iso));
  const timeOf = (iso: string) =>
    dateTimeFormat(intl, { timeStyle: "short", timeZone: ZONE }).format(new Date(iso));
  const days = new Map<string, { start: string; end: string }[]>();
  for (const slot of slots)
    days.set(dayOf(slot.start), [...(days.get(dayOf(slot.start)) ?? []), slot]);

  if (slots.length === 0) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
        <StatePanel
          headingLevel={1}
          icon={CalendarX}
          title={t("showings.book.noneHeading")}
          message={t("showings.book.none")}
        >
          <Link to={path(`/properties/${unit.id}`)} className={buttonVariants()}>
            {t("showings.seeHome")}
          </Link>
        </StatePanel>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <section className="rounded-lg border border-border p-6 sm:p-8">
        <CalendarDays aria-hidden="true" className="size-10 text-primary" />
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight">{t("contact.tour.title")}</h1>
        <p className="mt-2 font-semibold">{title}</p>
        <p className="text-muted-foreground">{unit.address}</p>
        <p className="mt-2 text-sm text-muted-foreground">
          {t("contact.tour.bookDescription", { unit: title })}
        </p>
        {errors.form ? (
          <p
            role="alert"
            className="mt-4 rounded-md border border-destructive p-3 text-sm font-semibold text-destructive"
          >
            {translateMessage(t, errors.form)}
          </p>
        ) : null}
        <Form method="post" noValidate className="mt-6 grid gap-4">
          <SelectField
            label={t("contact.tour.time")}
            name="start"
            defaultValue={values.start ?? ""}
            error={errors.start}
            required
          >
            <option value="" disabled>
              {t("showings.move.choose")}
            </option>
            {[...days].map(([day, times]) => (
              <optgroup key={day} label={day}>
                {times.map((slot) => (
                  <option key={slot.start} value={slot.start}>
                    {`${day}, ${timeOf(slot.start)}`}
                  </option>
                ))}
              </optgroup>
            ))}
          </SelectField>
          <TextField
            label={t("contact.field.name")}
            name="name"
            autoComplete="name"
            defaultValue={values.name ?? ""}
            error={errors.name}
          />
          <TextField
            label={t("contact.field.email")}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={values.email ?? ""}
            error={errors.email}
          />
          <TextField
            label={t("contact.field.phone")}
            name="phone"
            type="tel"
            autoComplete="tel"
            defaultValue={values.phone ?? ""}
            error={errors.phone}
          />
          <TextAreaField
            label={t("contact.tour.note")}
            name="note"
            rows={3}
            defaultValue={values.note ?? ""}
            error={errors.note}
          />
          <Button type="submit" size="lg" className="justify-self-start" disabled={sending}>
            {sending ? t("contact.tour.booking") : t("contact.tour.book")}
          </Button>
        </Form>
      </section>
    </div>
  );
}
