import { LinkIcon, ShieldCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { dateTimeFormat } from "#domain/i18n/intl-formats";
import type { PrivacyRequestKind } from "#domain/privacy";
import { StatePanel } from "#web/components/layout/state-panel";
import { Button, buttonVariants } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";

type Request = { email: string; kind: PrivacyRequestKind };

/** What the page shows: the request waiting for its button, confirmed now, used, or a bad link. */
export type PrivacyRequestView =
  | { state: "pending"; request: Request }
  | { state: "confirmed"; request: Request; dueAt: string }
  | { state: "used" }
  | { state: "invalid" };

/**
 * The page a privacy request's e-mailed link opens: what was asked and the button that confirms
 * it, once. The answer (or a link used before, or one that no longer works) takes the form's
 * place, and the focus with it, so that it is read out.
 */
export function PrivacyRequestPage({ view, moved }: { view: PrivacyRequestView; moved: boolean }) {
  const { t, path, intl } = useI18n();
  const navigation = useNavigation();
  const working = navigation.state === "submitting";
  const focused = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (moved) focused.current?.focus();
  }, [moved]);

  if (view.state === "used" || view.state === "invalid") {
    const used = view.state === "used";
    return (
      <div
        ref={focused}
        tabIndex={-1}
        className="mx-auto max-w-2xl px-4 py-12 outline-none sm:px-6"
      >
        <StatePanel
          headingLevel={1}
          icon={used ? ShieldCheck : LinkIcon}
          title={t(used ? "privacy.request.usedHeading" : "privacy.request.invalidHeading")}
          message={t(used ? "form.privacy.linkUsed" : "form.privacy.linkInvalid")}
        >
          <Link to={path("/privacy")} className={buttonVariants()}>
            {t("privacy.request.back")}
          </Link>
        </StatePanel>
      </div>
    );
  }

  const { request } = view;
  return (
    <div ref={focused} tabIndex={-1} className="mx-auto max-w-2xl px-4 py-12 outline-none sm:px-6">
      <section className="rounded-lg border border-border p-6 sm:p-8">
        <ShieldCheck aria-hidden="true" className="size-10 text-primary" />
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight">
          {t(
            view.state === "confirmed"
              ? "privacy.request.confirmedHeading"
              : "privacy.request.heading",
          )}
        </h1>
        <p className="mt-4">
          {t(`privacy.request.body.${request.kind}`, { email: request.email })}
        </p>
        {view.state === "confirmed" ? (
          <>
            <p className="mt-2 text-lg font-semibold">
              {t("privacy.request.due", {
                date: dateTimeFormat(intl, {
                  dateStyle: "long",
                  timeZone: "America/New_York",
                }).format(new Date(view.dueAt)),
              })}
            </p>
            <div className="mt-6">
              <Link to={path("/privacy")} className={buttonVariants({ variant: "outline" })}>
                {t("privacy.request.back")}
              </Link>
            </div>
          </>
        ) : (
          <Form method="post" className="mt-6 grid gap-3">
            <Button type="submit" size="lg" className="justify-self-start" disabled={working}>
              <ShieldCheck aria-hidden="true" />
              {t(working ? "privacy.request.working" : "privacy.request.action")}
            </Button>
            <p className="text-sm text-muted-foreground">{t("privacy.request.ignore")}</p>
          </Form>
        )}
      </section>
    </div>
  );
}
