import { DATA_RETENTION_DAYS } from "./constants";
import { isIsoDateTime, isOneOf, isRecord } from "./guards";

/**
 * The privacy banner's answer, kept in the visitor's browser storage (not only logged, and never
 * sent to the server). Accept All is kept in localStorage, for good; Decline is kept in
 * sessionStorage under the same key, so it lasts for the browser tab's session only; closing the
 * banner sets a session flag and records no choice.
 */
export const CONSENT_STORAGE_KEY = "privacy_consent";
/** sessionStorage: the banner was closed without an answer. It shows again in a new session. */
export const CONSENT_CLOSED_KEY = "privacy_consent_closed";
/**
 * Bumped when the privacy policy changes in a way visitors must agree to again: a record made
 * for another version no longer counts, and the banner asks again.
 */
export const CONSENT_VERSION = 1;

/** The date the privacy policy and the terms of service show (each page writes it in its language). */
export const LEGAL_LAST_UPDATED_ON = "2026-11-22";
/** The same date as the English pages write it. */
export const LEGAL_LAST_UPDATED = "November 22, 2026";
/** 730 days, which the banner and the policy call 2 years. */
export const DATA_RETENTION_YEARS = Math.round(DATA_RETENTION_DAYS / 365);

export const consentChoices = ["accepted", "declined"] as const;
export type ConsentChoice = (typeof consentChoices)[number];

/** `date` is an ISO date-time in UTC; `version` the CONSENT_VERSION the visitor answered. */
export type ConsentRecord = { choice: ConsentChoice; date: string; version: number };

export function createConsentRecord(choice: ConsentChoice, now: Date = new Date()): ConsentRecord {
  return { choice, date: now.toISOString(), version: CONSENT_VERSION };
}

/**
 * A stored record, or null when there is none, it is not valid JSON, it has the wrong shape, or
 * it was made for another version of the policy. Storage is the visitor's: never trust it.
 */
export function parseConsentRecord(raw: string | null | undefined): ConsentRecord | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const { choice, date, version } = value;
  // Another version, or no valid version at all (CONSENT_VERSION is a positive integer).
  if (version !== CONSENT_VERSION) return null;
  return isOneOf(consentChoices, choice) && isIsoDateTime(date) ? { choice, date, version } : null;
}

/** The raw values the banner reads: localStorage's record, and sessionStorage's record and flag. */
export type StoredConsent = {
  kept: string | null;
  session: string | null;
  closed: string | null;
};

/**
 * Where the visitor stands: accepted (for good), declined or closed (for this session), or unset,
 * the only status in which the banner shows: it shows until consent is recorded.
 */
export type ConsentStatus = "accepted" | "declined" | "closed" | "unset";

export function consentStatus({ kept, session, closed }: StoredConsent): ConsentStatus {
  if (parseConsentRecord(kept)?.choice === "accepted") return "accepted";
  if (parseConsentRecord(session)?.choice === "declined") return "declined";
  return closed === null ? "unset" : "closed";
}

/**
 * The banner's words in English, as the English catalogue (`consent.banner.*`) holds them: the
 * pages show the catalogue's text in their language; the tests name the English controls by these.
 */
export const consentText = {
  heading: "Privacy and cookies",
  body: `We keep your preferences for this site in your browser's storage, and we use no advertising or third-party tracking cookies. Personal information you give us is kept for ${DATA_RETENTION_YEARS} years from your last activity.`,
  accept: "Accept All",
  details: "More Details",
  decline: "Decline",
  close: "Close privacy banner",
} as const;
