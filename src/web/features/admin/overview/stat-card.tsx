import type { LucideIcon } from "lucide-react";
import { useId } from "react";
import { Card } from "#web/components/ui/card";
import { Skeleton } from "#web/components/ui/skeleton";

/**
 * One dashboard figure. The card is a region named by its title, so the figure can be found by
 * the card's name (by a person with a screen reader and by a test alike).
 */
export function StatCard({
  title,
  icon: Icon,
  value,
  caption,
  loading = false,
}: {
  title: string;
  icon: LucideIcon;
  value: string;
  caption: string;
  loading?: boolean;
}) {
  const id = useId();
  return (
    <Card className="p-5">
      <section aria-labelledby={id} aria-busy={loading || undefined}>
        <div className="flex items-center justify-between gap-3">
          <h3 id={id} className="text-sm font-medium text-muted-foreground">
            {title}
          </h3>
          <Icon aria-hidden="true" className="size-5 text-primary" />
        </div>
        {loading ? (
          <>
            <Skeleton className="mt-3 h-8 w-20" />
            <Skeleton className="mt-2 h-4 w-32" />
          </>
        ) : (
          <>
            <p className="mt-2 text-2xl font-bold tabular-nums sm:text-3xl">{value}</p>
            <p className="mt-1 text-sm text-muted-foreground">{caption}</p>
          </>
        )}
      </section>
    </Card>
  );
}
