import { createHmac, randomUUID } from "node:crypto";
import { type Locale, localizedPath } from "#domain/locale";
import {
  type AdminWaitlistEntry,
  type AdminWaitlistQuery,
  WAITLIST_ANSWER_DAYS,
  WAITLIST_CHECK_DAYS,
  WAITLIST_CONFIRM_DAYS,
  WAITLIST_MOVES_KEPT,
  type WaitlistJoin,
  type WaitlistView,
  waitlistMessages,
} from "#domain/waitlists";
import type { Executor } from "#server/db/client";
import { decodeKey, toPage } from "#server/db/keyset";
import { badRequest, conflict, notFound } from "#server/http/errors";
import { hashLinkToken, isLinkToken } from "#server/shared/link-token";
import { runPeriodically } from "#server/shared/periodic";
import { isUuid } from "#server/shared/uuid";
import { inviteIn } from "./applications.applicant.service";
import { unitToApply } from "./applications.repository";
import type { ApplicationDeps } from "./applications.service";
import { waitlistEmail } from "./waitlist.email";
import {
  buildingTitle,
  byTokenHash,
  deleteEntry,
  dueForCheck,
  insertEntry,
  listForOffice,
  lockEntry,
  lockPerson,
  markLinkSent,
  nextWaiting,
  positionOf,
  purgeUnconfirmed,
  ranksAround,
  removeSilent,
  updateEntry,
  type WaitlistRow,
} from "./waitlist.repository";

/**
 * Waiting lists: a renter's join, confirmed by its e-mailed link; their link's page (their
 * place, the six-month question, leaving); the office's view of a building's lists, a move with
 * its reason, and the next people invited to apply when a unit opens; and the runner that asks
 * every six months and removes those who do not answer.
 */

export type WaitlistDeps = ApplicationDeps & { waitlistTokens: WaitlistTokens };

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** An entry's link token, derived from the app's secret and its id (the table keeps its hash). */
export function createWaitlistTokens(secret: Uint8Array) {
  return (entryId: string) =>
    createHmac("sha256", secret).update(`rentals:waitlist:link:${entryId}`).digest("base64url");
}
export type WaitlistTokens = ReturnType<typeof createWaitlistTokens>;

const linkOf = (deps: WaitlistDeps, entry: { id: string; lang: Locale }) =>
  `${deps.publicUrl}${localizedPath(`/waitlist/${deps.waitlistTokens(entry.id)}`, entry.lang)}`;

/**
 * A join. The same answer whatever happens (nobody learns who is on a list): a new person is
 * e-mailed the link that confirms it; one already on it (confirmed or not) is e-mailed their
 * link again, at most once an hour.
 */
export async function join(
  deps: WaitlistDeps,
  propertyId: number,
  input: WaitlistJoin & { lang: Locale },
) {
  const building = await buildingTitle(deps, propertyId);
  if (building === null) throw notFound(waitlistMessages.buildingNotFound);
  const now = deps.now();
  const list = { propertyId, bedrooms: input.bedrooms };
  await deps.mailQueue.transaction(async (tx) => {
    const known = await lockPerson(tx, list, input.email);
    if (known) {
      if (known.linkSentAt.getTime() > now.getTime() - HOUR_MS) return;
      await markLinkSent(tx, known.id, now);
      const kind = known.status === "pending" ? "confirm" : "already";
      await tx.queue(waitlistEmail(kind, known, building, linkOf(deps, known)));
      return;
    }
    const id = randomUUID();
    const entry = await insertEntry(tx, {
      id,
      ...list,
      name: input.name,
      email: input.email,
      lang: input.lang,
      tokenHash: hashLinkToken(deps.waitlistTokens(id)),
      linkSentAt: now,
      createdAt: now,
    });
    if (entry) await tx.queue(waitlistEmail("confirm", entry, building, linkOf(deps, entry)));
  });
  return true;
}

