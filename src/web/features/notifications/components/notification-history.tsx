import { Download, RefreshCw, Settings } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import {
  defaultFilters,
  exportFileName,
  exportJson,
  filterNotifications,
  hasActiveFilters,
  type Notification,
  summarize,
} from "#domain/notifications";
import { Button, buttonVariants } from "#web/components/ui/button";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { Skeleton } from "#web/components/ui/skeleton";
import { useI18n } from "#web/i18n/i18n-provider";
import { downloadFile } from "#web/lib/download-file";
import { cn } from "#web/lib/utils";
import { groupByOfficeDay } from "../notification-dates";
import { type NotificationStore, notificationStore, useNotifications } from "../notification-store";
import { HistoryFilters } from "./history-filters";
import { NotificationList } from "./notification-list";
import { PageHeading } from "./standalone-page";
import { SummaryCards } from "./summary-cards";

/** /notifications, 'Notification History': summary cards, search, filters and day groups. */
export function NotificationHistory({ store = notificationStore }: { store?: NotificationStore }) {
  const words = useI18n();
  const { t, path } = words;
  const items = useNotifications(store);
  const [filters, setFilters] = useState(defaultFilters);
  const [panelOpen, setPanelOpen] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const results = useRef<HTMLDivElement>(null);
  const now = new Date();
  const filtered = items ? filterNotifications(items, filters, now) : [];
  const summary = summarize(items ?? [], now);

  // A link item then follows its link by itself.
  const open = (n: Notification) => store.markRead(n.id);
  const remove = (n: Notification) => {
    store.remove(n.id);
    // The button just pressed is gone: keep the keyboard user in the list, not at the page top.
    results.current?.focus();
  };

  return (
    <>
      <PageHeading
        title={t("notifications.history.title")}
        subtitle={t("notifications.history.subtitle")}
        actions={
          <>
            <Button
              variant="outline"
              className="h-11"
              disabled={!items}
              onClick={() => downloadFile(exportFileName(new Date()), exportJson(filtered))}
            >
              <Download aria-hidden="true" /> {t("notifications.history.export")}
            </Button>
            <Button variant="outline" className="h-11" onClick={() => window.location.reload()}>
              <RefreshCw aria-hidden="true" /> {t("notifications.history.refresh")}
            </Button>
            <Link
              to={path("/settings/notifications")}
              className={cn(buttonVariants({ variant: "ghost" }), "h-11")}
            >
              <Settings aria-hidden="true" /> {t("notifications.history.settings")}
            </Link>
          </>
        }
      />
      {items ? (
        <>
          <SummaryCards summary={summary} />
          <HistoryFilters
            filters={filters}
            onFiltersChange={setFilters}
            panelOpen={panelOpen}
            onPanelOpenChange={setPanelOpen}
            shown={filtered.length}
            total={summary.total}
            unread={summary.unread}
            onMarkAllRead={store.markAllRead}
            onClearAll={() => setConfirmClear(true)}
          />
          <div ref={results} tabIndex={-1} className="outline-none">
            <NotificationList
              groups={groupByOfficeDay(filtered, now, words)}
              filtersActive={hasActiveFilters(filters)}
              onClearFilters={() => setFilters(defaultFilters)}
              onOpen={open}
              onDelete={remove}
            />
          </div>
          <ConfirmDialog
            open={confirmClear}
            onOpenChange={setConfirmClear}
            title={t("notifications.clear.title")}
            description={t("notifications.clear.description")}
            confirmLabel={t("notifications.clear.confirm")}
            onConfirm={() => {
              store.clearAll();
              setConfirmClear(false);
            }}
          />
        </>
      ) : (
        <HistorySkeleton />
      )}
    </>
  );
}

/** Until the browser's copy is read (the server render and the first paint). */
function HistorySkeleton() {
  const { t } = useI18n();
  return (
    <div role="status">
      <span className="sr-only">{t("common.loading")}</span>
      <div className="mb-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {[1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
      <Skeleton className="mb-6 h-40" />
      <Skeleton className="h-64" />
    </div>
  );
}
