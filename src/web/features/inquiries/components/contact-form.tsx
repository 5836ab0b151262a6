import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  composeInquiryMessage,
  contactFormSchema,
  contactMessages,
  type ContactForm as Values,
} from "../../../../domain/inquiries";
import { Button } from "../../../components/ui/button";
import { TextAreaField, TextField } from "../../../components/ui/form-field";
import { sendInquiry } from "../api/send-inquiry";

const empty: Values = { name: "", email: "", phone: "", subject: "", message: "" };

/** 'Send Us a Message': validated by the same schema the server uses, then a toast either way. */
export function ContactForm() {
  const form = useForm<Values>({
    resolver: zodResolver(contactFormSchema),
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
        message: composeInquiryMessage(values.subject, values.message),
        propertyId: null,
      });
      toast.success(contactMessages.sentTitle, {
        description: sent.message || contactMessages.sentDefault,
      });
      form.reset(empty);
    } catch {
      toast.error(contactMessages.failedTitle, { description: contactMessages.failedText });
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      aria-label="Send Us a Message"
    >
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
      <TextField label="Subject" error={errors.subject?.message} {...form.register("subject")} />
      <TextAreaField
        label="Message"
        className="sm:col-span-2"
        error={errors.message?.message}
        {...form.register("message")}
      />
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" disabled={isSubmitting}>
          <Send aria-hidden="true" />
          {isSubmitting ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </form>
  );
}
