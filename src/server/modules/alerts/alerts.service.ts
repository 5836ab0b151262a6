import { randomUUID } from "node:crypto";
import {
  ALERT_CONFIRM_DAYS,
  ALERT_RETENTION_DAYS,
  ALERT_SUBSCRIBES_PER_ADDRESS_PER_HOUR,
  ALERT_SUBSCRIBES_PER_ADDRESS_PER_HOUR_IN_ALL,
  ALERTS_PER_ADDRESS,
  type AlertSubscribe,
  type AlertSubscription,
  type AlertUpdate,
  normalizeCriteria,
} from "#domain/alerts";
import { alertsApi } from "#domain/api/alerts";
import { buildUrl } from "#domain/api/wire";
import { localizedPath, officeDay } from "#domain/locale";
import type { Db } from "#server/db/client";
import type { MailQueue, MailTransaction } from "#server/mail/mail-queue";
import {
  hashAlertToken,
  isAlertToken,
  type ManageTokens,
  newConfirmToken,
  type RequesterKeys,
} from "./alert-tokens";
import { markListedAsKnown } from "./alerts.deliveries.repository";
import { confirmationEmail, tooManyEmail } from "./alerts.email";
import {
  activeTowns,
  confirmedOf,
  countRequestsSince,
  findByConfirmHash,
  findByManageHash,
  insertSubscription,
  lockMailbox,
  purgeInactive,
  purgeUnconfirmed,
  removeSubscription,
  type SubscriptionRow,
  touchActivity,
  updateSubscription,
} from "./alerts.repository";

