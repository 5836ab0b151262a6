import { MailCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "#web/components/ui/button";
import { TextField } from "#web/components/ui/form-field";
import { useI18n } from "#web/i18n/i18n-provider";
import { translateMessage } from "#web/i18n/translate-message";

/** What the privacy page's action answers: sent, or each field's refusal with what was typed. */
export type PrivacyRequestResult =
  | { sent: true; message: string }
  | {
      sent: false;
      errors: { email?: string; kind?: string; form?: string };
      values: { email: string; kind: string };
    };

const kinds = ["access", "deletion"] as const;

/**
 * "Ask for your data" on the privacy page: an address and what the renter wants (a copy, or a
 * deletion), then "check your e-mail". A plain form posted to the page itself, so it works
 * before the scripts have started and without them; with them, React Router sends it and the
 * answer replaces the form in place. The route checks it with the API's own schema, in the
 * browser first (clientAction) and on the server again (action).
 */
export function PrivacyRequestForm({ result }: { result: PrivacyRequestResult | undefined }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction?.includes("privacy");
  const status = useRef<HTMLDivElement>(null);
  const errors = result && !result.sent ? result.errors : {};
  const values = result && !result.sent ? result.values : { email: "", kind: "" };
  const sent = result?.sent ? result.message : null;

  // The form gives way to its answer: focus follows, so that it is read out.
  useEffect(() => {
    if (sent) status.current?.focus();
  }, [sent]);

  if (sent) {
    return (
      <div
        ref={status}
        tabIndex={-1}
        role="status"
        className="mt-4 flex items-start gap-3 rounded-lg border border-border p-4 outline-none"
      >
        <MailCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
        <div>
          <p className="font-semibold">{t("privacy.ask.sentTitle")}</p>
          <p className="mt-1 text-sm text-muted-foreground">{translateMessage(t, sent)}</p>
        </div>
      </div>
    );
  }

  return (
    <Form
      method="post"
      noValidate
      aria-labelledby="privacy-ask-title"
      className="mt-4 grid max-w-xl gap-4 rounded-lg border border-border p-4 sm:p-6"
    >
      <h3 id="privacy-ask-title" className="mt-0! text-lg font-semibold">
        {t("privacy.ask.title")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("privacy.ask.intro")}</p>
      <TextField
        label={t("privacy.ask.email")}
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={values.email}
        error={errors.email}
      />
      <fieldset
        className="grid gap-1"
        aria-invalid={errors.kind ? true : undefined}
        aria-describedby={errors.kind ? "privacy-ask-kind-error" : undefined}
      >
        <legend className="mb-1 text-sm font-medium">{t("privacy.ask.kind")}</legend>
        {kinds.map((kind) => (
          <label key={kind} className="flex min-h-11 items-center gap-3 text-sm font-medium">
            <input
              type="radio"
              name="kind"
              value={kind}
              defaultChecked={values.kind === kind}
              className="size-5 shrink-0 accent-[var(--color-primary)]"
            />
            {t(`privacy.ask.kind.${kind}`)}
          </label>
        ))}
        {errors.kind ? (
          <p
            id="privacy-ask-kind-error"
            role="alert"
            className="text-sm font-medium text-destructive"
          >
            {translateMessage(t, errors.kind)}
          </p>
        ) : null}
      </fieldset>
      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {translateMessage(t, errors.form)}
        </p>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={sending}>
        {t(sending ? "privacy.ask.sending" : "privacy.ask.submit")}
      </Button>
    </Form>
  );
}
