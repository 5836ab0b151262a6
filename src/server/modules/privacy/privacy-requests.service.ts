import { localizedPath } from "#domain/locale";
import {
  PRIVACY_ANSWER_DAYS,
  PRIVACY_CONFIRM_DAYS,
  PRIVACY_REQUESTS_PER_MAILBOX_PER_DAY,
  type PrivacyRequest,
  type PrivacyRequestRow,
  type PrivacyRequestsPage,
  type PrivacyRequestsQuery,
} from "#domain/privacy";
import type { Db } from "#server/db/client";
import { decodeKey, toPage } from "#server/db/keyset";
import type { MailQueue } from "#server/mail/mail-queue";
import { hashLinkToken, isLinkToken, newLinkToken } from "#server/shared/link-token";
import { privacyRequestEmail } from "./privacy-requests.email";
import {
  confirmRequest,
  countRequestsSince,
  findByTokenHash,
  findRequest,
  insertRequest,
  listRequests,
  lockMailbox,
  markAnswered,
  openCounts,
  type RequestRow,
} from "./privacy-requests.repository";

export type PrivacyRequestDeps = {
  db: Db;
  mailQueue: MailQueue;
  publicUrl: string;
  now: () => Date;
};

const DAY_MS = 86_400_000;

/**
 * A renter's request from the privacy page. The same answer whatever happens (nobody learns
 * whether the office holds anything about an address): a new request waits for the link e-mailed
 * to the address; a mailbox sent its links of the day gets nothing more.
 */
export async function askForData(deps: PrivacyRequestDeps, input: PrivacyRequest): Promise<void> {
  const now = deps.now();
  await deps.mailQueue.transaction(async (tx) => {
    await lockMailbox(tx, input.email);
    const recent = await countRequestsSince(tx, input.email, new Date(now.getTime() - DAY_MS));
    if (recent >= PRIVACY_REQUESTS_PER_MAILBOX_PER_DAY) return;
    const token = newLinkToken();
    await insertRequest(tx, {
      email: input.email,
      kind: input.kind,
      lang: input.lang,
      tokenHash: hashLinkToken(token),
      expiresAt: new Date(now.getTime() + PRIVACY_CONFIRM_DAYS * DAY_MS),
      createdAt: now,
    });
    await tx.queue({
      kind: "privacy_request",
      ...privacyRequestEmail({
        to: input.email,
        lang: input.lang,
        kind: input.kind,
        confirmUrl: new URL(localizedPath(`/privacy/requests/${token}`, input.lang), deps.publicUrl)
          .href,
      }),
    });
  });
}

/** What a link's page shows: the request waiting for its button, or `used`; null for a bad link. */
export type PrivacyConfirmation =
  | { used: false; request: { email: string; kind: PrivacyRequest["kind"] } }
  | { used: true; request?: undefined };

export async function confirmation(
  deps: PrivacyRequestDeps,
  token: string,
): Promise<PrivacyConfirmation | null> {
  if (!isLinkToken(token)) return null;
  const row = await findByTokenHash(deps, hashLinkToken(token));
  if (!row || row.email === null) return null;
  if (row.confirmedAt) return { used: true };
  if (row.expiresAt <= deps.now()) return null;
  return { used: false, request: { email: row.email, kind: row.kind } };
}

/**
 * The page's button: confirms the request, due 45 days on. `used` for a link pressed before;
 * null for one unknown, past its time or answered already.
 */
export async function confirm(
  deps: PrivacyRequestDeps,
  token: string,
): Promise<{ email: string; kind: PrivacyRequest["kind"]; dueAt: string } | "used" | null> {
  if (!isLinkToken(token)) return null;
  const now = deps.now();
  const tokenHash = hashLinkToken(token);
  const row = await confirmRequest(
    deps,
    tokenHash,
    now,
    new Date(now.getTime() + PRIVACY_ANSWER_DAYS * DAY_MS),
  );
  if (row?.email && row.dueAt)
    return { email: row.email, kind: row.kind, dueAt: row.dueAt.toISOString() };
  const found = await findByTokenHash(deps, tokenHash);
  return found?.confirmedAt ? "used" : null;
}

const toWire = (row: RequestRow): PrivacyRequestRow => ({
  id: row.id,
  email: row.email,
  kind: row.kind,
  lang: row.lang,
  confirmedAt: row.confirmedAt!.toISOString(),
  dueAt: row.dueAt!.toISOString(),
  answeredAt: row.answeredAt?.toISOString() ?? null,
  answeredBy: row.answeredBy,
});

/** The Privacy tab's page of requests, with the open and overdue counts. */
export async function requestsPage(
  deps: PrivacyRequestDeps,
  query: PrivacyRequestsQuery,
): Promise<PrivacyRequestsPage> {
  const after = query.cursor ? decodeKey(query.cursor, ["time", "uuid"] as const) : null;
  const [rows, counts] = await Promise.all([
    listRequests(deps, query.status, after, query.limit),
    openCounts(deps, deps.now()),
  ]);
  return { ...toPage(rows, query.limit, (row) => [row.key, row.id], toWire), ...counts };
}

/** Marks a request answered: the row, "open" when there is none to answer, null when unknown. */
export async function answer(
  deps: PrivacyRequestDeps,
  id: string,
  by: string,
): Promise<PrivacyRequestRow | "answered" | null> {
  const row = await markAnswered(deps, id, by, deps.now());
  if (row) return toWire(row);
  return (await findRequest(deps, id))?.confirmedAt ? "answered" : null;
}
