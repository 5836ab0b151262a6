import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, ClipboardList, Plus } from "lucide-react";
import { useRef, useState } from "react";
import { maintenanceMessages } from "#domain/maintenance";
import { StatePanel } from "#web/components/layout/state-panel";
import { LoadFailed } from "#web/components/load-failed";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Skeleton } from "#web/components/ui/skeleton";
import { useI18n } from "#web/i18n/i18n-provider";
import { translateMessage } from "#web/i18n/translate-message";
import { requestsQuery } from "../portal-queries";
import { useFailureDetail } from "../use-failure-detail";
import { NewRequestForm } from "./new-request-form";
import { RequestCard } from "./request-card";

function RequestList() {
  const { t } = useI18n();
  const why = useFailureDetail();
  const list = useQuery(requestsQuery());
  if (list.isError && !list.data)
    return (
      <LoadFailed
        title={t("portal.maintenance.failed")}
        query={list}
        message={why(list.error)}
        retryLabel={t("portal.tryAgain")}
        headingLevel={4}
      />
    );
  if (!list.data)
    return (
      <div role="status" className="grid gap-4">
        <p className="text-muted-foreground">{t("portal.maintenance.loading")}</p>
        {[0, 1].map((key) => (
          <Card key={key} className="grid gap-3 p-5">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-12 w-full" />
          </Card>
        ))}
      </div>
    );
  if (list.data.requests.length === 0)
    return (
      <StatePanel
        icon={ClipboardList}
        headingLevel={4}
        title={t("portal.maintenance.none")}
        message={t("portal.maintenance.noneHint")}
      />
    );
  return (
    <ul aria-label={t("portal.maintenance.yours")} className="grid gap-4">
      {list.data.requests.map((request) => (
        <li key={request.id}>
          <RequestCard request={request} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The Maintenance section: a new request (behind a button, so the list comes first on a phone)
 * and the tenant's requests, newest first. Once a request is sent the form closes and the focus
 * goes to the message that says so, above the list that now shows it.
 */
export function MaintenanceSection({ hasUnit }: { hasUnit: boolean }) {
  const [formOpen, setFormOpen] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);
  const done = useRef<HTMLDivElement>(null);
  const { t } = useI18n();

  return (
    <section aria-labelledby="maintenance-heading" className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="maintenance-heading" className="text-xl font-bold">
          {t("portal.maintenance.heading")}
        </h2>
        {formOpen || !hasUnit ? null : (
          <Button
            ref={newButton}
            className="h-11"
            aria-expanded={false}
            onClick={() => {
              setSubmitted(false);
              setFormOpen(true);
            }}
          >
            <Plus aria-hidden="true" /> {t("portal.maintenance.new")}
          </Button>
        )}
      </div>
      {hasUnit ? null : (
        <p className="text-sm">{translateMessage(t, maintenanceMessages.noUnit)}</p>
      )}
      {formOpen ? (
        <Card className="p-4 sm:p-6">
          <NewRequestForm
            onCancel={() => {
              setFormOpen(false);
              requestAnimationFrame(() => newButton.current?.focus());
            }}
            onSubmitted={() => {
              setFormOpen(false);
              setSubmitted(true);
              requestAnimationFrame(() => done.current?.focus());
            }}
          />
        </Card>
      ) : null}
      <div ref={done} tabIndex={-1} role="status" className="outline-none empty:hidden">
        {submitted ? (
          <p className="flex items-start gap-2 rounded-md bg-secondary p-4 font-medium text-secondary-foreground">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {translateMessage(t, maintenanceMessages.submitted)}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4">
        <h3 className="text-lg font-bold">{t("portal.maintenance.yours")}</h3>
        <RequestList />
      </div>
    </section>
  );
}