export type AlertDeps = {
  db: Db;
  mailQueue: MailQueue;
  manageToken: ManageTokens;
  requesterKey: RequesterKeys;
  publicUrl: string;
  now: () => Date;
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const manageUrl = (deps: AlertDeps, row: Pick<SubscriptionRow, "id" | "lang">) =>
  new URL(localizedPath(`/alerts/manage/${deps.manageToken(row.id)}`, row.lang), deps.publicUrl)
    .href;

export const unsubscribeUrl = (deps: AlertDeps, id: string) =>
  new URL(buildUrl(alertsApi.unsubscribe, { token: deps.manageToken(id) }), deps.publicUrl).href;

/**
 * A request for alerts from the client at `clientAddress`. The answer is the same whatever
 * happens here (no one learns whether an address is known): a new subscription waits for its
 * e-mailed link; a mailbox past its requests of the hour (from this client, or from all) gets
 * nothing more; one that already has its most alerts is e-mailed its manage links instead.
 * Unconfirmed requests never count as alerts, and one client's requests fill only its own share
 * of the hour: five forged requests do not silence the owner's own.
 */
export async function subscribe(
  deps: AlertDeps,
  input: AlertSubscribe,
  clientAddress: string,
): Promise<void> {
  const now = deps.now();
  const requester = deps.requesterKey(clientAddress);
  await deps.mailQueue.transaction(async (tx) => {
    await lockMailbox(tx, input.email);
    const recent = await countRequestsSince(
      tx,
      input.email,
      requester,
      new Date(now.getTime() - HOUR_MS),
    );
    if (
      recent.mine >= ALERT_SUBSCRIBES_PER_ADDRESS_PER_HOUR ||
      recent.all >= ALERT_SUBSCRIBES_PER_ADDRESS_PER_HOUR_IN_ALL
    )
      return;
    const confirmed = await confirmedOf(tx, input.email);
    if (confirmed.length >= ALERTS_PER_ADDRESS) await sendManageLinks(deps, tx, input, confirmed);
    else await startSubscription(deps, tx, input, requester, now);
  });
}

/** An address at its most alerts is e-mailed the manage links of those it has. */
async function sendManageLinks(
  deps: AlertDeps,
  tx: MailTransaction,
  input: AlertSubscribe,
  confirmed: SubscriptionRow[],
) {
  await tx.queue({
    kind: "alert_limit",
    ...tooManyEmail({
      to: input.email,
      lang: input.lang,
      manageUrls: confirmed.map((row) => manageUrl(deps, row)),
    }),
  });
}

/** A new subscription, pending until the link e-mailed with it confirms it. */
async function startSubscription(
  deps: AlertDeps,
  tx: MailTransaction,
  input: AlertSubscribe,
  requester: string,
  now: Date,
) {
  const id = randomUUID();
  const token = newConfirmToken();
  const criteria = normalizeCriteria(input.criteria, await activeTowns(tx));
  await insertSubscription(tx, {
    id,
    email: input.email,
    criteria,
    frequency: input.frequency,
    lang: input.lang,
    status: "pending",
    requester,
    confirmTokenHash: hashAlertToken(token),
    confirmExpiresAt: new Date(now.getTime() + ALERT_CONFIRM_DAYS * DAY_MS),
    manageTokenHash: hashAlertToken(deps.manageToken(id)),
    createdAt: now,
    lastActivityAt: now,
  });
  await tx.queue({
    kind: "alert_confirmation",
    ...confirmationEmail({
      to: input.email,
      lang: input.lang,
      criteria,
      frequency: input.frequency,
      confirmUrl: new URL(localizedPath(`/alerts/confirm/${token}`, input.lang), deps.publicUrl)
        .href,
    }),
  });
}

/** What a confirmation or manage link shows: the subscription, and its manage token. */
export type AlertView = AlertSubscription & { manageToken: string };

async function viewOf(deps: AlertDeps, row: SubscriptionRow, towns?: string[]): Promise<AlertView> {
  return {
    email: row.email,
    criteria: row.criteria,
    frequency: row.frequency,
    lang: row.lang,
    status: row.status,
    towns: towns ?? (await activeTowns(deps)),
    manageToken: deps.manageToken(row.id),
  };
}

const sameAlert = (a: SubscriptionRow, b: SubscriptionRow) =>
  a.frequency === b.frequency && JSON.stringify(a.criteria) === JSON.stringify(b.criteria);

/**
 * What the e-mailed confirmation link shows, changing nothing: opening a link is not consent (mail
 * scanners open every link they find), so the page asks, and `confirm` is its button. A link
 * works once: after its button it shows only that it was used (no address, no criteria, no manage
 * link: an e-mail forwarded or left open on a shared computer gives nobody the alert). Null for a
 * link unknown or past its time.
 */
export async function findByConfirmToken(
  deps: AlertDeps,
  token: string,
): Promise<AlertConfirmation | null> {
  if (!isAlertToken(token)) return null;
  const row = await findByConfirmHash(deps, hashAlertToken(token));
  if (!row?.confirmExpiresAt || row.confirmExpiresAt <= deps.now()) return null;
  if (row.status !== "pending") return { used: true };
  const { manageToken: _, ...view } = await viewOf(deps, row);
  return { used: false, subscription: view };
}

/** A confirmation link, as its page shows it: waiting for its button, or used already. */
export type AlertConfirmation =
  | { used: false; subscription: AlertSubscription }
  | { used: true; subscription?: undefined };

/**
 * The confirmation page's button: the subscription becomes active (what is listed now counts as
 * known) and the answer carries its manage token, once; a link used before answers `used`. The
 * same alert confirmed twice (two requests) is kept once: the second link gives way to the first
 * alert, whose manage token it answers. Null for a link that is unknown or past its time, or when
 * the mailbox has meanwhile reached its most alerts.
 */
export async function confirm(deps: AlertDeps, token: string): Promise<AlertView | "used" | null> {
  if (!isAlertToken(token)) return null;
  const now = deps.now();
  const row = await deps.db.transaction(async (db) => {
    const tx = { db };
    const found = await findByConfirmHash(tx, hashAlertToken(token));
    if (!found) return null;
    await lockMailbox(tx, found.email);
    const pending = await findByConfirmHash(tx, hashAlertToken(token), true);
    if (!pending?.confirmExpiresAt || pending.confirmExpiresAt <= now) return null;
    if (pending.status !== "pending") return "used" as const;
    const confirmed = await confirmedOf(tx, pending.email);
    const twin = confirmed.find((other) => sameAlert(other, pending));
    if (twin) {
      await removeSubscription(tx, pending.id);
      return twin;
    }
    if (confirmed.length >= ALERTS_PER_ADDRESS) return null;
    await updateSubscription(tx, pending.id, {
      status: "active",
      confirmedAt: now,
      requester: null,
    });
    await markListedAsKnown(tx, pending.id, officeDay(now));
    return { ...pending, status: "active" as const };
  });
  return row === "used" || row === null ? row : viewOf(deps, row);
}

/** The manage page's subscription, or null for an unknown link. */
export async function findByManageToken(deps: AlertDeps, token: string) {
  if (!isAlertToken(token)) return null;
  const row = await findByManageHash(deps, hashAlertToken(token));
  if (!row || row.status === "pending") return null;
  // Opening one's manage page is the subscriber's own act: the retention counts from it.
  await touchActivity(deps, row.id, deps.now());
  return viewOf(deps, row);
}

/**
 * New criteria or frequency, a pause or a resume. What is listed when the criteria change or
 * the alert resumes is known to the renter already: only homes that open afterwards are sent.
 */
export async function update(deps: AlertDeps, token: string, changes: AlertUpdate) {
  if (!isAlertToken(token)) return null;
  const now = deps.now();
  return deps.db.transaction(async (db) => {
    const tx = { db };
    const row = await findByManageHash(tx, hashAlertToken(token), true);
    if (!row || row.status === "pending") return null;
    const towns = await activeTowns(tx);
    const criteria = changes.criteria ? normalizeCriteria(changes.criteria, towns) : row.criteria;
    const status = changes.paused === undefined ? row.status : changes.paused ? "paused" : "active";
    const frequency = changes.frequency ?? row.frequency;
    await updateSubscription(tx, row.id, { criteria, status, frequency });
    const resumed = row.status === "paused" && status === "active";
    if (status === "active" && (resumed || changes.criteria))
      await markListedAsKnown(tx, row.id, officeDay(now));
    return viewOf(deps, { ...row, criteria, status, frequency }, towns);
  });
}

/** Ends the subscription: it is removed with what it was sent. False for an unknown link. */
export async function unsubscribe(deps: AlertDeps, token: string): Promise<boolean> {
  if (!isAlertToken(token)) return false;
  const row = await findByManageHash(deps, hashAlertToken(token));
  return row ? removeSubscription(deps, row.id) : false;
}

/** The daily purges: unconfirmed past their link, and any without activity for two years. */
export function alertPurges(deps: Pick<AlertDeps, "db" | "now">) {
  return [
    {
      name: "unconfirmed listing alerts",
      run: () => purgeUnconfirmed(deps, deps.now()),
    },
    {
      name: "listing alerts without activity for two years",
      run: () =>
        purgeInactive(deps, new Date(deps.now().getTime() - ALERT_RETENTION_DAYS * DAY_MS)),
    },
  ];
}

/** The agency's towns, which a subscription's criteria choose from. */
export const alertTowns = (deps: Pick<AlertDeps, "db">) => activeTowns(deps);
