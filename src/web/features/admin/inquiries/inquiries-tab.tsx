import { Inbox } from "lucide-react";
import { useState } from "react";
import {
  type AdminInquiry,
  type InquiryStatus,
  inquiriesMessages,
  inquiryStatuses,
} from "#domain/admin-inquiries";
import { LoadingList } from "#web/components/layout/loading-list";
import { Pager } from "#web/components/layout/pager";
import { StatePanel } from "#web/components/layout/state-panel";
import { LoadFailed } from "#web/components/load-failed";
import { SearchBox, useSearchBox } from "#web/components/search-box";
import { useListAddress } from "#web/lib/list-address";
import { InquiryFilter } from "./inquiry-filter";
import { InquiryItem } from "./inquiry-item";
import { useInquiryList } from "./use-inquiry-list";
import { useMarkHandled } from "./use-mark-handled";

/** The server's order: newest first, the higher id first between equals. */
function newestFirst(a: AdminInquiry, b: AdminInquiry) {
  return b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
}

const statusOf = (value: string | undefined): InquiryStatus =>
  inquiryStatuses.find((status) => status === value) ?? "all";

/** The page on screen: its filter, its words and its cursor (what the marked ones are kept for). */
type Kept = { view: string; inquiries: ReadonlyMap<number, AdminInquiry> };

/**
 * The dashboard's Inquiries tab: the contact and tour messages, newest first, each marked
 * handled once answered, with the unhandled count (also the tab's badge).
 */
export function InquiriesTab() {
  // The filter, the words searched and the page live in the address (shareable, Back works).
  const address = useListAddress(["status", "q"]);
  const filter = statusOf(address.filters.status);
  const q = address.filters.q;
  const { setFilter } = address;
  const [search, setSearch] = useSearchBox(q, (value) => setFilter("q", value, { replace: true }));
  const list = useInquiryList({ status: filter, q, cursor: address.cursor });
  const view = JSON.stringify([filter, q ?? "", address.cursor ?? ""]);
  // An inquiry marked here stays where it is until the filter changes, even once the refetch
  // says it no longer matches the filter: the button just pressed (and its undo) stays under
  // the pointer and keeps the focus.
  const [kept, setKept] = useState<Kept>({ view, inquiries: new Map() });
  // Another filter, search or page forgets them (set while rendering: no frame shows them).
  if (kept.view !== view) setKept({ view, inquiries: new Map() });
  const choose = (next: InquiryStatus) => setFilter("status", next === "all" ? undefined : next);
  const { saving, mark } = useMarkHandled({
    onUpdate: (inquiry) =>
      setKept((k) => ({
        view,
        inquiries: new Map(k.view === view ? k.inquiries : []).set(inquiry.id, inquiry),
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
  const stayed = kept.view === view ? [...kept.inquiries.values()] : [];
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
        <div className="flex flex-wrap items-end gap-3">
          <SearchBox value={search} onChange={setSearch} label={inquiriesMessages.searchLabel} />
          <InquiryFilter value={filter} onChange={choose} />
        </div>
      </div>
      {list.isError && answer ? (
        // A refetch failed (after a mark, a Retry): the list shown stays, with what went wrong.
        <LoadFailed variant="banner" title={inquiriesMessages.loadFailed} query={list} />
      ) : null}
      {list.isError && !answer ? (
        <LoadFailed title={inquiriesMessages.loadFailed} query={list} />
      ) : loading ? (
        <LoadingList
          label={inquiriesMessages.loading}
          lines={["h-5 w-2/3", "h-4 w-1/3", "h-16 w-full"]}
        />
      ) : inquiries.length === 0 ? (
        <StatePanel
          icon={Inbox}
          title={filter === "all" && !q ? inquiriesMessages.empty : inquiriesMessages.emptyFiltered}
          message={
            filter === "all" && !q
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
      <Pager
        label="Inquiries pages"
        nextCursor={loading ? null : answer?.nextCursor}
        isFirstPage={!address.cursor}
        onNextPage={address.nextPage}
        onFirstPage={address.firstPage}
      />
    </div>
  );
}
