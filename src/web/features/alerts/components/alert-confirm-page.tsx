import { BellRing } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useRevalidator } from "react-router";
import type { AlertSubscription } from "#domain/alerts";
import { alertsApi } from "#domain/api/alerts";
import { criteriaText, frequencyText } from "#domain/i18n/alert-text";
import { Button, buttonVariants } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";
import { ApiError } from "#web/lib/api-client";
import { useContractMutation } from "#web/lib/query";
import { AlertLinkInvalid } from "./alert-link-invalid";

/** A confirmation link as the loader found it: waiting for its button, or used already. */
type Confirmation =
  | { used: false; subscription: AlertSubscription }
  | { used: true; subscription?: undefined };

/**
 * The confirmation page's body: what was asked for and the button that turns the alerts on, then
 * the ways onward; a link used before says so. `confirmation` is the loader's (null for a link
 * that does not work); `refused` is true when the form was sent without scripts and the link no
 * longer worked.
 */
export function AlertConfirmPage({
  token,
  confirmation,
  refused,
}: {
  token: string;
  confirmation: Confirmation | null;
  refused: boolean;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const heading = useRef<HTMLHeadingElement>(null);
  const revalidator = useRevalidator();
  const confirm = useContractMutation(
    alertsApi.confirm,
    (_: undefined) => ({ params: { token } }),
    {
      // The page's title follows (the loader now finds the alerts on).
      onSuccess: () => void revalidator.revalidate(),
    },
  );
  const confirmed = confirm.data;
  // Past its time meanwhile, or the address reached its most alerts: the link no longer works.
  const gone = confirm.error instanceof ApiError && confirm.error.status === 404;
  // Pressed in another tab meanwhile.
  const used = confirm.error instanceof ApiError && confirm.error.status === 409;

  // The heading changes when the alerts turn on: focus follows it, so it is read out.
  useEffect(() => {
    if (confirmed) heading.current?.focus();
  }, [confirmed]);

  // Once confirmed here, the page shows what the API answered, the only time it comes: the
  // loader now finds the link used (or gone, when the same alert was on already and this one
  // gave way to it).
  const shown = confirmed ?? confirmation?.subscription;
  if (!confirmed && (used || confirmation?.used)) return <AlertLinkInvalid used takeFocus={used} />;
  if (!shown || gone || refused) return <AlertLinkInvalid takeFocus={gone} />;
  const manageToken = confirmed?.manageToken;

  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <section className="rounded-lg border border-border p-6 sm:p-8">
        <BellRing aria-hidden="true" className="size-10 text-primary" />
        <h1
          ref={heading}
          tabIndex={-1}
          className="mt-4 text-3xl font-extrabold tracking-tight outline-none"
        >
          {t(
            !manageToken
              ? "alerts.confirm.pending.heading"
              : shown.status === "paused"
                ? "alerts.confirm.pausedHeading"
                : "alerts.confirm.heading",
          )}
        </h1>
        <p className="mt-4">
          {shown.status === "paused"
            ? t("alerts.manage.for", { email: shown.email })
            : t(manageToken ? "alerts.confirm.body" : "alerts.confirm.pending.body", {
                email: shown.email,
              })}
        </p>
        <p className="mt-2 text-lg font-semibold">{criteriaText(i18n, shown.criteria)}</p>
        <p className="mt-2 text-muted-foreground">{frequencyText(i18n, shown.frequency)}</p>
        {manageToken ? (
          <ConfirmedLinks manageToken={manageToken} />
        ) : (
          <>
            <p role="alert" className="mt-4 font-medium text-destructive empty:hidden">
              {confirm.isError ? t("alerts.confirm.pending.failed") : ""}
            </p>
            <form
              method="post"
              className="mt-6 grid gap-3"
              onSubmit={(event) => {
                event.preventDefault();
                confirm.mutate(undefined);
              }}
            >
              <Button
                type="submit"
                size="lg"
                className="justify-self-start"
                disabled={confirm.isPending}
              >
                <BellRing aria-hidden="true" />
                {t(
                  confirm.isPending
                    ? "alerts.confirm.pending.working"
                    : "alerts.confirm.pending.action",
                )}
              </Button>
              <p className="text-sm text-muted-foreground">{t("alerts.confirm.pending.ignore")}</p>
            </form>
          </>
        )}
      </section>
    </div>
  );
}

function ConfirmedLinks({ manageToken }: { manageToken: string }) {
  const { t, path } = useI18n();
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <Link to={path("/properties")} className={buttonVariants()}>
        {t("alerts.confirm.browse")}
      </Link>
      <Link
        to={path(`/alerts/manage/${manageToken}`)}
        className={buttonVariants({ variant: "outline" })}
      >
        {t("alerts.confirm.manage")}
      </Link>
    </div>
  );
}
