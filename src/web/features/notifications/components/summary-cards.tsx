import { Bell, BellDot, CalendarDays, Siren } from "lucide-react";
import type { NotificationSummary } from "#domain/notifications";
import { Card } from "#web/components/ui/card";
import { useI18n } from "#web/i18n/i18n-provider";

const cards = [
  { key: "total", Icon: Bell },
  { key: "unread", Icon: BellDot },
  { key: "emergency", Icon: Siren },
  { key: "thisWeek", Icon: CalendarDays },
] as const;

/** Total, Unread, Emergency (urgent or emergency category), This Week (since Sunday). */
export function SummaryCards({ summary }: { summary: NotificationSummary }) {
  const { t } = useI18n();
  return (
    <dl className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {cards.map(({ key, Icon }) => (
        // Each card is the dt/dd group itself: a <dl> allows nothing else between them.
        <Card key={key} className="grid gap-1 p-4">
          <dt className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
            {t(`notifications.summary.${key}`)}
            <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
          </dt>
          <dd className="text-2xl font-bold">{summary[key]}</dd>
        </Card>
      ))}
    </dl>
  );
}
