import type { FairHousingReview } from "#domain/admin";
import { FAIR_HOUSING_FINDINGS_MAX } from "#domain/api/admin-properties";
import { type ListingWording, listingWordingFields, reviewListingText } from "#domain/fair-housing";
import { FairHousingReviewError } from "./admin-properties.errors";

/**
 * The fair-housing check of a building's or unit's wording before it is saved: its title, a
 * unit's number and floor plan, descriptions (English and Spanish), feature or amenity lines, and
 * a photo's alt text. Flagged phrases refuse the
 * save with 422 and the findings, unless staff acknowledged them (`fairHousingAcknowledged`);
 * then the save goes ahead and the listing keeps the record: when, by whom, which phrases. A
 * wording with nothing flagged keeps no record.
 */

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
  return reviewFields(listingWordingFields(wording), acknowledged, actor, now);
}

/** A photo's alt text, which the pages read out and the feeds send: reviewed as wording is. */
export function reviewAltText(
  alt: string,
  acknowledged: boolean | undefined,
  actor: string,
): FairHousingReview | null {
  return reviewFields([{ path: "alt", text: alt }], acknowledged, actor);
}

function reviewFields(
  fields: { path: string; text: string }[],
  acknowledged: boolean | undefined,
  actor: string,
  now: Date = new Date(),
): FairHousingReview | null {
  // The first findings only: a wording with more flagged phrases than that is refused or kept
  // with those (each answer's list is bounded; staff see the first ones to fix).
  const findings = reviewListingText(fields).slice(0, FAIR_HOUSING_FINDINGS_MAX);
  if (findings.length === 0) return null;
  if (acknowledged !== true) throw new FairHousingReviewError(findings);
  return { acknowledgedAt: now.toISOString(), acknowledgedBy: actor, findings };
}

/**
 * The review of a save by `actor`. An edit that leaves the Spanish description out keeps the
 * stored one (`before`'s), so that one is checked as it stands.
 */
export function reviewSave(
  wording: ListingWording,
  acknowledged: boolean | undefined,
  actor: string,
  before?: { descriptionEs: string | null } | null,
): FairHousingReview | null {
  const descriptionEs =
    wording.descriptionEs === undefined ? before?.descriptionEs : wording.descriptionEs;
  return reviewWording({ ...wording, descriptionEs }, acknowledged, actor);
}
