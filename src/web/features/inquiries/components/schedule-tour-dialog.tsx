import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarDays } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { composeTourMessage, type TourRequest, tourRequestSchema } from "#domain/inquiries";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "#web/components/ui/dialog";
import { TextAreaField } from "#web/components/ui/form-field";
import { useI18n } from "#web/i18n/i18n-provider";
import { sendInquiryWithToast } from "../api/send-inquiry";
import { VisitorFields } from "./visitor-fields";

const empty: TourRequest = { name: "", email: "", phone: "", preferredTimes: "" };

/**
 * Schedule Tour (the product gives it no action of its own): a short form sent as an inquiry
 * about the unit, with the contact form's validation and toasts.
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
        description={t("contact.tour.description", { unit: unit.title })}
      >
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
      </DialogContent>
    </Dialog>
  );
}
