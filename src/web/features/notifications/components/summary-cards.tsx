import { Bell, BellDot, CalendarDays, Siren } from "lucide-react";
import type { NotificationSummary } from "#domain/notifications";
import { Card } from "#web/components/ui/card";

const cards = [
  { key: "total", label: "Total", Icon: Bell },
  { key: "unread", label: "Unread", Icon: BellDot },
  { key: "emergency", label: "Emergency", Icon: Siren },
  { key: "thisWeek", label: "This Week", Icon: CalendarDays },
] as const;

/** Total, Unread, Emergency (urgent or emergency category), This Week (since Sunday). */
export function SummaryCards({ summary }: { summary: NotificationSummary }) {
  return (
    <dl className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {cards.map(({ key, label, Icon }) => (
        // Each card is the dt/dd group itself: a <dl> allows nothing else between them.
        <Card key={key} className="grid gap-1 p-4">
          <dt className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
            {label}
            <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
          </dt>
          <dd className="text-2xl font-bold">{summary[key]}</dd>
        </Card>
      ))}
    </dl>
  );
}
