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
import { ApiError, failureDetail, request } from "#web/lib/api-client";

/**
 * "Email me a sign-in link": the server answers the same whatever the address, and so does this
 * form, which then offers to send another. A refusal (too many requests, the network) is said on
 * the field.
 */
export function SignInLinkForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const answer = useRef<HTMLParagraphElement>(null);
  const form = useForm<TenantSignInLinkInput>({
    resolver: zodResolver(tenantSignInLinkSchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (sentTo) answer.current?.focus();
  }, [sentTo]);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await request(tenantPortalApi.signInLink, { body: { email } });
      setSentTo(email);
    } catch (error) {
      const message =
        error instanceof ApiError && error.fromServer ? error.message : failureDetail(error);
      form.setError("email", { message }, { shouldFocus: true });
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
          {tenantMessages.linkSent}
        </p>
        <Button
          variant="outline"
          size="lg"
          onClick={() => {
            setSentTo(null);
            requestAnimationFrame(() => form.setFocus("email"));
          }}
        >
          Send another link
        </Button>
      </div>
    );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-label="Email me a sign-in link"
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        hint="The address the office invited you with."
        error={errors.email?.message}
        {...form.register("email")}
      />
      <Button type="submit" size="lg" disabled={isSubmitting}>
        <Send aria-hidden="true" />
        {isSubmitting ? "Sending..." : "Email me a sign-in link"}
      </Button>
    </form>
  );
}
