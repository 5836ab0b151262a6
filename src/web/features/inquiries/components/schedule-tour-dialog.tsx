import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarDays } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  composeTourMessage,
  contactMessages,
  type TourRequest,
  tourRequestSchema,
} from "../../../../domain/inquiries";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "../../../components/ui/dialog";
import { TextAreaField, TextField } from "../../../components/ui/form-field";
import { sendInquiry } from "../api/send-inquiry";

const empty: TourRequest = { name: "", email: "", phone: "", preferredTimes: "" };

/**
 * Schedule Tour (the spec leaves its action open): a short form sent as an inquiry about the
 * unit, with the contact form's validation and toasts.
 */
export function ScheduleTourDialog({
  unit,
}: {
  unit: { id: number; title: string; buildingId: number };
}) {
  const [open, setOpen] = useState(false);
  const form = useForm<TourRequest>({
    resolver: zodResolver(tourRequestSchema),
    defaultValues: empty,
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const sent = await sendInquiry({
        name: values.name,
        email: values.email,
        phone: values.phone,
        message: composeTourMessage(unit.title, values.preferredTimes),
        propertyId: unit.buildingId,
        unitId: unit.id,
      });
      toast.success(contactMessages.sentTitle, {
        description: sent.message || contactMessages.sentDefault,
      });
      form.reset(empty);
      setOpen(false);
    } catch {
      toast.error(contactMessages.failedTitle, { description: contactMessages.failedText });
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
          <TextField
            label="Name"
            autoComplete="name"
            error={errors.name?.message}
            {...form.register("name")}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register("email")}
          />
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...form.register("phone")}
          />
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
