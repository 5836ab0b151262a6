import { Inbox, RefreshCw, TriangleAlert } from "lucide-react";
import { useEffect, useEffectEvent, useState } from "react";
import { type InquiryStatus, inquiriesMessages } from "#domain/admin-inquiries";
import { StatePanel } from "#web/components/layout/state-panel";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Skeleton } from "#web/components/ui/skeleton";
import { InquiryFilter } from "./inquiry-filter";
import { InquiryItem } from "./inquiry-item";
import { useInquiries } from "./use-inquiries";

function LoadingInquiries() {
  return (
    <div role="status" className="grid gap-4">
      <p className="text-muted-foreground">{inquiriesMessages.loading}</p>
      {[0, 1, 2].map((key) => (
        <Card key={key} className="grid gap-3 p-5">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-16 w-full" />
        </Card>
      ))}
    </div>
  );
}

/**
 * The dashboard's Inquiries tab (beyond the spec): the contact and tour messages, newest first,
 * each marked handled once answered. The unhandled count goes up for the tab's badge.
 */
export function InquiriesTab({
  onUnhandledCountChange,
}: {
  onUnhandledCountChange?: (count: number) => void;
}) {
  const [filter, setFilter] = useState<InquiryStatus>("all");
  const { status, inquiries, unhandled, detail, saving, reload, setHandled } = useInquiries(filter);

  // An effect event: a parent passing a new function each render does not cause a re-report.
  const report = useEffectEvent((count: number) => onUnhandledCountChange?.(count));
  useEffect(() => {
    if (unhandled !== null) report(unhandled);
  }, [unhandled]);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-xl font-bold">Inquiries</h2>
          <p className="text-sm text-muted-foreground">
            {unhandled === null
              ? "Messages from the contact and tour forms"
              : `${unhandled} unhandled`}
          </p>
        </div>
        <InquiryFilter value={filter} onChange={setFilter} />
      </div>
      {status === "loading" ? (
        <LoadingInquiries />
      ) : status === "error" ? (
        <StatePanel
          icon={TriangleAlert}
          tone="error"
          title={inquiriesMessages.loadFailed}
          message={detail ?? ""}
        >
          <Button onClick={() => void reload()}>
            <RefreshCw aria-hidden="true" />
            Try Again
          </Button>
        </StatePanel>
      ) : inquiries.length === 0 ? (
        <StatePanel
          icon={Inbox}
          title={filter === "all" ? inquiriesMessages.empty : inquiriesMessages.emptyFiltered}
          message={
            filter === "all"
              ? "Messages sent from the contact page and the property pages appear here."
              : "Choose another filter above to see the others."
          }
        />
      ) : (
        <ul aria-label="Inquiries" className="grid gap-4">
          {inquiries.map((inquiry) => (
            <li key={inquiry.id}>
              <InquiryItem
                inquiry={inquiry}
                saving={saving.has(inquiry.id)}
                onSetHandled={setHandled}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
