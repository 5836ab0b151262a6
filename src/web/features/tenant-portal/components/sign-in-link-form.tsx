import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { tenantPortalApi } from "#domain/api/tenant-portal";
import {
  type TenantSignInLinkInput,
  tenantMessages,
  tenantSignInLinkSchema,
} from "#domain/maintenance";
import { Button } from "#web/components/ui/button";
import { TextField } from "#web/components/ui/form-field";
import { useI18n } from "#web/i18n/i18n-provider";
import { translateMessage } from "#web/i18n/translate-message";
import { failureDetail } from "#web/lib/api-client";
import { useContractMutation } from "#web/lib/query";

/**
 * "Email me a sign-in link": the server answers the same whatever the address, and so does this
 * form, which then offers to send another. A refusal (too many requests, the network) is said on
 * the field.
 */
export function SignInLinkForm() {
  const { t, locale } = useI18n();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const answer = useRef<HTMLParagraphElement>(null);
  const form = useForm<TenantSignInLinkInput>({
    resolver: zodResolver(tenantSignInLinkSchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const send = useContractMutation(tenantPortalApi.signInLink, (body: TenantSignInLinkInput) => ({
    body,
  }));

  useEffect(() => {
    if (sentTo) answer.current?.focus();
  }, [sentTo]);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      // The link opens the portal in this page's language, and the e-mail is written in it.
      await send.mutateAsync({ email, lang: locale });
      setSentTo(email);
    } catch (error) {
      form.setError("email", { message: failureDetail(error) }, { shouldFocus: true });
    }
  });

  if (sentTo)
    return (
      <div className="grid gap-4">
        {/* The answer alone is announced, not the button after it. */}
        <p
          ref={answer}
          tabIndex={-1}
          role="status"
          className="flex items-start gap-2 rounded-md bg-secondary p-4 font-medium text-secondary-foreground outline-none"
        >
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {translateMessage(t, tenantMessages.linkSent)}
        </p>
        <Button
          variant="outline"
          size="lg"
          onClick={() => {
            setSentTo(null);
            requestAnimationFrame(() => form.setFocus("email"));
          }}
        >
          {t("portal.signIn.sendAnother")}
        </Button>
      </div>
    );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-label={t("portal.signIn.form")}
    >
      <TextField
        label={t("portal.signIn.email")}
        type="email"
        autoComplete="email"
        hint={t("portal.signIn.emailHint")}
        error={errors.email?.message}
        {...form.register("email")}
      />
      {/* Its words may take two lines on a phone (they are longer in Spanish). */}
      <Button
        type="submit"
        size="lg"
        className="h-auto min-h-12 whitespace-normal py-2 text-center"
        disabled={isSubmitting}
      >
        <Send aria-hidden="true" />
        {isSubmitting ? t("portal.sending") : t("portal.signIn.form")}
      </Button>
    </form>
  );
}
