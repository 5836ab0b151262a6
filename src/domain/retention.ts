import { DATA_RETENTION_DAYS } from "./constants";

/**
 * How long each kind of personal data is kept, and from what event: the one source the daily
 * purges read (src/server/modules/privacy) and the privacy page's words are made from, in both
 * languages, so the page can never promise what the code does not do. Changing a period here
 * changes the purge and the page together.
 *
 * Activity is the person's own: a message sent, a sign-in, an upload, an alert confirmed,
 * changed, paused or resumed. What the system does (a digest pass, an alert e-mailed) is not.
 */
export const retention = {
  /** Contact messages and tour requests: the person's newest message starts the clock. */
  inquiries: { days: DATA_RETENTION_DAYS, from: "lastMessage" },
  /** A document request (the name, address and note staff wrote): from its link's end. */
  documentRequests: { days: DATA_RETENTION_DAYS, from: "linkEnd" },
  /** Files sent through a document request's link by someone without a portal account. */
  requestedFiles: { days: DATA_RETENTION_DAYS, from: "upload" },
  /**
   * A tenant whose access staff ended: the portal account, the documents in it and the
   * maintenance requests (with photos and comments) filed from it.
   */
  formerTenants: { days: DATA_RETENTION_DAYS, from: "tenancyEnd" },
  /** Showings booked online (the renter's name, e-mail, phone and note): from the showing's time. */
  showings: { days: DATA_RETENTION_DAYS, from: "showing" },
  /**
   * Rental applications (the household, homes, income, consent, the decision and any
   * adverse-action notice): from the application's last step, by the applicant or the office.
   * Two years covers the time a fair-housing complaint may be brought (42 U.S.C. 3613).
   */
  applications: { days: DATA_RETENTION_DAYS, from: "lastStep" },
  /** A join of a building's waiting list never confirmed by its link. */
  waitlistUnconfirmed: { days: 7, from: "request" },
  /**
   * A place on a waiting list: kept while the person says every six months that they are still
   * interested; removed two weeks after a question they do not answer (182 + 14 days after they
   * last said yes).
   */
  waitlistSilent: { days: 196, from: "lastConfirmation" },
  /** Staff accounts nobody has signed in to; never the last administrator. */
  staffAccounts: { days: DATA_RETENTION_DAYS, from: "lastSignIn" },
  /** Listing alert requests never confirmed. */
  alertsUnconfirmed: { days: 7, from: "request" },
  /** Listing alerts: from the subscriber's last own act on them. */
  alertsIdle: { days: DATA_RETENTION_DAYS, from: "lastActivity" },
  /** Notices in a signed-in person's notification centre (a repair request's news, for one). */
  notifications: { days: 180, from: "notice" },
  /** Copies of the e-mail the site sent (addresses, subjects, bodies). */
  sentMail: { days: 180, from: "sending" },
  /** A request for one's data sent from the privacy page and never confirmed by its link. */
  privacyRequestsUnconfirmed: { days: 7, from: "request" },
  /** A renter's confirmed request for their data: the record that the office answered it. */
  privacyRequests: { days: DATA_RETENTION_DAYS, from: "answer" },
  /** The audit trail: who changed what, and every sign-in. */
  auditEvents: { days: DATA_RETENTION_DAYS, from: "event" },
} as const satisfies Record<string, { days: number; from: string }>;

export type RetentionKind = keyof typeof retention;
export const retentionKinds = Object.keys(retention) as RetentionKind[];

const DAY_MS = 86_400_000;

/** The moment before which data of that kind is due: `now` less its period. */
export const retentionCutoff = (kind: RetentionKind, now: Date): Date =>
  new Date(now.getTime() - retention[kind].days * DAY_MS);

/**
 * A period as the page words it: whole years when it is a number of years (730 days: 2 years),
 * else days.
 */
export function retentionPeriod(days: number): { unit: "years" | "days"; count: number } {
  return days % 365 === 0 ? { unit: "years", count: days / 365 } : { unit: "days", count: days };
}
