import { useMutation } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { useId, useState } from "react";
import { applicationsApi } from "#domain/api/applications";
import type { ApplicantView } from "#domain/applications";
import { formatRent } from "#domain/i18n/intl-formats";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { CheckboxField } from "#web/components/ui/form-field";
import { useI18n } from "#web/i18n/i18n-provider";
import { request } from "#web/lib/api-client";
import { applicationErrorText } from "../application-api";

type Offer = NonNullable<ApplicantView["offer"]>;

/**
 * The office's offer of the home: the rent, the deposit and any key deposit; for a building
 * built before 1978 the lead-paint disclosure with the EPA's pamphlet, which the first applicant
 * acknowledges when they accept (the other adults see the offer).
 */
export function OfferCard({
  token,
  view,
  offer,
  onView,
}: {
  token: string;
  view: ApplicantView;
  offer: Offer;
  onView: (view: ApplicantView) => void;
}) {
  const { t, intl } = useI18n();
  const headingId = useId();
  const [acknowledged, setAcknowledged] = useState(false);
  const accept = useMutation({
    mutationFn: () =>
      request(applicationsApi.accept, {
        params: { token },
        body: { leadPaintAcknowledged: acknowledged },
      }),
    onSuccess: onView,
  });
  const lead = offer.leadPaint;
  return (
    <Card role="group" aria-labelledby={headingId} className="grid gap-4 p-4 sm:p-6">
      <h2 id={headingId} className="text-xl font-semibold">
        {t("apply.offer.heading")}
      </h2>
      <dl className="grid gap-2 sm:grid-cols-3">
        <div>
          <dt className="text-sm font-medium">{t("apply.offer.rent")}</dt>
          <dd className="text-lg font-semibold">{formatRent(offer.rent, intl)}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium">{t("apply.offer.deposit")}</dt>
          <dd className="text-lg font-semibold">{formatRent(offer.deposit, intl)}</dd>
        </div>
        {offer.charges.map((charge) => (
          <div key={charge.kind}>
            <dt className="text-sm font-medium">{t("apply.offer.charge")}</dt>
            <dd className="text-lg font-semibold">{formatRent(charge.amount, intl)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">{t("apply.offer.nothingElse")}</p>
      {lead ? (
        <div className="grid gap-2 rounded-md border border-border p-4 text-sm leading-relaxed">
          <h3 className="font-semibold">{t("apply.offer.leadHeading")}</h3>
          <p>{t("apply.offer.leadWarning")}</p>
          <p>
            {lead.hazardsKnown
              ? t("apply.offer.hazards", { text: lead.hazards || "-" })
              : t("apply.offer.noHazards")}
          </p>
          <p>
            {lead.reportsAvailable
              ? t("apply.offer.reports", { text: lead.reports || "-" })
              : t("apply.offer.noReports")}
          </p>
          {view.pamphletUrl ? (
            <p>
              <a
                href={view.pamphletUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4"
              >
                {t("apply.offer.pamphlet")}
                <ExternalLink aria-hidden="true" className="size-4" />
              </a>
            </p>
          ) : null}
        </div>
      ) : null}
      {offer.acceptedAt ? (
        <p role="status" className="rounded-md bg-secondary p-4 font-medium">
          {t("apply.offer.accepted")}
        </p>
      ) : view.applicant.primary ? (
        <div className="grid gap-3">
          {lead ? (
            <CheckboxField
              label={t("apply.offer.acknowledge")}
              checked={acknowledged}
              onChange={(e) => setAcknowledged(e.target.checked)}
            />
          ) : null}
          <div>
            <Button
              type="button"
              disabled={accept.isPending || (lead !== null && !acknowledged)}
              onClick={() => accept.mutate()}
            >
              {t("apply.offer.accept")}
            </Button>
          </div>
          {accept.error ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {applicationErrorText(t, accept.error.message)}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="text-sm">{t("apply.offer.onlyFirst")}</p>
      )}
    </Card>
  );
}
