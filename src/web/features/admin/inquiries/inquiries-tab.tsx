import { Inbox, RefreshCw, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { type AdminInquiry, type InquiryStatus, inquiriesMessages } from "#domain/admin-inquiries";
import { LoadingList } from "#web/components/layout/loading-list";
import { StatePanel } from "#web/components/layout/state-panel";
import { Button } from "#web/components/ui/button";
import { failureDetail } from "#web/lib/api-client";
import { InquiryFilter } from "./inquiry-filter";
import { InquiryItem } from "./inquiry-item";
import { useInquiryList } from "./use-inquiry-list";
import { useMarkHandled } from "./use-mark-handled";

/** The server's order: newest first, the higher id first between equals. */
function newestFirst(a: AdminInquiry, b: AdminInquiry) {
  return b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
}

type Kept = { filter: InquiryStatus; inquiries: ReadonlyMap<number, AdminInquiry> };

/**
 * The dashboard's Inquiries tab: the contact and tour messages, newest first, each marked
 * handled once answered, with the unhandled count (also the tab's badge).
 */
export function InquiriesTab() {
  const [filter, setFilter] = useState<InquiryStatus>("all");
  const list = useInquiryList(filter);
  // An inquiry marked here stays where it is until the filter changes, even once the refetch
  // says it no longer matches the filter: the button just pressed (and its undo) stays under
  // the pointer and keeps the focus.
  const [kept, setKept] = useState<Kept>({ filter, inquiries: new Map() });
  const choose = (next: InquiryStatus) => {
    setFilter(next);
    setKept({ filter: next, inquiries: new Map() });
  };
  const { saving, mark } = useMarkHandled({
    onUpdate: (inquiry) =>
      setKept((k) => ({
        filter,
        inquiries: new Map(k.filter === filter ? k.inquiries : []).set(inquiry.id, inquiry),
      })),
    onGone: (id) =>
      setKept((k) => {
        const inquiries = new Map(k.inquiries);
        inquiries.delete(id);
        return { ...k, inquiries };
      }),
  });

  const answer = list.data;
  const unhandled = answer?.unhandled ?? null;
  const fromServer = answer?.inquiries ?? [];
  const stayed = kept.filter === filter ? [...kept.inquiries.values()] : [];
  const missing = stayed.filter((k) => !fromServer.some((inquiry) => inquiry.id === k.id));
  const inquiries = missing.length > 0 ? [...fromServer, ...missing].sort(newestFirst) : fromServer;
  // The last filter's answer, kept for its count while this one loads, is not this list.
  const loading = list.isPending || list.isPlaceholderData;

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
        <InquiryFilter value={filter} onChange={choose} />
      </div>
      {list.isError && answer ? (
        // A refetch failed (after a mark, a Retry): the list shown stays, with what went wrong.
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
        >
          <span>
            {inquiriesMessages.loadFailed} {failureDetail(list.error)}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={list.isFetching}
            onClick={() => void list.refetch()}
          >
            <RefreshCw aria-hidden="true" />
            Try Again
          </Button>
        </div>
      ) : null}
      {list.isError && !answer ? (
        <StatePanel
          icon={TriangleAlert}
          tone="error"
          title={inquiriesMessages.loadFailed}
          message={failureDetail(list.error)}
        >
          <Button disabled={list.isFetching} onClick={() => void list.refetch()}>
            <RefreshCw aria-hidden="true" />
            Try Again
          </Button>
        </StatePanel>
      ) : loading ? (
        <LoadingList
          label={inquiriesMessages.loading}
          lines={["h-5 w-2/3", "h-4 w-1/3", "h-16 w-full"]}
        />
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
              <InquiryItem inquiry={inquiry} saving={saving.has(inquiry.id)} onSetHandled={mark} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
