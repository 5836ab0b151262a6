import { useMutation } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { useId, useState } from "react";
import { applicationsApi } from "#domain/api/applications";
import { type ApplicantView, coApplicantSchema } from "#domain/applications";
import { Button } from "#web/components/ui/button";
import { TextField } from "#web/components/ui/form-field";
import { useI18n } from "#web/i18n/i18n-provider";
import { ApiError, request } from "#web/lib/api-client";
import { applicationErrorText } from "../application-api";

/**
 * The other adults of the household, from the first applicant's link: each listed with whether
 * they have submitted their part, and a small form that e-mails another one a link of their own.
 */
export function OtherAdults({
  token,
  view,
  onView,
}: {
  token: string;
  view: ApplicantView;
  onView: (view: ApplicantView) => void;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<{ name?: string; email?: string; form?: string }>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: (adult: { name: string; email: string }) =>
      request(applicationsApi.inviteAdult, { params: { token }, body: adult }),
    onSuccess: (next, adult) => {
      onView(next);
      setSentTo(adult.email);
      setName("");
      setEmail("");
    },
    onError: (error) => {
      const field = error instanceof ApiError ? error.details[0]?.path : undefined;
      setErrors(
        field === "name" || field === "email"
          ? { [field]: error.message }
          : { form: error.message },
      );
    },
  });
  const send = () => {
    setSentTo(null);
    const checked = coApplicantSchema.safeParse({ name, email });
    if (!checked.success) {
      const found: typeof errors = {};
      for (const issue of checked.error.issues) {
        const key = issue.path[0] === "name" ? "name" : "email";
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    invite.mutate(checked.data);
  };

  // Enter in these fields sends this adult's link, never the whole application.
  const enterSends = (event: React.KeyboardEvent) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    send();
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="grid gap-1">
        <h3 id={headingId} className="font-semibold">
          {t("apply.adults.heading")}
        </h3>
        <p className="text-sm text-muted-foreground">{t("apply.adults.hint")}</p>
      </div>
      {view.adults.length === 0 ? (
        <p className="text-sm">{t("apply.adults.none")}</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {view.adults.map((adult) => (
            <li
              key={adult.email}
              className="flex flex-wrap justify-between gap-2 rounded-md bg-muted px-3 py-2"
            >
              <span>
                {adult.name} <span className="break-all text-muted-foreground">{adult.email}</span>
              </span>
              <span className="font-medium">
                {adult.submitted ? t("apply.adults.submitted") : t("apply.adults.waiting")}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("apply.adults.name")}
          value={name}
          maxLength={100}
          error={errors.name && applicationErrorText(t, errors.name)}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={enterSends}
        />
        <TextField
          label={t("apply.adults.email")}
          type="email"
          value={email}
          maxLength={254}
          error={errors.email && applicationErrorText(t, errors.email)}
          onChange={(e) => setEmail(e.target.value)}
          onKeyDown={enterSends}
        />
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="button" variant="outline" disabled={invite.isPending} onClick={send}>
          <Send aria-hidden="true" className="size-4" />
          {t("apply.adults.send")}
        </Button>
        <p role="status" className="text-sm">
          {sentTo ? t("apply.adults.sent", { email: sentTo }) : ""}
        </p>
      </div>
      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {applicationErrorText(t, errors.form)}
        </p>
      ) : null}
    </section>
  );
}
