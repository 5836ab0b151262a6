import { CalendarCheck, Check } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { AVAILABILITY_CONFIRM_DAYS, adminMessages, type UnitToConfirm } from "#domain/admin";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Skeleton } from "#web/components/ui/skeleton";
import { agencyYear, formatShortDate } from "#web/lib/format-date-time";
import { unitLabel, useConfirmAvailability } from "../use-confirm-availability";

function ConfirmRow({
  entry: { unit, building },
  now,
  onConfirmed,
}: {
  entry: UnitToConfirm;
  now: Date;
  onConfirmed: () => void;
}) {
  const label = unitLabel(unit, building);
  const confirm = useConfirmAvailability(label);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{building}</p>
        <p className="text-sm text-muted-foreground">
          {`Unit ${unit.unitNumber} · Last confirmed ${formatShortDate(unit.availabilityConfirmedAt, { thisYear: agencyYear(now) })}`}
        </p>
      </div>
      <Button
        variant="outline"
        className="min-h-11 shrink-0"
        aria-label={`Still available: ${label}`}
        data-confirm-availability=""
        // Not `disabled`: a button disabled under the keyboard's focus drops it.
        aria-disabled={confirm.isPending || undefined}
        onClick={() => {
          if (confirm.isPending) return;
          // The hook's toast reports a failure; the row stays for another try.
          confirm.mutateAsync(unit.id).then(onConfirmed, () => {});
        }}
      >
        <Check aria-hidden="true" />
        Still available
      </Button>
    </li>
  );
}

/**
 * The Overview's "Availability to confirm": the units renters see as available whose
 * availability nobody confirmed for AVAILABILITY_CONFIRM_DAYS days or more, the longest first,
 * each confirmed in one click. Once a unit leaves the list, focus goes to the next one's button
 * (or the heading when none is left), not to the page's start.
 */
export function AvailabilityCard({
  due,
  total,
  loading,
}: {
  /** The first units due, the longest unconfirmed first (the server's page). */
  due: UnitToConfirm[];
  /** How many are due in all. */
  total: number;
  loading: boolean;
}) {
  const titleId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** The unit just confirmed and its place: focus moves on once it has left the list. */
  const [confirmed, setConfirmed] = useState<{ id: number; index: number } | null>(null);
  const now = new Date();
  const gone = confirmed !== null && !due.some((entry) => entry.unit.id === confirmed.id);

  useEffect(() => {
    if (!gone || confirmed === null) return;
    setConfirmed(null);
    // Only focus that was on the removed button (now on the page's body) is moved.
    const active = document.activeElement;
    if (active && active !== document.body && !sectionRef.current?.contains(active)) return;
    const buttons = sectionRef.current?.querySelectorAll<HTMLButtonElement>(
      "[data-confirm-availability]",
    );
    const next = buttons?.[Math.min(confirmed.index, buttons.length - 1)];
    (next ?? headingRef.current)?.focus();
  }, [gone, confirmed]);

  return (
    <Card className="p-5">
      <section ref={sectionRef} aria-labelledby={titleId} aria-busy={loading || undefined}>
        <div className="flex items-center justify-between gap-3">
          <h3 id={titleId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
            Availability to confirm
          </h3>
          <CalendarCheck aria-hidden="true" className="size-5 text-primary" />
        </div>
        {loading ? (
          <>
            <Skeleton className="mt-3 h-4 w-2/3" />
            <Skeleton className="mt-3 h-11 w-full" />
          </>
        ) : due.length === 0 ? (
          <p className="mt-3 text-muted-foreground">{adminMessages.allAvailabilityFresh}</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-muted-foreground">
              {`Available units not confirmed for ${AVAILABILITY_CONFIRM_DAYS} days or more, the oldest first.`}
              {total > due.length ? ` The first ${due.length} of ${total}.` : ""}
            </p>
            <ul className="mt-2 divide-y divide-border">
              {due.map((entry, index) => (
                <ConfirmRow
                  key={entry.unit.id}
                  entry={entry}
                  now={now}
                  onConfirmed={() => setConfirmed({ id: entry.unit.id, index })}
                />
              ))}
            </ul>
          </>
        )}
      </section>
    </Card>
  );
}
