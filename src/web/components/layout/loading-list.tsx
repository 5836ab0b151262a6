import { Card } from "#web/components/ui/card";
import { Skeleton } from "#web/components/ui/skeleton";

/**
 * A list's loading state: its words (read out, and shown) and a few placeholder cards, each a
 * skeleton line per entry of `lines` (their Tailwind sizes, e.g. "h-5 w-1/2").
 */
export function LoadingList({
  label,
  cards = 3,
  lines = ["h-5 w-1/2", "h-4 w-1/3"],
}: {
  label: string;
  cards?: number;
  lines?: string[];
}) {
  return (
    <div role="status" className="grid gap-3">
      <p className="text-muted-foreground">{label}</p>
      {Array.from({ length: cards }, (_, n) => n).map((n) => (
        <Card key={n} className="grid gap-2 p-4">
          {lines.map((size) => (
            <Skeleton key={size} className={size} />
          ))}
        </Card>
      ))}
    </div>
  );
}
