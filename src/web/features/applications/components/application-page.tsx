import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Link2Off, Loader2 } from "lucide-react";
import { type ReactNode, useCallback, useMemo } from "react";
import type { ApplicantView } from "#domain/applications";
import { formatCalendarDay, formatRent } from "#domain/i18n/intl-formats";
import { messages } from "#domain/messages";
import { StatePanel } from "#web/components/layout/state-panel";
import { LoadFailed } from "#web/components/load-failed";
import { Card } from "#web/components/ui/card";
import { useI18n } from "#web/i18n/i18n-provider";
import { ApiError } from "#web/lib/api-client";
import { applicationErrorText, applicationQuery } from "../application-api";
import { ApplicationForm } from "./application-form";
import { OfferCard } from "./offer-card";

/**
 * /apply/{token}: a renter the office invited, who has no account, applies for a unit. The
 * application is read in the browser (server rendering shows the loading state); the first
 * applicant's link gives the household and invites the other adults, each adult's link their
 * own part. Once submitted the page shows where the application stands, and the office's offer
 * when there is one.
 */
export function ApplicationPage({ token }: { token: string }) {
  const { t, intl } = useI18n();
  const client = useQueryClient();
  const query = useMemo(() => applicationQuery(token), [token]);
  const { data: view, error, isFetching, refetch } = useQuery(query);
  const onView = useCallback(
    (next: ApplicantView) => client.setQueryData(query.queryKey, next),
    [client, query],
  );

  let body: ReactNode;
  if (view) {
    body = <Opened token={token} view={view} onView={onView} />;
  } else if (error && !isFetching && error instanceof ApiError && error.status === 404) {
    body = (
      <StatePanel
        icon={Link2Off}
        tone="error"
        headingLevel={2}
        title={t("apply.invalid.title")}
        message={applicationErrorText(
          t,
          error.fromServer ? error.message : messages.server.notFound,
        )}
      />
    );
  } else if (error && !isFetching) {
    body = (
      <LoadFailed
        icon={Link2Off}
        title={t("apply.failed.title")}
        message={applicationErrorText(
          t,
          error instanceof ApiError && error.fromServer && error.status < 500
            ? error.message
            : messages.server.internal,
        )}
        query={{ isFetching, refetch }}
        retryLabel={t("apply.tryAgain")}
      />
    );
  } else {
    body = (
      <p
        role="status"
        className="flex items-center justify-center gap-2 py-12 text-muted-foreground"
      >
        <Loader2 aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
        {t("apply.loading")}
      </p>
    );
  }

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold">{t("apply.title")}</h1>
        {view ? (
          <p className="text-lg">
            {t("apply.for", { place: view.place })}
            {view.unit ? (
              <span className="block text-base text-muted-foreground">
                {view.unit.address} · {t("apply.rent", { rent: formatRent(view.unit.rent, intl) })}
              </span>
            ) : null}
          </p>
        ) : null}
      </div>
      {body}
    </div>
  );
}

function Opened({
  token,
  view,
  onView,
}: {
  token: string;
  view: ApplicantView;
  onView: (view: ApplicantView) => void;
}) {
  const { t, intl } = useI18n();
  const submitted = view.applicant.submittedAt !== null;
  return (
    <>
      {view.offer ? (
        <OfferCard token={token} view={view} offer={view.offer} onView={onView} />
      ) : null}
      {submitted ? (
        <Card className="grid gap-3 p-4 sm:p-6">
          <p role="status" className="flex items-start gap-2 text-lg font-semibold">
            <CheckCircle2 aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
            {view.applicant.primary ? t("apply.submitted.title") : t("apply.submitted.partTitle")}
          </p>
          <p>{t("apply.submitted.text")}</p>
          <p>
            <span className="font-medium">{t("apply.status.label")}:</span>{" "}
            {t(`apply.status.${view.status}`)}
          </p>
        </Card>
      ) : (
        <>
          <div className="grid gap-2 text-sm leading-relaxed">
            <p>
              {t("apply.intro", {
                date: formatCalendarDay(view.expiresAt.slice(0, 10), intl, true),
              })}
            </p>
            <p>{t("apply.noFee")}</p>
            {view.applicant.primary ? null : <p>{t("apply.coApplicant")}</p>}
          </div>
          <ApplicationForm token={token} view={view} onView={onView} />
        </>
      )}
    </>
  );
}
