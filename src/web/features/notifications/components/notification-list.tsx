import { BellOff, X } from "lucide-react";
import { useId } from "react";
import type { Notification, NotificationGroup } from "#domain/notifications";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { useI18n } from "#web/i18n/i18n-provider";
import { NotificationItem } from "./notification-item";

type Handlers = {
  onOpen: (n: Notification) => void;
  onDelete: (n: Notification) => void;
};

/** The day groups, or the empty state in the product's exact words. */
export function NotificationList({
  groups,
  filtersActive,
  onClearFilters,
  ...handlers
}: Handlers & {
  groups: NotificationGroup[];
  filtersActive: boolean;
  onClearFilters: () => void;
}) {
  const { t } = useI18n();
  if (groups.length === 0)
    return (
      <Card className="flex flex-col items-center gap-3 p-10 text-center">
        <BellOff aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="text-lg font-bold">{t("notifications.list.emptyTitle")}</h2>
        {filtersActive ? (
          <>
            <p className="text-muted-foreground">{t("notifications.list.emptyFiltered")}</p>
            <Button variant="outline" className="h-11" onClick={onClearFilters}>
              <X aria-hidden="true" /> {t("notifications.filters.clear")}
            </Button>
          </>
        ) : (
          <p className="text-muted-foreground">{t("notify.empty")}</p>
        )}
      </Card>
    );
  return (
    <div className="grid gap-6">
      {groups.map((group) => (
        <DayGroup key={group.key} group={group} {...handlers} />
      ))}
    </div>
  );
}

function DayGroup({ group, ...handlers }: Handlers & { group: NotificationGroup }) {
  const headingId = useId();
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={headingId}>
        <div className="mb-3 flex items-baseline justify-between gap-2">
          <h2 id={headingId} className="text-lg font-bold">
            {group.heading}
          </h2>
          <span className="text-sm text-muted-foreground">{group.countLabel}</span>
        </div>
        {/* A long day scrolls inside its card; every item holds a focusable delete button. */}
        <ul className="grid max-h-96 gap-2 overflow-y-auto">
          {group.items.map((n) => (
            <NotificationItem key={n.id} notification={n} {...handlers} />
          ))}
        </ul>
      </section>
    </Card>
  );
}
