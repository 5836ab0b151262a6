import type { LucideIcon } from "lucide-react";
import { Clock, FileText, HardDrive, Wrench } from "lucide-react";
import { type FileStats, RECENT_UPLOAD_DAYS } from "#domain/tenant-files";
import { Card } from "#web/components/ui/card";
import { Skeleton } from "#web/components/ui/skeleton";

/** Shown in a card whose number could not be loaded: the list below still works. */
const UNKNOWN = "—";

type CardSpec = {
  title: string;
  icon: LucideIcon;
  value: (stats: FileStats) => string;
  caption: string;
};

const cards: CardSpec[] = [
  {
    title: "Total Files",
    icon: FileText,
    value: (s) => String(s.totalFiles),
    caption: "all categories",
  },
  { title: "Storage Used", icon: HardDrive, value: (s) => s.totalSize, caption: "on the server" },
  {
    title: "Maintenance Files",
    icon: Wrench,
    value: (s) => String(s.categoryCounts.maintenance),
    caption: "maintenance category",
  },
  {
    title: "Recent Uploads",
    icon: Clock,
    value: (s) => String(s.recentUploads),
    caption: `last ${RECENT_UPLOAD_DAYS} days`,
  },
];

/** The four summary cards: 2x2 on a phone, one row on a wide screen. */
export function FileStatsCards({
  stats,
  loading,
}: {
  stats: FileStats | undefined;
  loading: boolean;
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-busy={loading || undefined}>
      {cards.map(({ title, icon: Icon, value, caption }) => (
        <Card key={title} className="flex flex-col gap-1 p-4">
          <dt className="flex items-start justify-between gap-2 text-sm font-medium text-muted-foreground">
            {title}
            <Icon aria-hidden="true" className="size-4 shrink-0" />
          </dt>
          <dd className="text-2xl font-bold break-words">
            {stats ? value(stats) : loading ? <Skeleton className="h-8 w-16" /> : UNKNOWN}
          </dd>
          <dd className="text-xs text-muted-foreground">{caption}</dd>
        </Card>
      ))}
    </dl>
  );
}
