import { BellRing } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Link, redirect, useRevalidator } from "react-router";
import type { AlertSubscription } from "#domain/alerts";
import { localeFromPath, localizedPath } from "#domain/locale";
import { ApiError, request } from "#web/lib/api-client";
import { Button, buttonVariants } from "../components/ui/button";
import { criteriaText, frequencyText } from "../features/alerts/alert-text";
import { AlertLinkInvalid } from "../features/alerts/components/alert-link-invalid";
import { pageMessages } from "../i18n/catalogue.server";
import { useI18n } from "../i18n/i18n-provider";
import { metaI18n } from "../i18n/meta";
import { privatePageMeta } from "../lib/meta";
import type { Route } from "./+types/alert-confirm";

/**
 * The confirmation link of listing alerts. Opening it changes nothing: mail scanners open the
 * links of the messages they check, and such a visit must not turn alerts on for an address
 * whose owner never asked. The page shows what was asked for and a button that confirms; a
 * second visit after that shows the alerts on. A link unknown or past its 7 days is a 404 page
 * that offers to ask again. Alerts paused since (on their manage page) are said to be paused.
 *
 * The button is a form that posts to the page itself: with the app running, it calls the API
 * instead and the page changes in place; before the scripts have started, or without them,
 * the browser sends the form, `action` confirms, and the page is asked for again (a reload
 * then does not send the form twice).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const words = pageMessages(request, ["alerts"]);
  const subscription = await context.services.alerts.confirmation(params.token);
  return data({ ...words, subscription }, { status: subscription ? 200 : 404 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { alerts } = context.services;
  const confirmed = await alerts.confirm(params.token);
  // Spent meanwhile, or the address reached its most alerts: the link no longer works.
  if (!confirmed) return data({ gone: true }, { status: 404 });
  const { pathname } = new URL(request.url);
  // The same alert was on already (asked for twice): this link gave way to it, and its manage
  // page shows it.
  const kept = await alerts.confirmation(params.token);
  return redirect(
    kept
      ? pathname
      : localizedPath(`/alerts/manage/${confirmed.manageToken}`, localeFromPath(pathname)),
    303,
  );
}

// A personal link: never in search results.
export const meta: Route.MetaFunction = (args) =>
  privatePageMeta(
    metaI18n(args).t(
      args.loaderData?.subscription?.manageToken
        ? "alerts.confirm.meta.title"
        : "alerts.confirm.pending.meta.title",
    ),
  );

type Confirmed = AlertSubscription & { manageToken: string };

export default function AlertConfirm({ loaderData, actionData, params }: Route.ComponentProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const { subscription } = loaderData;
  const [confirmed, setConfirmed] = useState<Confirmed | null>(null);
  const [state, setState] = useState<"idle" | "working" | "failed" | "gone">("idle");
  const heading = useRef<HTMLHeadingElement>(null);
  const revalidator = useRevalidator();

  // The heading changes when the alerts turn on: focus follows it, so it is read out.
  useEffect(() => {
    if (confirmed) heading.current?.focus();
  }, [confirmed]);

  // Once confirmed here, the page shows what the API answered: the link itself may be gone then
  // (the same alert was on already, and this one gave way to it).
  if (!(confirmed ?? subscription) || state === "gone" || actionData?.gone) {
    return <AlertLinkInvalid takeFocus={state === "gone"} />;
  }
  const shown = (confirmed ?? subscription)!;
  const manageToken = confirmed?.manageToken ?? subscription?.manageToken;

  async function turnOn() {
    setState("working");
    try {
      const { alertsApi } = await import("#domain/api/alerts");
      setConfirmed(await request(alertsApi.confirm, { params: { token: params.token } }));
      setState("idle");
      // The page's title follows (the loader now finds the alerts on).
      void revalidator.revalidate();
    } catch (error) {
      // Spent meanwhile, or the address reached its most alerts: the link no longer works.
      setState(error instanceof ApiError && error.status === 404 ? "gone" : "failed");
    }
  }

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
              {state === "failed" ? t("alerts.confirm.pending.failed") : ""}
            </p>
            <form
              method="post"
              className="mt-6 grid gap-3"
              onSubmit={(event) => {
                event.preventDefault();
                void turnOn();
              }}
            >
              <Button
                type="submit"
                size="lg"
                className="justify-self-start"
                disabled={state === "working"}
              >
                <BellRing aria-hidden="true" />
                {t(
                  state === "working"
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
