import { CheckCircle2, Link2Off } from "lucide-react";
import { Form, useNavigation } from "react-router";
import type { WaitlistView } from "#domain/waitlists";
import { PlainFormPage } from "#web/components/layout/plain-form-page";
import { StatePanel } from "#web/components/layout/state-panel";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { SelectField, TextField } from "#web/components/ui/form-field";
import { useI18n } from "#web/i18n/i18n-provider";
import { translateMessage } from "#web/i18n/translate-message";
import type { FieldErrors } from "#web/lib/plain-form";

/** The words of the waiting list's refusals: the page's own catalogue holds their Spanish. */
const errorKeys: Record<string, string> = {
  "Enter a name of 2 to 100 characters.": "waitlist.error.name",
  "Please enter a valid email address.": "waitlist.error.email",
  "Choose how many bedrooms, 0 (a studio) to 6.": "waitlist.error.bedrooms",
};

export type WaitlistJoinResult =
  | { sent: true }
  | { errors: FieldErrors<"name" | "email" | "bedrooms" | "form">; values: Record<string, string> };

function useBedroomsLabel() {
  const { t } = useI18n();
  return (count: number) =>
    count === 0 ? t("waitlist.join.studio") : t("waitlist.join.bedroomsCount", { count });
}

/**
 * /buildings/:id/waitlist: a building's waiting list joined with a plain form (it works without
 * scripts): name, address and bedrooms; checked with the API's own schema, then the e-mailed link
 * confirms the place.
 */
export function WaitlistJoinPage({
  building,
  result,
}: {
  building: { id: number; name: string };
  result: WaitlistJoinResult | undefined;
}) {
  const { t, path } = useI18n();
  const bedroomsLabel = useBedroomsLabel();
  const errors = result && "errors" in result ? result.errors : {};
  const values = result && "values" in result ? result.values : {};
  const errorText = (text: string | undefined) => {
    if (!text) return undefined;
    const key = errorKeys[text];
    return key ? t(key) : translateMessage(t, text);
  };
  return (
    <PlainFormPage
      back={{ to: path(`/buildings/${building.id}`), label: t("waitlist.back") }}
      title={t("waitlist.join.title")}
      lead={
        <>
          <p className="text-lg">{building.name}</p>
          <p>{t("waitlist.join.intro", { building: building.name })}</p>
        </>
      }
      sent={
        result && "sent" in result
          ? { title: t("waitlist.join.sentTitle"), message: t("waitlist.error.checkEmail") }
          : null
      }
      send={t("waitlist.join.send")}
      formError={errorText(errors.form)}
    >
      <TextField
        label={t("waitlist.join.name")}
        name="name"
        autoComplete="name"
        defaultValue={values.name}
        maxLength={100}
        error={errorText(errors.name)}
      />
      <TextField
        label={t("waitlist.join.email")}
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={values.email}
        maxLength={254}
        error={errorText(errors.email)}
      />
      <SelectField
        label={t("waitlist.join.bedrooms")}
        name="bedrooms"
        defaultValue={values.bedrooms ?? "1"}
        error={errorText(errors.bedrooms)}
      >
        {[0, 1, 2, 3, 4, 5, 6].map((count) => (
          <option key={count} value={count}>
            {bedroomsLabel(count)}
          </option>
        ))}
      </SelectField>
      <p className="text-sm text-muted-foreground">{t("waitlist.join.howLong")}</p>
    </PlainFormPage>
  );
}

export type WaitlistLinkView =
  | { state: "entry"; entry: WaitlistView; notice: "confirmed" | "kept" | null }
  | { state: "left" }
  | { state: "invalid" };

/**
 * /waitlist/:token: the e-mailed link's page. Opening it changes nothing (mail scanners open
 * links): the person's place, and buttons posted to the page itself, with or without scripts:
 * confirm a join, answer the six-month question, leave the list.
 */
export function WaitlistLinkPage({ view }: { view: WaitlistLinkView }) {
  const { t } = useI18n();
  const bedroomsLabel = useBedroomsLabel();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  if (view.state === "invalid") {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
        <StatePanel
          headingLevel={1}
          icon={Link2Off}
          tone="error"
          title={t("waitlist.invalid.title")}
          message={t("waitlist.error.linkInvalid")}
        />
      </div>
    );
  }
  if (view.state === "left") {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
        <StatePanel
          headingLevel={1}
          icon={CheckCircle2}
          title={t("waitlist.link.title")}
          message={t("waitlist.link.left")}
        />
      </div>
    );
  }
  const { entry, notice } = view;
  return (
    <div className="mx-auto grid max-w-2xl gap-4 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">{t("waitlist.link.title")}</h1>
      <p className="text-lg">
        {entry.building}, {bedroomsLabel(entry.bedrooms)}
      </p>
      {notice ? (
        <p role="status" className="flex items-start gap-2 rounded-md bg-secondary p-4 font-medium">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {t(notice === "kept" ? "waitlist.link.kept" : "waitlist.link.confirmed")}
        </p>
      ) : null}
      <Card className="grid gap-4 p-4 sm:p-6">
        {entry.status === "pending" ? (
          <p>{t("waitlist.link.pending")}</p>
        ) : entry.status === "invited" ? (
          <p>{t("waitlist.link.invited")}</p>
        ) : (
          <p className="text-lg font-semibold">
            {t("waitlist.link.position", { position: entry.position ?? 1 })}
          </p>
        )}
        {entry.checkPending ? <p>{t("waitlist.link.check")}</p> : null}
        <div className="flex flex-wrap gap-3">
          {entry.status === "pending" || entry.checkPending ? (
            <Form method="post">
              <input type="hidden" name="intent" value="confirm" />
              <Button type="submit" disabled={busy}>
                {entry.status === "pending" ? t("waitlist.link.confirm") : t("waitlist.link.keep")}
              </Button>
            </Form>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="leave" />
            <Button type="submit" variant="outline" disabled={busy}>
              {t("waitlist.link.leave")}
            </Button>
          </Form>
        </div>
      </Card>
    </div>
  );
}
