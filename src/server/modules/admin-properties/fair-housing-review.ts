import type { FairHousingReview } from "#domain/admin";
import {
  FAIR_HOUSING_ERROR,
  type FairHousingFinding,
  fairHousingMessages,
  type ListingWording,
  listingWordingFields,
  reviewListingText,
} from "#domain/fair-housing";
import { AppError } from "#server/http/errors";

/**
 * The fair-housing check of a building's or unit's wording before it is saved: its title,
 * descriptions (English and Spanish) and feature or amenity lines. Flagged phrases refuse the
 * save with 422 and the findings, unless staff acknowledged them (`fairHousingAcknowledged`);
 * then the save goes ahead and the listing keeps the record: when, by whom, which phrases. A
 * wording with nothing flagged keeps no record.
 */

export class FairHousingReviewError extends AppError {
  constructor(readonly findings: FairHousingFinding[]) {
    super(422, FAIR_HOUSING_ERROR, fairHousingMessages.acknowledgementRequired, findings);
  }
}

/**
 * The record to store with the listing: null when nothing is flagged; throws the 422 when
 * something is and the body did not acknowledge it.
 */
export function reviewWording(
  wording: ListingWording,
  acknowledged: boolean | undefined,
  actor: string,
  now: Date = new Date(),
): FairHousingReview | null {
  const findings = reviewListingText(listingWordingFields(wording));
  if (findings.length === 0) return null;
  if (acknowledged !== true) throw new FairHousingReviewError(findings);
  return { acknowledgedAt: now.toISOString(), acknowledgedBy: actor, findings };
}
