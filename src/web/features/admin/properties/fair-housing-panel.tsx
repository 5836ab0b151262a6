import { Scale } from "lucide-react";
import { useId, useState } from "react";
import type { FairHousingReview } from "#domain/admin";
import {
  type FairHousingFinding,
  fieldLabelOf,
  type ListingWording,
  listingWordingFields,
  reviewListingText,
  fairHousingMessages as words,
} from "#domain/fair-housing";
import { formatDateTime } from "#web/lib/format-date-time";

/**
 * The fair-housing check in the building and unit dialogs: the same rule file the server applies.
 * A save whose wording is flagged stops once to show each phrase, why and a better wording; staff
 * mend the text, or tick the acknowledgement and save again (the server records it). A changed
 * set of phrases asks again.
 */
export function useFairHousingCheck() {
  const [findings, setFindings] = useState<FairHousingFinding[]>([]);
  const [acknowledged, setAcknowledged] = useState(false);

  /**
   * Before a save: `{ proceed: false }` when flagged phrases are shown for review, else whether
   * the body carries the acknowledgement.
   */
  function check(wording: ListingWording): { proceed: boolean; acknowledged: boolean } {
    const next = reviewListingText(listingWordingFields(wording));
    const same = sameFindings(next, findings);
    setFindings(next);
    if (next.length === 0) {
      setAcknowledged(false);
      return { proceed: true, acknowledged: false };
    }
    if (same && acknowledged) return { proceed: true, acknowledged: true };
    if (!same) setAcknowledged(false);
    return { proceed: false, acknowledged: false };
  }

  /**
   * The body to send, carrying the acknowledgement when staff gave it; null when the save stops
   * for a review of the flagged phrases.
   */
  function bodyFor<T extends object>(
    body: T,
    wording: ListingWording,
  ): (T & { fairHousingAcknowledged?: true }) | null {
    const result = check(wording);
    if (!result.proceed) return null;
    return result.acknowledged ? { ...body, fairHousingAcknowledged: true } : body;
  }

  return { findings, acknowledged, setAcknowledged, bodyFor };
}

const keyOf = (f: FairHousingFinding) => `${f.path}\u0000${f.phrase.toLowerCase()}`;
const sameFindings = (a: FairHousingFinding[], b: FairHousingFinding[]) =>
  a.length === b.length && a.every((finding, i) => keyOf(finding) === keyOf(b[i]!));

type Check = ReturnType<typeof useFairHousingCheck>;

/** The flagged phrases with their reasons and suggestions, and the acknowledgement. */
export function FairHousingPanel({ check, busy }: { check: Check; busy: boolean }) {
  const id = useId();
  if (check.findings.length === 0) return null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-md border border-amber-600/50 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/30 dark:text-amber-50"
    >
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold" role="alert">
        <Scale aria-hidden="true" className="size-4 shrink-0" />
        {words.title}
      </h3>
      <p>{words.intro}</p>
      <ul className="grid gap-2" aria-label="Flagged phrases">
        {check.findings.map((finding) => (
          <li key={keyOf(finding)} className="grid gap-0.5 rounded border border-amber-600/30 p-2">
            <p>
              <span className="font-semibold">“{finding.phrase}”</span> in{" "}
              {fieldLabelOf(finding.path)}
            </p>
            <p>
              <span className="font-medium">{words.why}:</span> {finding.reason}
            </p>
            <p>
              <span className="font-medium">{words.tryInstead}:</span> {finding.suggestion}
            </p>
          </li>
        ))}
      </ul>
      <div className="flex min-h-11 items-center gap-3">
        <input
          id={`${id}-ack`}
          type="checkbox"
          disabled={busy}
          checked={check.acknowledged}
          onChange={(event) => check.setAcknowledged(event.target.checked)}
          className="size-5 shrink-0 rounded border-border accent-[var(--color-primary)]"
        />
        <label htmlFor={`${id}-ack`} className="font-medium">
          {words.acknowledge}
        </label>
      </div>
    </section>
  );
}

/** On an edit: the record of flagged wording kept after review, when there is one. */
export function FairHousingRecord({ review }: { review: FairHousingReview | null | undefined }) {
  if (!review) return null;
  const phrases = review.findings.map((finding) => `“${finding.phrase}”`).join(", ");
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground">
      <Scale aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {words.acknowledged} on {formatDateTime(review.acknowledgedAt)} by {review.acknowledgedBy}:{" "}
        {phrases}.
      </span>
    </p>
  );
}