async function open(deps: WaitlistDeps, token: string, lock: { db: Executor } | null) {
  if (!isLinkToken(token)) return null;
  const found = await byTokenHash(lock ?? deps, hashLinkToken(token), lock !== null);
  if (!found) return null;
  // An unconfirmed join's link ends with its week.
  const { entry } = found;
  const expired =
    entry.status === "pending" &&
    entry.createdAt.getTime() < deps.now().getTime() - WAITLIST_CONFIRM_DAYS * DAY_MS;
  return expired ? null : found;
}

async function viewOf(deps: { db: Executor }, entry: WaitlistRow, building: string) {
  return {
    building,
    bedrooms: entry.bedrooms,
    status: entry.status,
    position: await positionOf(deps, entry.id),
    joinedAt: entry.joinedAt?.toISOString() ?? null,
    checkPending: entry.checkSentAt !== null,
    lang: entry.lang,
  } satisfies WaitlistView;
}

const linkInvalid = () => notFound(waitlistMessages.linkInvalid);

export async function viewByToken(deps: WaitlistDeps, token: string): Promise<WaitlistView> {
  const found = await open(deps, token, null);
  if (!found) throw linkInvalid();
  return viewOf(deps, found.entry, found.building);
}

/**
 * The person's own yes: a join confirmed (their place counts from now), or the six-month
 * question answered (they keep their place). Pressing it again changes nothing.
 */
export async function confirmByToken(deps: WaitlistDeps, token: string): Promise<WaitlistView> {
  return deps.db.transaction(async (db) => {
    const found = await open(deps, token, { db });
    if (!found) throw linkInvalid();
    const { entry } = found;
    const now = deps.now();
    if (entry.status === "pending") {
      await updateEntry({ db }, entry.id, {
        status: "waiting",
        rank: now.getTime(),
        joinedAt: now,
        lastConfirmedAt: now,
      });
    } else if (entry.checkSentAt) {
      await updateEntry({ db }, entry.id, { lastConfirmedAt: now, checkSentAt: null });
    }
    const again = await byTokenHash({ db }, entry.tokenHash);
    return viewOf({ db }, again!.entry, again!.building);
  });
}

/** The person leaves the list: the entry is deleted at once. */
export async function leaveByToken(deps: WaitlistDeps, token: string) {
  const found = await open(deps, token, null);
  if (!found) throw linkInvalid();
  await deleteEntry(deps, found.entry.id);
  return { success: true as const, message: waitlistMessages.left };
}

/** A number a cursor carried (a list's rank): refused before it reaches SQL when it is none. */
function rankOf(text: string): string {
  if (!Number.isFinite(Number(text))) throw badRequest("Not a cursor this list handed out.");
  return text;
}

export async function listWaitlist(deps: WaitlistDeps, query: AdminWaitlistQuery) {
  const after = query.cursor ? decodeKey(query.cursor, ["integer", "text", "uuid"] as const) : null;
  const rows = await listForOffice(
    deps,
    { propertyId: query.propertyId, bedrooms: query.bedrooms },
    after ? [after[0], rankOf(after[1]), after[2]] : null,
    query.limit,
  );
  return toPage(
    rows,
    query.limit,
    (row) => [row.entry.bedrooms, String(row.entry.rank ?? 0), row.entry.id],
    ({ entry, place }): AdminWaitlistEntry => ({
      id: entry.id,
      name: entry.name,
      email: entry.email,
      lang: entry.lang,
      bedrooms: entry.bedrooms,
      status: entry.status === "invited" ? "invited" : "waiting",
      position: entry.status === "waiting" ? place : null,
      joinedAt: (entry.joinedAt ?? entry.createdAt).toISOString(),
      lastConfirmedAt: (entry.lastConfirmedAt ?? entry.createdAt).toISOString(),
      checkSentAt: entry.checkSentAt?.toISOString() ?? null,
      invitedAt: entry.invitedAt?.toISOString() ?? null,
      applicationId: entry.applicationId,
      moves: entry.moves,
    }),
  );
}

/**
 * Moves someone waiting to another place on their list, with the reason staff give (kept in the
 * entry's history and the audit trail). Answers the places before and after.
 */
