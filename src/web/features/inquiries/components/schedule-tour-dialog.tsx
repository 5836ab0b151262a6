import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarDays } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { showingsApi } from "#domain/api/showings";
import { composeTourMessage, type TourRequest, tourRequestSchema } from "#domain/inquiries";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "#web/components/ui/dialog";
import { TextAreaField } from "#web/components/ui/form-field";
import { useI18n } from "#web/i18n/i18n-provider";
import { request } from "#web/lib/api-client";
import { sendInquiryWithToast } from "../api/send-inquiry";
import { BookShowingForm, type Slot } from "./book-showing-form";
import { VisitorFields } from "./visitor-fields";

const empty: TourRequest = { name: "", email: "", phone: "", preferredTimes: "" };

/**
 * Schedule Tour. When the unit's building has showing hours and open times, the renter books one
 * (book-showing-form.tsx); otherwise, or while the times cannot be had, a short form sent as an
 * inquiry about the unit, with the contact form's validation and toasts, as before.
 */
export function ScheduleTourDialog({
  unit,
  initiallyOpen = false,
}: {
  unit: { id: number; title: string; buildingId: number };
  /** Opened at once: mounted by the stand-in button's press (schedule-tour.tsx). */
  initiallyOpen?: boolean;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(initiallyOpen);
  const form = useForm<TourRequest>({
    resolver: zodResolver(tourRequestSchema),
    defaultValues: empty,
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  // The unit's open times, asked for when the dialog first mounts (the first press): null while
  // asked, [] when there are none (or they could not be had): the inquiry form then.
  const [slots, setSlots] = useState<Slot[] | null>(null);
  useEffect(() => {
    let current = true;
    request(showingsApi.slots, { params: { id: String(unit.id) } })
      .then((answer) => current && setSlots(answer.slots))
      .catch(() => current && setSlots([]));
    return () => {
      current = false;
    };
  }, [unit.id]);

  const onSubmit = form.handleSubmit(async ({ preferredTimes, ...visitor }) => {
    const sent = await sendInquiryWithToast(
      {
        ...visitor,
        // The office reads it: in English whatever the visitor's language.
        message: composeTourMessage(unit.title, preferredTimes),
        propertyId: unit.buildingId,
        unitId: unit.id,
      },
      t,
    );
    if (sent) {
      form.reset(empty);
      setOpen(false);
    }
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="lg" variant="secondary" className="w-full">
          <CalendarDays aria-hidden="true" />
          {t("contact.tour.button")}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t("contact.tour.title")}
        description={t(
          slots?.length ? "contact.tour.bookDescription" : "contact.tour.description",
          { unit: unit.title },
        )}
      >
        {slots === null ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t("contact.tour.loading")}
          </p>
        ) : slots.length > 0 ? (
          <BookShowingForm unitId={unit.id} slots={slots} />
        ) : (
          <form
            onSubmit={onSubmit}
            noValidate
            className="grid gap-4"
            aria-label={t("contact.tour.title")}
          >
            <VisitorFields form={form} />
            <TextAreaField
              label={t("contact.tour.preferredTimes")}
              hint={t("contact.tour.preferredTimesHint")}
              className="[&_textarea]:min-h-24"
              error={errors.preferredTimes?.message}
              {...form.register("preferredTimes")}
            />
            <Button type="submit" size="lg" disabled={isSubmitting}>
              {isSubmitting ? t("contact.form.sending") : t("contact.tour.submit")}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
