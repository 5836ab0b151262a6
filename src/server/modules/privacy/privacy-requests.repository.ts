import { and, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { PrivacyRequestKind, PrivacyRequestStatus } from "#domain/privacy";
import { inBatches } from "#server/db/batches";
import type { Executor } from "#server/db/client";
import { afterKey, type KeyPart, timeKey } from "#server/db/keyset";
import { mailboxKey } from "#server/db/mailbox";
import { privacyRequests } from "./privacy-requests.table";

/** The renters' own requests for their data: links waiting, open requests, answered ones. */

type Deps = { db: Executor };
const mailboxOf = (email: string) => mailboxKey(sql`${email}`);

/** Serializes one mailbox's requests within the caller's transaction (the daily cap). */
export async function lockMailbox({ db }: Deps, email: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('privacy:' || ${mailboxOf(email)}))`);
}

/** Requests for the mailbox of `email` since `since`, confirmed or not. */
export async function countRequestsSince({ db }: Deps, email: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.mailbox, mailboxOf(email)),
        sql`${privacyRequests.createdAt} >= ${since}`,
      ),
    );
  return row?.n ?? 0;
}

export async function insertRequest(
  { db }: Deps,
  row: {
    email: string;
    kind: PrivacyRequestKind;
    lang: "en" | "es";
    tokenHash: string;
    expiresAt: Date;
    createdAt: Date;
  },
) {
  await db.insert(privacyRequests).values(row);
}

const shown = {
  id: privacyRequests.id,
  email: privacyRequests.email,
  kind: privacyRequests.kind,
  lang: privacyRequests.lang,
  expiresAt: privacyRequests.expiresAt,
  confirmedAt: privacyRequests.confirmedAt,
  dueAt: privacyRequests.dueAt,
  answeredAt: privacyRequests.answeredAt,
  answeredBy: privacyRequests.answeredBy,
};
export type RequestRow = {
  id: string;
  email: string | null;
  kind: PrivacyRequestKind;
  lang: "en" | "es";
  expiresAt: Date;
  confirmedAt: Date | null;
  dueAt: Date | null;
  answeredAt: Date | null;
  answeredBy: string | null;
};

/** The request of a link, by the token's hash: waiting, confirmed or answered. */
export async function findByTokenHash({ db }: Deps, tokenHash: string): Promise<RequestRow | null> {
  const [row] = await db
    .select(shown)
    .from(privacyRequests)
    .where(eq(privacyRequests.tokenHash, tokenHash));
  return row ?? null;
}

/** Confirms a waiting request whose link is still in time; null when there is none. */
export async function confirmRequest(
  { db }: Deps,
  tokenHash: string,
  now: Date,
  dueAt: Date,
): Promise<RequestRow | null> {
  const [row] = await db
    .update(privacyRequests)
    .set({ confirmedAt: now, dueAt })
    .where(
      and(
        eq(privacyRequests.tokenHash, tokenHash),
        isNull(privacyRequests.confirmedAt),
        sql`${privacyRequests.expiresAt} > ${now}`,
      ),
    )
    .returning(shown);
  return row ?? null;
}

/**
 * A page of confirmed requests: open ones soonest due first (along privacy_requests_open_idx),
 * answered ones newest answer first. `after` is the last row's key of the page before.
 */
export async function listRequests(
  { db }: Deps,
  status: PrivacyRequestStatus,
  after: readonly KeyPart[] | null,
  limit: number,
) {
  const open = status === "open";
  const sortColumn = open ? privacyRequests.dueAt : privacyRequests.answeredAt;
  const where = open
    ? and(isNotNull(privacyRequests.confirmedAt), isNull(privacyRequests.answeredAt))
    : isNotNull(privacyRequests.answeredAt);
  return db
    .select({ ...shown, key: timeKey(sortColumn) })
    .from(privacyRequests)
    .where(
      after
        ? and(where, afterKey([sortColumn, privacyRequests.id], after, open ? "asc" : "desc"))
        : where,
    )
    .orderBy(
      ...(open
        ? [sql`${sortColumn} asc`, sql`${privacyRequests.id} asc`]
        : [sql`${sortColumn} desc`, sql`${privacyRequests.id} desc`]),
    )
    .limit(limit + 1);
}

/** Open requests in all, and those past their due date. */
export async function openCounts({ db }: Deps, now: Date) {
  const [row] = await db
    .select({
      open: count(),
      overdue: sql<number>`count(*) filter (where ${privacyRequests.dueAt} < ${now})::int`,
    })
    .from(privacyRequests)
    .where(and(isNotNull(privacyRequests.confirmedAt), isNull(privacyRequests.answeredAt)));
  return { open: row?.open ?? 0, overdue: row?.overdue ?? 0 };
}

export async function findRequest({ db }: Deps, id: string): Promise<RequestRow | null> {
  const [row] = await db.select(shown).from(privacyRequests).where(eq(privacyRequests.id, id));
  return row ?? null;
}

/**
 * Marks a confirmed, open request answered; its link stops working. Null when it is not open.
 */
export async function markAnswered(
  { db }: Deps,
  id: string,
  by: string,
  now: Date,
): Promise<RequestRow | null> {
  const [row] = await db
    .update(privacyRequests)
    .set({ answeredAt: now, answeredBy: by, tokenHash: null })
    .where(
      and(
        eq(privacyRequests.id, id),
        isNotNull(privacyRequests.confirmedAt),
        isNull(privacyRequests.answeredAt),
      ),
    )
    .returning(shown);
  return row ?? null;
}

/**
 * The person's requests, on an erasure of their data: the address cleared, the open ones
 * answered by it, unconfirmed ones deleted. Answers how many were theirs.
 */
export async function forgetRequestsOf(
  { db }: Deps,
  email: string,
  by: string,
  now: Date,
): Promise<number> {
  const theirs = sql`lower(${privacyRequests.email}) = ${email}`;
  const waiting = await db
    .delete(privacyRequests)
    .where(and(theirs, isNull(privacyRequests.confirmedAt)));
  const kept = await db
    .update(privacyRequests)
    .set({
      email: null,
      tokenHash: null,
      answeredAt: sql`coalesce(${privacyRequests.answeredAt}, ${now})`,
      answeredBy: sql`coalesce(${privacyRequests.answeredBy}, ${by})`,
    })
    .where(theirs);
  return (waiting.rowCount ?? 0) + (kept.rowCount ?? 0);
}

/** The retention table's two purges: links never confirmed, and requests answered long ago. */
export function purgeUnconfirmedBefore({ db }: Deps, cutoff: Date): Promise<number> {
  return inBatches(async (limit) => {
    const result = await db.execute(sql`
      delete from ${privacyRequests} where ${privacyRequests.id} in (
        select id from ${privacyRequests}
        where confirmed_at is null and created_at < ${cutoff}
        limit ${limit})`);
    return result.rowCount ?? 0;
  });
}

export function purgeAnsweredBefore({ db }: Deps, cutoff: Date): Promise<number> {
  return inBatches(async (limit) => {
    const result = await db.execute(sql`
      delete from ${privacyRequests} where ${privacyRequests.id} in (
        select id from ${privacyRequests} where answered_at < ${cutoff} limit ${limit})`);
    return result.rowCount ?? 0;
  });
}
