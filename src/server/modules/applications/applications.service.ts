import { createHmac } from "node:crypto";
import {
  SCREENING_FEE_CAP_DEFAULT,
  type ScreeningFeeCap,
  screeningFeeCapOn,
} from "#domain/application-charges";
import { applicationMessages } from "#domain/applications";
import { unitPlace } from "#domain/i18n/unit-place";
import { type Locale, localizedPath, officeDay } from "#domain/locale";
import type { Db, Executor } from "#server/db/client";
import { AppError, notFound } from "#server/http/errors";
import type { MailQueue } from "#server/mail/mail-queue";
import { type ApplicationRow, listCaps, saveCap, unitToApply } from "./applications.repository";

export type ApplicationDeps = {
  db: Db;
  mailQueue: MailQueue;
  publicUrl: string;
  now: () => Date;
  tokens: ApplicationTokens;
};

/**
 * An applicant's link token, derived from the app's secret and the applicant's id: every e-mail
 * about the application (the invitation, the offer) can carry the link, while the database keeps
 * only its SHA-256 (a leaked table gives away no working link).
 */
export function createApplicationTokens(secret: Uint8Array) {
  return (applicantId: string) =>
    createHmac("sha256", secret)
      .update(`rentals:applications:link:${applicantId}`)
      .digest("base64url");
}
export type ApplicationTokens = ReturnType<typeof createApplicationTokens>;

/** The applicant's page of a link, in their language (Spanish under /es). */
export const applicationUrl = (publicUrl: string, token: string, lang: Locale) =>
  `${publicUrl}${localizedPath(`/apply/${token}`, lang)}`;

/** A refusal the law gives (a fee above the cap, a deposit above the limit): 422, its reason. */
export const refused = (message: string) => new AppError(422, "not_allowed", message);
export const applicationNotFound = () => notFound(applicationMessages.applicationNotFound);

/** The screening fee's cap in force today (office time). */
export async function capToday(deps: { db: Executor; now: () => Date }) {
  return screeningFeeCapOn(await listCaps(deps), officeDay(deps.now()));
}

/** The applications' settings: the screening fee's cap in force today, and those recorded. */
export async function settingsOf(deps: { db: Executor; now: () => Date }) {
  const caps = await listCaps(deps);
  const today = officeDay(deps.now());
  return {
    screeningFeeCap: screeningFeeCapOn(caps, today),
    statutoryCap: SCREENING_FEE_CAP_DEFAULT,
    caps,
  };
}

/** Records the year's cap; answers the settings before and after. */
export async function recordCap(deps: { db: Db; now: () => Date }, cap: ScreeningFeeCap) {
  const before = await settingsOf(deps);
  await saveCap(deps, cap.appliesFrom, cap.screeningFeeCap);
  return { before, after: await settingsOf(deps) };
}

/**
 * The unit an application is for, as a sentence names it in the reader's language; the place
 * copied in when the application was made, once staff deleted the unit.
 */
export async function placeOf(
  deps: { db: Executor },
  application: Pick<ApplicationRow, "unitId" | "place">,
  lang: Locale,
) {
  const unit = application.unitId === null ? null : await unitToApply(deps, application.unitId);
  return { unit, place: unit ? unitPlace(unit.building, unit.number, lang) : application.place };
}
