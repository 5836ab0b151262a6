import { CalendarCheck, CalendarX, LinkIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { dateTimeFormat } from "#domain/i18n/intl-formats";
import type { ShowingView } from "#domain/showings";
import { StatePanel } from "#web/components/layout/state-panel";
import { Button, buttonVariants } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";

/** What the page shows: the showing (and whether it can be cancelled), cancelled now, or a bad link. */
export type ShowingPageView =
  | { state: "showing"; showing: ShowingView; cancellable: boolean }
  | { state: "cancelled" }
  | { state: "invalid" };

/**
 * The page a showing's e-mailed link opens: when and where, its status, and a button that
 * cancels it while it can be (opening the link changes nothing: mail scanners open links). The
 * answer takes the form's place, and the focus with it, so that it is read out.
 */
export function ShowingPage({ view, moved }: { view: ShowingPageView; moved: boolean }) {
  const { t, path, intl } = useI18n();
  const navigation = useNavigation();
  const working = navigation.state === "submitting";
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (moved) panel.current?.focus();
  }, [moved]);

  if (view.state !== "showing") {
    const cancelled = view.state === "cancelled";
    return (
      <div ref={panel} tabIndex={-1} className="mx-auto max-w-2xl px-4 py-12 outline-none sm:px-6">
        <StatePanel
          headingLevel={1}
          icon={cancelled ? CalendarX : LinkIcon}
          title={t(cancelled ? "showings.cancelled.heading" : "showings.invalid.heading")}
          message={t(cancelled ? "showings.cancelled.body" : "showings.invalid.body")}
        >
          <Link to={path("/properties")} className={buttonVariants()}>
            {t("showings.browse")}
          </Link>
        </StatePanel>
      </div>
    );
  }

  const { showing, cancellable } = view;
  const time = dateTimeFormat(intl, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: "America/New_York",
  }).format(new Date(showing.start));
  return (
    <div ref={panel} tabIndex={-1} className="mx-auto max-w-2xl px-4 py-12 outline-none sm:px-6">
      <section className="rounded-lg border border-border p-6 sm:p-8">
        <CalendarCheck aria-hidden="true" className="size-10 text-primary" />
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight">{t("showings.heading")}</h1>
        <p className="mt-4 text-lg font-semibold">{t("showings.when", { time })}</p>
        <p className="mt-1">
          {t("showings.where", { building: showing.unit.building, unit: showing.unit.number })}
        </p>
        <p className="text-muted-foreground">{showing.unit.address}</p>
        <p className="mt-4">
          <span className="rounded-full bg-muted px-3 py-1 text-sm font-semibold">
            {t(`showings.status.${showing.status}`)}
          </span>
        </p>
        <p className="mt-4 text-sm text-muted-foreground">
          {t("showings.for", { name: showing.name, email: showing.email })}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link
            to={path(`/properties/${showing.unit.id}`)}
            className={buttonVariants({ variant: "outline" })}
          >
            {t("showings.seeHome")}
          </Link>
        </div>
        {cancellable ? (
          <Form method="post" className="mt-6 grid gap-2 border-t border-border pt-6">
            <Button
              type="submit"
              variant="destructive"
              className="justify-self-start"
              disabled={working}
            >
              <CalendarX aria-hidden="true" />
              {t(working ? "showings.cancelling" : "showings.cancel")}
            </Button>
            <p className="text-sm text-muted-foreground">{t("showings.cancelHint")}</p>
          </Form>
        ) : null}
      </section>
    </div>
  );
}
