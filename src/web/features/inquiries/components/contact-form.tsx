import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { useForm } from "react-hook-form";
import {
  composeInquiryMessage,
  contactFormSchema,
  type ContactForm as Values,
} from "#domain/inquiries";
import { Button } from "#web/components/ui/button";
import { TextAreaField, TextField } from "#web/components/ui/form-field";
import { useI18n } from "#web/i18n/i18n-provider";
import { sendInquiryWithToast } from "../api/send-inquiry";
import { VisitorFields } from "./visitor-fields";

const empty: Values = { name: "", email: "", phone: "", subject: "", message: "" };

/** 'Send Us a Message': validated by the same schema the server uses, then a toast either way. */
export function ContactForm() {
  const { t } = useI18n();
  const form = useForm<Values>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: empty,
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ subject, message, ...visitor }) => {
    const sent = await sendInquiryWithToast(
      {
        ...visitor,
        message: composeInquiryMessage(subject, message),
        propertyId: null,
      },
      t,
    );
    if (sent) form.reset(empty);
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      aria-label={t("contact.form.title")}
    >
      <VisitorFields form={form} />
      <TextField
        label={t("contact.field.subject")}
        error={errors.subject?.message}
        {...form.register("subject")}
      />
      <TextAreaField
        label={t("contact.field.message")}
        className="sm:col-span-2"
        error={errors.message?.message}
        {...form.register("message")}
      />
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" disabled={isSubmitting}>
          <Send aria-hidden="true" />
          {isSubmitting ? t("contact.form.sending") : t("contact.form.send")}
        </Button>
      </div>
    </form>
  );
}