export async function move(
  deps: WaitlistDeps,
  id: string,
  input: { position: number; reason: string },
) {
  if (!isUuid(id)) throw notFound(waitlistMessages.entryNotFound);
  return deps.db.transaction(async (db) => {
    const entry = await lockEntry({ db }, id);
    if (!entry) throw notFound(waitlistMessages.entryNotFound);
    if (entry.status !== "waiting") throw conflict(waitlistMessages.notWaiting);
    const from = (await positionOf({ db }, id)) ?? 1;
    const { before, after } = await ranksAround({ db }, entry, input.position);
    const rank =
      before === null
        ? (after ?? entry.rank ?? 0) - 1
        : after === null
          ? before + 1
          : (before + after) / 2;
    await updateEntry({ db }, id, { rank });
    const to = (await positionOf({ db }, id)) ?? input.position;
    const moves = [
      ...entry.moves,
      { at: deps.now().toISOString(), from, to, reason: input.reason },
    ].slice(-WAITLIST_MOVES_KEPT);
    await updateEntry({ db }, id, { moves });
    return { from, to, propertyId: entry.propertyId };
  });
}

/**
 * A unit opened: the next `count` people waiting on its building's list for its bedrooms are
 * each invited to apply for it (the application's own invitation), and marked invited.
 */
export async function inviteNext(
  deps: WaitlistDeps,
  unitId: number,
  count: number,
  invitedBy: string | null,
) {
  const unit = await unitToApply(deps, unitId);
  if (!unit) throw notFound("This unit was not found.");
  // The unit's bedrooms choose the list.
  const list = { propertyId: unit.propertyId, bedrooms: unit.bedrooms };
  const invited = await deps.mailQueue.transaction(async (tx) => {
    const next = await nextWaiting(tx, list, count);
    if (next.length === 0) throw conflict(waitlistMessages.noneWaiting);
    const made: { entryId: string; applicationId: string }[] = [];
    for (const entry of next) {
      const { applicationId } = await inviteIn(
        deps,
        tx,
        unitId,
        { name: entry.name, email: entry.email, lang: entry.lang },
        invitedBy,
      );
      await updateEntry(tx, entry.id, { status: "invited", invitedAt: deps.now(), applicationId });
      made.push({ entryId: entry.id, applicationId });
    }
    return made;
  });
  return { propertyId: unit.propertyId, invited };
}

/** How many entries one pass handles at most (the rest wait for the next pass). */
const PASS_BATCH = 500;
/** How often the runner looks: the six-month question goes out within an hour of its day. */
const PASS_MS = HOUR_MS;

/**
 * The waiting lists' clockwork, hourly: joins not confirmed within a week are deleted; those
 * waiting who last said yes six months ago are asked again; those asked two weeks ago who did not
 * answer are removed and told. Each mail is queued in the transaction that marks its entry.
 */
export function createWaitlistRunner(
  deps: WaitlistDeps & { log: { error: (line: string) => void } },
) {
  async function runOnce() {
    const now = deps.now().getTime();
    await purgeUnconfirmed(deps, new Date(now - WAITLIST_CONFIRM_DAYS * DAY_MS));
    await deps.mailQueue.transaction(async (tx) => {
      const due = await dueForCheck(tx, new Date(now - WAITLIST_CHECK_DAYS * DAY_MS), PASS_BATCH);
      for (const { entry, building } of due) {
        await updateEntry(tx, entry.id, { checkSentAt: new Date(now) });
        await tx.queue(waitlistEmail("check", entry, building, linkOf(deps, entry)));
      }
    });
    await deps.mailQueue.transaction(async (tx) => {
      const silent = await removeSilent(
        tx,
        new Date(now - WAITLIST_ANSWER_DAYS * DAY_MS),
        PASS_BATCH,
      );
      for (const { entry, building } of silent) {
        await tx.queue(waitlistEmail("removed", entry, building, null));
      }
    });
  }
  let periodic: { stop: () => Promise<void> } | undefined;
  return {
    runOnce,
    start() {
      periodic ??= runPeriodically(
        () => runOnce().catch((error: Error) => deps.log.error(`waitlists: ${error.message}`)),
        PASS_MS,
      );
    },
    async stop() {
      await periodic?.stop();
      periodic = undefined;
    },
  };
}
export type WaitlistRunner = ReturnType<typeof createWaitlistRunner>;
