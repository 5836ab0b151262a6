import { z } from "./zod";

/**
 * What a Connecticut landlord may charge a rental applicant before the tenancy, and the largest
 * security deposit an offer may ask. The rules the back office's applications check, stated once.
 *
 * - CGS 47a-4d (since 1 October 2023): before a tenancy only the security deposit, the first
 *   month's rent, a key or equipment deposit, and a screening-report fee may be taken. The fee is
 *   at most $50, a cap the Commissioner of Housing adjusts each year for inflation: staff record
 *   the year's cap and the day it applies from. No fee for processing or reviewing an application.
 * - CGS 47a-21: a security deposit of at most two months' rent, one month's for a tenant aged 62
 *   or older.
 *
 * Amounts are whole dollars, as rents are everywhere in the product.
 */

/** The charges the law allows before a tenancy; anything else (an application fee) is refused. */
export const preTenancyCharges = [
  "security_deposit",
  "first_month_rent",
  "key_deposit",
  "screening_fee",
] as const;
export type PreTenancyCharge = (typeof preTenancyCharges)[number];

/** The screening-report fee's cap until staff record the Commissioner's adjusted one. */
export const SCREENING_FEE_CAP_DEFAULT = 50;
/** An applicant this old or older may be asked a deposit of one month's rent at most. */
export const SENIOR_DEPOSIT_AGE = 62;
export const DEPOSIT_MONTHS_MAX = 2;
export const SENIOR_DEPOSIT_MONTHS_MAX = 1;

export const applicationChargeMessages = {
  feeAboveCap: (cap: number) =>
    `The screening fee may be at most $${cap}, the cap Connecticut sets for this year (CGS 47a-4d).`,
  feeNegative: "The screening fee must be a whole number of dollars, 0 or more.",
  chargeNotAllowed:
    "Connecticut allows only a security deposit, the first month's rent, a key deposit and a screening-report fee before a tenancy (CGS 47a-4d): no application or processing fee.",
  depositAboveLimit: (months: number, limit: number) =>
    `The deposit may be at most ${months === 1 ? "one month's" : "two months'"} rent, $${limit} (CGS 47a-21${months === 1 ? ": the applicant is 62 or older" : ""}).`,
  capDate: "Enter the day the cap applies from as YYYY-MM-DD.",
} as const;

/** The year's cap as staff record it: the amount, and the day it applies from. */
export const screeningFeeCapSchema = z.object({
  screeningFeeCap: z.number().int().min(0).max(1000),
  appliesFrom: z.iso.date({ error: applicationChargeMessages.capDate }),
});
export type ScreeningFeeCap = z.infer<typeof screeningFeeCapSchema>;

/**
 * The cap in force on `day` (YYYY-MM-DD): the latest recorded one that applies by then, or the
 * statute's $50 when none does.
 */
export function screeningFeeCapOn(caps: readonly ScreeningFeeCap[], day: string): number {
  const applying = caps
    .filter((cap) => cap.appliesFrom <= day)
    .sort((a, b) => b.appliesFrom.localeCompare(a.appliesFrom));
  return applying[0]?.screeningFeeCap ?? SCREENING_FEE_CAP_DEFAULT;
}

/** Why a charge may not be recorded before the tenancy, or null when it may. */
export function refusedCharge(
  charge: { kind: string; amount: number },
  cap: number,
): string | null {
  if (!(preTenancyCharges as readonly string[]).includes(charge.kind)) {
    return applicationChargeMessages.chargeNotAllowed;
  }
  if (charge.kind !== "screening_fee") return null;
  if (!Number.isInteger(charge.amount) || charge.amount < 0) {
    return applicationChargeMessages.feeNegative;
  }
  return charge.amount > cap ? applicationChargeMessages.feeAboveCap(cap) : null;
}

/** The largest deposit an offer may ask: two months' rent, one for an applicant 62 or older. */
export function depositLimit(
  rent: number,
  applicantAge: number | null,
): {
  months: number;
  limit: number;
} {
  const months =
    applicantAge !== null && applicantAge >= SENIOR_DEPOSIT_AGE
      ? SENIOR_DEPOSIT_MONTHS_MAX
      : DEPOSIT_MONTHS_MAX;
  return { months, limit: rent * months };
}

/** Why an offer's deposit is refused, or null when the law allows it. */
export function refusedDeposit(
  offer: { rent: number; deposit: number },
  applicantAge: number | null,
): string | null {
  const { months, limit } = depositLimit(offer.rent, applicantAge);
  return offer.deposit > limit ? applicationChargeMessages.depositAboveLimit(months, limit) : null;
}

/** Age in whole years on `day` (both YYYY-MM-DD), as a birthday counts it. */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
