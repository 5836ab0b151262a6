import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { showingsApi } from "#domain/api/showings";
import { dateTimeFormat } from "#domain/i18n/intl-formats";
import {
  type ShowingBookingInput,
  type ShowingView,
  showingBookingSchema,
  showingMessages,
} from "#domain/showings";
import { Button } from "#web/components/ui/button";
import { DialogClose } from "#web/components/ui/dialog";
import { SelectField, TextAreaField } from "#web/components/ui/form-field";
import { useI18n } from "#web/i18n/i18n-provider";
import { translateMessage } from "#web/i18n/translate-message";
import { ApiError, request } from "#web/lib/api-client";
import { VisitorFields } from "./visitor-fields";

export type Slot = { start: string; end: string };

const ZONE = "America/New_York";

/**
 * The Schedule Tour dialog's booking, when the unit's building has showing hours: a day, one of
 * its open times (Connecticut time), who is coming and an optional note, then the answer: booked,
 * or requested for the office to confirm. A time taken meanwhile says so, and the times are
 * asked for again.
 */
export function BookShowingForm({
  unitId,
  slots: initialSlots,
}: {
  unitId: number;
  slots: Slot[];
}) {
  const { t, intl, locale } = useI18n();
  const [slots, setSlots] = useState(initialSlots);
  const [booked, setBooked] = useState<ShowingView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const status = useRef<HTMLDivElement>(null);
  const dayOf = (iso: string) =>
    dateTimeFormat(intl, { dateStyle: "full", timeZone: ZONE }).format(new Date(iso));
  const timeOf = (iso: string) =>
    dateTimeFormat(intl, { timeStyle: "short", timeZone: ZONE }).format(new Date(iso));
  const days = [...new Set(slots.map((slot) => dayOf(slot.start)))];
  const [day, setDay] = useState(days[0] ?? "");
  const form = useForm<ShowingBookingInput>({
    resolver: zodResolver(showingBookingSchema),
    defaultValues: { start: "", name: "", email: "", phone: "", note: "", lang: locale },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (booked) status.current?.focus();
  }, [booked]);

  const onSubmit = form.handleSubmit(async (input) => {
    setProblem(null);
    try {
      setBooked(await request(showingsApi.book, { params: { id: String(unitId) }, body: input }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setProblem(showingMessages.slotTaken);
        form.setValue("start", "");
        const fresh = await request(showingsApi.slots, { params: { id: String(unitId) } }).catch(
          () => null,
        );
        if (fresh) setSlots(fresh.slots);
      } else {
        setProblem(
          error instanceof ApiError && error.fromServer ? error.message : t("contact.tour.failed"),
        );
      }
    }
  });

  if (booked) {
    const when = `${dayOf(booked.start)}, ${timeOf(booked.start)}`;
    return (
      <div ref={status} tabIndex={-1} role="status" className="grid gap-4 outline-none">
        <div className="flex items-start gap-3">
          <CalendarCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
          <div>
            <p className="font-semibold">
              {t(booked.status === "booked" ? "contact.tour.booked" : "contact.tour.requested")}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              {t(
                booked.status === "booked"
                  ? "contact.tour.bookedBody"
                  : "contact.tour.requestedBody",
                { time: when },
              )}
            </p>
          </div>
        </div>
        <DialogClose asChild>
          <Button>{t("contact.tour.done")}</Button>
        </DialogClose>
      </div>
    );
  }

  const times = slots.filter((slot) => dayOf(slot.start) === day);
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-label={t("contact.tour.title")}
    >
      <SelectField
        label={t("contact.tour.day")}
        value={day}
        onChange={(event) => {
          setDay(event.target.value);
          form.setValue("start", "");
        }}
      >
        {days.map((d) => (
          <option key={d} value={d}>
            {d}
          </option>
        ))}
      </SelectField>
      <fieldset
        className="grid gap-2"
        aria-invalid={errors.start ? true : undefined}
        aria-describedby={errors.start ? "tour-time-error" : undefined}
      >
        <legend className="mb-1 text-sm font-medium">{t("contact.tour.time")}</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {times.map((slot) => (
            <label
              key={slot.start}
              className="flex min-h-11 cursor-pointer items-center justify-center rounded-md border border-border px-2 text-sm font-medium has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                value={slot.start}
                className="sr-only"
                {...form.register("start")}
              />
              {timeOf(slot.start)}
            </label>
          ))}
        </div>
        {errors.start ? (
          <p id="tour-time-error" role="alert" className="text-sm font-medium text-destructive">
            {translateMessage(t, errors.start.message ?? "")}
          </p>
        ) : null}
      </fieldset>
      <VisitorFields form={form} />
      <TextAreaField
        label={t("contact.tour.note")}
        className="[&_textarea]:min-h-20"
        error={errors.note?.message}
        {...form.register("note")}
      />
      {problem ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {translateMessage(t, problem)}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t("contact.tour.booking") : t("contact.tour.book")}
      </Button>
    </form>
  );
}
