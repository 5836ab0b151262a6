import { randomUUID } from "node:crypto";
import {
  ALERT_CONFIRM_DAYS,
  ALERT_RETENTION_DAYS,
  ALERT_SUBSCRIBES_PER_ADDRESS_PER_HOUR,
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
import type { MailQueue } from "#server/mail/mail-queue";
import { hashAlertToken, isAlertToken, type ManageTokens, newConfirmToken } from "./alert-tokens";
import { confirmationEmail, tooManyEmail } from "./alerts.email";
import { createAlertsRepository, type SubscriptionRow } from "./alerts.repository";

export type AlertDeps = {
  db: Db;
  mailQueue: MailQueue;
  manageToken: ManageTokens;
  publicUrl: string;
  now: () => Date;
};

const DAY_MS = 24 * 3_600_000;

export const manageUrl = (deps: AlertDeps, row: Pick<SubscriptionRow, "id" | "lang">) =>
  new URL(localizedPath(`/alerts/manage/${deps.manageToken(row.id)}`, row.lang), deps.publicUrl)
    .href;

export const unsubscribeUrl = (deps: AlertDeps, id: string) =>
  new URL(buildUrl(alertsApi.unsubscribe, { token: deps.manageToken(id) }), deps.publicUrl).href;

/**
 * A request for alerts. The answer is the same whatever happens here (no one learns whether an
 * address is known): a new subscription waits for its e-mailed link; an address past its hourly
 * requests gets nothing more; one that already has its most alerts is e-mailed its manage links
 * instead.
 */
export async function subscribe(deps: AlertDeps, input: AlertSubscribe): Promise<void> {
  const now = deps.now();
  await deps.mailQueue.transaction(async (tx) => {
    const repo = createAlertsRepository(tx.db);
    await repo.lockAddress(input.email);
    const recent = await repo.countCreatedSince(input.email, new Date(now.getTime() - 3_600_000));
    if (recent >= ALERT_SUBSCRIBES_PER_ADDRESS_PER_HOUR) return;
    const confirmed = await repo.confirmedOf(input.email);
    if (confirmed.length >= ALERTS_PER_ADDRESS) {
      await tx.queue({
        kind: "alert_limit",
        ...tooManyEmail({
          to: input.email,
          lang: input.lang,
          manageUrls: confirmed.map((row) => manageUrl(deps, row)),
        }),
      });
      return;
    }
    const id = randomUUID();
    const token = newConfirmToken();
    const criteria = normalizeCriteria(input.criteria, await repo.towns());
    await repo.insert({
      id,
      email: input.email,
      criteria,
      frequency: input.frequency,
      lang: input.lang,
      status: "pending",
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
    towns: towns ?? (await createAlertsRepository(deps.db).towns()),
    manageToken: deps.manageToken(row.id),
  };
}

const sameAlert = (a: SubscriptionRow, b: SubscriptionRow) =>
  a.frequency === b.frequency && JSON.stringify(a.criteria) === JSON.stringify(b.criteria);

/**
 * What the e-mailed confirmation link shows, changing nothing: opening a link is not consent (mail
 * scanners open every link they find), so the page asks, and `confirm` is its button. The manage
 * token comes only once the subscription is confirmed. Null for a link unknown or past its time.
 */
export async function findByConfirmToken(
  deps: AlertDeps,
  token: string,
): Promise<(AlertSubscription & { manageToken?: string }) | null> {
  if (!isAlertToken(token)) return null;
  const row = await createAlertsRepository(deps.db).findByConfirmHash(hashAlertToken(token));
  if (!row?.confirmExpiresAt || row.confirmExpiresAt <= deps.now()) return null;
  const { manageToken, ...view } = await viewOf(deps, row);
  return row.status === "pending" ? view : { ...view, manageToken };
}

/**
 * The confirmation page's button: the subscription becomes active (what is listed now counts as
 * known), or stays as it is when it was confirmed before. The same alert confirmed twice (two
 * requests) is kept once. Null for a link that is unknown or past its time, or when the address
 * has meanwhile reached its most alerts.
 */
export async function confirm(deps: AlertDeps, token: string): Promise<AlertView | null> {
  if (!isAlertToken(token)) return null;
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const repo = createAlertsRepository(tx);
    const found = await repo.findByConfirmHash(hashAlertToken(token));
    if (!found) return null;
    await repo.lockAddress(found.email);
    const pending = await repo.findByConfirmHash(hashAlertToken(token), true);
    if (!pending?.confirmExpiresAt || pending.confirmExpiresAt <= now) return null;
    if (pending.status !== "pending") return pending;
    const confirmed = await repo.confirmedOf(pending.email);
    const twin = confirmed.find((other) => sameAlert(other, pending));
    if (twin) {
      await repo.remove(pending.id);
      return twin;
    }
    if (confirmed.length >= ALERTS_PER_ADDRESS) return null;
    await repo.update(pending.id, { status: "active", confirmedAt: now });
    await repo.markListedAsKnown(pending.id, officeDay(now));
    return { ...pending, status: "active" as const };
  });
  return row ? viewOf(deps, row) : null;
}

/** The manage page's subscription, or null for an unknown link. */
export async function findByManageToken(deps: AlertDeps, token: string) {
  if (!isAlertToken(token)) return null;
  const row = await createAlertsRepository(deps.db).findByManageHash(hashAlertToken(token));
  return row && row.status !== "pending" ? viewOf(deps, row) : null;
}

/**
 * New criteria or frequency, a pause or a resume. What is listed when the criteria change or
 * the alert resumes is known to the renter already: only homes that open afterwards are sent.
 */
export async function update(deps: AlertDeps, token: string, changes: AlertUpdate) {
  if (!isAlertToken(token)) return null;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const repo = createAlertsRepository(tx);
    const row = await repo.findByManageHash(hashAlertToken(token), true);
    if (!row || row.status === "pending") return null;
    const towns = await repo.towns();
    const criteria = changes.criteria ? normalizeCriteria(changes.criteria, towns) : row.criteria;
    const status = changes.paused === undefined ? row.status : changes.paused ? "paused" : "active";
    const frequency = changes.frequency ?? row.frequency;
    await repo.update(row.id, { criteria, status, frequency });
    const resumed = row.status === "paused" && status === "active";
    if (status === "active" && (resumed || changes.criteria))
      await repo.markListedAsKnown(row.id, officeDay(now));
    return viewOf(deps, { ...row, criteria, status, frequency }, towns);
  });
}

/** Ends the subscription: it is removed with what it was sent. False for an unknown link. */
export async function unsubscribe(deps: AlertDeps, token: string): Promise<boolean> {
  if (!isAlertToken(token)) return false;
  const repo = createAlertsRepository(deps.db);
  const row = await repo.findByManageHash(hashAlertToken(token));
  return row ? repo.remove(row.id) : false;
}

/** The daily purges: unconfirmed past their link, and any without activity for two years. */
export function alertPurges(deps: Pick<AlertDeps, "db" | "now">) {
  const repo = createAlertsRepository(deps.db);
  return [
    {
      name: "unconfirmed listing alerts",
      run: () => repo.purgeUnconfirmed(deps.now()),
    },
    {
      name: "listing alerts without activity for two years",
      run: () => repo.purgeInactive(new Date(deps.now().getTime() - ALERT_RETENTION_DAYS * DAY_MS)),
    },
  ];
}
