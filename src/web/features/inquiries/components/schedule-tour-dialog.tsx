import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarDays } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { composeTourMessage, type TourRequest, tourRequestSchema } from "#domain/inquiries";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "#web/components/ui/dialog";
import { TextAreaField } from "#web/components/ui/form-field";
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
  const [open, setOpen] = useState(initiallyOpen);
  const form = useForm<TourRequest>({
    resolver: zodResolver(tourRequestSchema),
    defaultValues: empty,
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ preferredTimes, ...visitor }) => {
    const sent = await sendInquiryWithToast({
      ...visitor,
      message: composeTourMessage(unit.title, preferredTimes),
      propertyId: unit.buildingId,
      unitId: unit.id,
    });
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
          Schedule Tour
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Schedule a Tour"
        description={`Tell us when you would like to see ${unit.title}. We will confirm by phone or e-mail.`}
      >
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Schedule a Tour">
          <VisitorFields form={form} />
          <TextAreaField
            label="Preferred days and times"
            hint="For example: weekday evenings after 5, or Saturday morning."
            className="[&_textarea]:min-h-24"
            error={errors.preferredTimes?.message}
            {...form.register("preferredTimes")}
          />
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? "Sending..." : "Request Tour"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
