import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ListOrdered } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { waitlistsApi } from "#domain/api/waitlists";
import {
  type AdminWaitlistEntry,
  type AdminWaitlistQuery,
  WAITLIST_BEDROOMS_MAX,
  waitlistMoveSchema,
} from "#domain/waitlists";
import { LoadingList } from "#web/components/layout/loading-list";
import { Pager } from "#web/components/layout/pager";
import { StatePanel } from "#web/components/layout/state-panel";
import { LoadFailed } from "#web/components/load-failed";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { SelectField, TextField } from "#web/components/ui/form-field";
import { formatDateTime } from "#web/lib/format-date-time";
import { contractQuery, useContractMutation } from "#web/lib/query";
import { useBuildingChoices } from "../buildings/use-building-choices";

/** Every list a building may have: studios (0) to WAITLIST_BEDROOMS_MAX bedrooms. */
const bedroomChoices = Array.from({ length: WAITLIST_BEDROOMS_MAX + 1 }, (_, i) => i);

const bedroomsText = (count: number) =>
  count === 0 ? "Studio" : `${count} ${count === 1 ? "bedroom" : "bedrooms"}`;

/** Move someone waiting to another place, with the reason (kept, and in the audit trail). */
function MoveDialog({ entry, onClose }: { entry: AdminWaitlistEntry | null; onClose: () => void }) {
  const [position, setPosition] = useState("1");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ position?: string; reason?: string; form?: string }>({});
  const move = useContractMutation(
    waitlistsApi.move,
    (input: { id: string; position: number; reason: string }) => ({
      params: { id: input.id },
      body: { position: input.position, reason: input.reason },
    }),
    {
      onSuccess: (answer) => {
        toast.success(answer.message);
        setReason("");
        onClose();
      },
      onError: (error) => setErrors({ form: error.message }),
    },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!entry) return;
    const checked = waitlistMoveSchema.safeParse({ position: Number(position), reason });
    if (!checked.success) {
      const found: typeof errors = {};
      for (const issue of checked.error.issues) {
        const key = issue.path[0] === "position" ? "position" : "reason";
        found[key] ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    move.mutate({ id: entry.id, ...checked.data });
  };
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {entry ? (
        <DialogContent
          title={`Move ${entry.name}`}
          description={`Now number ${entry.position ?? "?"} on the ${bedroomsText(entry.bedrooms).toLowerCase()} list. A move needs a reason, such as a reasonable accommodation; it is kept with the entry and in the audit trail.`}
        >
          <form noValidate onSubmit={submit} className="grid gap-4">
            <TextField
              label="New place on the list"
              type="number"
              min={1}
              value={position}
              error={errors.position}
              onChange={(e) => setPosition(e.target.value)}
            />
            <TextField
              label="Reason"
              value={reason}
              maxLength={500}
              error={errors.reason}
              onChange={(e) => setReason(e.target.value)}
            />
            {errors.form ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {errors.form}
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={move.isPending}>
                {move.isPending ? "Moving..." : "Move"}
              </Button>
            </div>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/**
 * A building's waiting lists, in their order: each person's place, when they joined and last
 * said they are still interested, and a move with its reason. The next people are invited to
 * apply from a unit's "Invite to apply" in the Properties tab.
 */
export function WaitlistsSection() {
  const [propertyId, setPropertyId] = useState<number | null>(null);
  const [bedrooms, setBedrooms] = useState<string>("");
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [moving, setMoving] = useState<AdminWaitlistEntry | null>(null);
  const { buildings, finder } = useBuildingChoices(propertyId);
  const list = useQuery({
    ...contractQuery(waitlistsApi.list, {
      query: {
        propertyId: propertyId ?? 0,
        ...(bedrooms !== "" ? { bedrooms: Number(bedrooms) } : {}),
        ...(cursor ? { cursor } : {}),
      } as AdminWaitlistQuery,
    }),
    enabled: propertyId !== null,
    placeholderData: keepPreviousData,
  });
  const page = list.data;
  return (
    <section aria-labelledby="waitlists-heading" className="grid gap-4">
      <div>
        <h3 id="waitlists-heading" className="text-lg font-semibold">
          Waiting lists
        </h3>
        <p className="text-sm text-muted-foreground">
          Renters join a building's list on its page and confirm by e-mail; every six months the
          list asks whether they are still interested.
        </p>
      </div>
      {finder ? <div className="max-w-md">{finder}</div> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Building"
          value={propertyId ?? ""}
          onChange={(e) => {
            setPropertyId(e.target.value ? Number(e.target.value) : null);
            setCursor(undefined);
          }}
        >
          <option value="">Choose a building...</option>
          {buildings.map((b) => (
            <option key={b.id} value={b.id}>
              {b.title}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Bedrooms"
          value={bedrooms}
          onChange={(e) => {
            setBedrooms(e.target.value);
            setCursor(undefined);
          }}
        >
          <option value="">All</option>
          {bedroomChoices.map((count) => (
            <option key={count} value={count}>
              {bedroomsText(count)}
            </option>
          ))}
        </SelectField>
      </div>
      {propertyId === null ? (
        <p className="text-sm text-muted-foreground">Choose a building to see its lists.</p>
      ) : list.isError ? (
        <LoadFailed title="Could not load the waiting list." query={list} />
      ) : list.isPending || list.isPlaceholderData ? (
        <LoadingList label="Loading the waiting list..." lines={["h-5 w-1/2", "h-4 w-1/3"]} />
      ) : !page || page.items.length === 0 ? (
        <StatePanel
          icon={ListOrdered}
          headingLevel={4}
          title="Nobody is waiting"
          message="People who join this building's list and confirm appear here, in the order they joined."
        />
      ) : (
        <ol aria-label="Waiting list" className="grid gap-2">
          {page.items.map((entry) => (
            <li key={entry.id}>
              <Card className="grid gap-2 p-3 sm:grid-cols-[1fr_auto] sm:items-center">
                <div className="grid gap-0.5 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-semibold">
                    {entry.position ? `${entry.position}. ` : ""}
                    {entry.name}
                    <Badge variant="outline">{bedroomsText(entry.bedrooms)}</Badge>
                    {entry.status === "invited" ? <Badge>Invited to apply</Badge> : null}
                    {entry.checkSentAt ? (
                      <Badge variant="muted">Asked if still interested</Badge>
                    ) : null}
                  </p>
                  <p className="break-all text-muted-foreground">
                    {entry.email} · joined {formatDateTime(entry.joinedAt)} · last confirmed{" "}
                    {formatDateTime(entry.lastConfirmedAt)}
                  </p>
                  {entry.moves.length > 0 ? (
                    <p className="text-muted-foreground">
                      Moved:{" "}
                      {entry.moves.map((m) => `${m.from} to ${m.to} (${m.reason})`).join("; ")}
                    </p>
                  ) : null}
                </div>
                {entry.status === "waiting" ? (
                  <Button variant="outline" className="min-h-11" onClick={() => setMoving(entry)}>
                    Move <span className="sr-only">{entry.name}</span>
                  </Button>
                ) : null}
              </Card>
            </li>
          ))}
        </ol>
      )}
      <Pager
        label="Waiting list pages"
        nextCursor={list.isPlaceholderData ? null : page?.nextCursor}
        isFirstPage={!cursor}
        onNextPage={setCursor}
        onFirstPage={() => setCursor(undefined)}
      />
      <MoveDialog entry={moving} onClose={() => setMoving(null)} />
    </section>
  );
}
