import { CalendarCheck, CalendarClock, CalendarX, LinkIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { dateTimeFormat } from "#domain/i18n/intl-formats";
import type { ShowingView } from "#domain/showings";
import { StatePanel } from "#web/components/layout/state-panel";
import { Button, buttonVariants } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";

/** What the page shows: the showing (and whether it can be cancelled), cancelled now, or a bad link. */
export type ShowingPageView =
  | {
      state: "showing";
      showing: ShowingView;
      cancellable: boolean;
      /** The open times it can move to (Connecticut time, ISO with offsets). */
      moveTo: { start: string; end: string }[];
      /** Just booked or moved here, or the time asked for was taken meanwhile. */
      notice?: "booked" | "moved" | "taken" | null;
    }
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

  const { showing, cancellable, moveTo, notice } = view;
  const full = dateTimeFormat(intl, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: "America/New_York",
  });
  const time = full.format(new Date(showing.start));
  return (
    <div ref={panel} tabIndex={-1} className="mx-auto max-w-2xl px-4 py-12 outline-none sm:px-6">
      <section className="rounded-lg border border-border p-6 sm:p-8">
        {notice ? (
          <p
            role="status"
            className={`mb-4 rounded-md border p-3 text-sm font-semibold ${notice === "taken" ? "border-destructive text-destructive" : "border-primary text-primary"}`}
          >
            {t(
              notice === "taken"
                ? "showings.move.taken"
                : notice === "moved"
                  ? "showings.move.done"
                  : showing.status === "requested"
                    ? "showings.book.requested"
                    : "showings.book.booked",
            )}
          </p>
        ) : null}
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
        {cancellable && moveTo.length ? (
          <Form method="post" className="mt-6 grid gap-2 border-t border-border pt-6">
            <input type="hidden" name="intent" value="move" />
            <label htmlFor="showing-move-to" className="font-semibold">
              {t("showings.move.label")}
            </label>
            <select
              id="showing-move-to"
              name="start"
              required
              className="h-11 w-full min-w-0 rounded-md border border-input bg-background px-3"
              defaultValue=""
            >
              <option value="" disabled>
                {t("showings.move.choose")}
              </option>
              {moveTo.map((slot) => (
                <option key={slot.start} value={slot.start}>
                  {full.format(new Date(slot.start))}
                </option>
              ))}
            </select>
            <Button
              type="submit"
              variant="outline"
              className="justify-self-start"
              disabled={working}
            >
              <CalendarClock aria-hidden="true" />
              {t(working ? "showings.move.moving" : "showings.move.submit")}
            </Button>
            <p className="text-sm text-muted-foreground">{t("showings.move.hint")}</p>
          </Form>
        ) : null}
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
