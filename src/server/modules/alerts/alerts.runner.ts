import { ALERT_DIGEST_HOUR, type AlertFrequency, matchesCriteria } from "#domain/alerts";
import type { Unit } from "#domain/listings";
import { OFFICE_TIME_ZONE, officeDay } from "#domain/locale";
import type { MailTransaction } from "#server/mail/mail-queue";
import { getUnit } from "#server/modules/listings";
import { runPeriodically } from "#server/shared/periodic";
import {
  type Deliveries,
  dropPending,
  type LockedSubscription,
  lockWithPending,
  markSent,
  matchChanges,
  pendingPage,
} from "./alerts.deliveries.repository";
import { alertEmail } from "./alerts.email";
import { updateSubscriptions } from "./alerts.repository";
import { type AlertDeps, manageUrl, unsubscribeUrl } from "./alerts.service";

/**
 * Sends listing alerts, outside any request: a staff member's save only records, through the
 * triggers on units and buildings, which units changed (`alert_unit_changes`, one row each).
 * Each pass (every 30 s, and at once when staff change a listing):
 * 1. the changed units are matched in SQL, a batch of units per statement, against every active
 *    subscription: each pair that matches and was never told about becomes a `pending` delivery
 *    (the (subscription, unit) key makes it at most once ever), and the changes are deleted in
 *    the same statement;
 * 2. the instant subscriptions with pending deliveries are read a page at a time in id order
 *    (keyset), and each page is e-mailed in one transaction: each subscription is locked as it
 *    comes (SKIP LOCKED: another instance takes the next one), its e-mail queued, and its
 *    deliveries marked sent at the end; a crash before the commit leaves them pending for the
 *    next pass, after it the mail queue delivers the messages;
 * 3. from 8:00 office time, the daily subscriptions whose day is due get one summary of their
 *    pending deliveries the same way (none when nothing is pending).
 * A pending unit that no longer matches when its e-mail is written (rented meanwhile, rent
 * raised) is dropped: it is matched again as new if it changes back. What a pass holds in
 * memory is one page: its subscriptions, their units and one e-mail at a time.
 */

/** How often a pass runs when nothing wakes it: "as soon as one opens" means within a minute. */
export const ALERT_PASS_MS = 30_000;
/** Changes matched per statement: each unit is compared with every active subscription. */
const CHANGES_PER_MATCH = 100;
/** Subscriptions read per page and e-mailed per transaction. */
const SUBSCRIPTIONS_PER_PAGE = 500;

type Log = { info(line: string): void; error(line: string): void };

/** The hour of a moment on the office's clock (0-23). */
function officeHour(moment: Date): number {
  return Number(
    new Intl.DateTimeFormat("en-US", {
      timeZone: OFFICE_TIME_ZONE,
      hour: "numeric",
      hourCycle: "h23",
    }).format(moment),
  );
}

type ReadUnit = (id: number) => Promise<Unit | null>;

/** The public unit, read once per page however many subscribers it goes to; null if unlisted. */
function unitReader(deps: AlertDeps): ReadUnit {
  const read = new Map<number, Promise<Unit | null>>();
  return (id) => {
    let unit = read.get(id);
    if (!unit) {
      unit = getUnit(deps, id).then(
        (r) => r.unit,
        () => null,
      );
      read.set(id, unit);
    }
    return unit;
  };
}

/** One pass at `now`; answers what it did. */
async function alertPass(deps: AlertDeps, now: Date) {
  const matched = await matchAllChanges(deps, officeDay(now));
  const sent = await sendAll(deps, "instant", now);
  const summarized = officeHour(now) >= ALERT_DIGEST_HOUR ? await sendAll(deps, "daily", now) : 0;
  return { matched, sent, summarized };
}

/** Every change due, a batch per statement, until none is left that another pass does not hold. */
async function matchAllChanges(deps: AlertDeps, today: string): Promise<number> {
  let matched = 0;
  for (;;) {
    const batch = await matchChanges(deps, today, CHANGES_PER_MATCH);
    matched += batch.matched;
    if (batch.taken < CHANGES_PER_MATCH) return matched;
  }
}

/** Every subscription of that frequency with alerts due, a page at a time; answers the units sent. */
async function sendAll(deps: AlertDeps, frequency: AlertFrequency, now: Date): Promise<number> {
  const today = officeDay(now);
  let units = 0;
  let after: string | null = null;
  for (;;) {
    const ids = await pendingPage(deps, { frequency, today, after, limit: SUBSCRIPTIONS_PER_PAGE });
    if (ids.length > 0) units += await sendPage(deps, { ids, frequency, now });
    if (ids.length < SUBSCRIPTIONS_PER_PAGE) return units;
    after = ids[ids.length - 1]!;
  }
}

type Page = { ids: string[]; frequency: AlertFrequency; now: Date };
/** What one subscription's turn did: the units e-mailed, and those dropped. */
type Turn = { id: string; sent: number[]; gone: number[] };

/** One page of subscriptions e-mailed in one transaction; answers how many units went out. */
function sendPage(deps: AlertDeps, page: Page): Promise<number> {
  const readUnit = unitReader(deps);
  return deps.mailQueue.transaction(async (tx) => {
    const turns: Turn[] = [];
    for (const id of page.ids) {
      const turn = await sendPending(deps, tx, { ...page, id, readUnit });
      if (turn) turns.push(turn);
    }
    await recordTurns(tx, page, turns);
    return turns.reduce((sum, turn) => sum + turn.sent.length, 0);
  });
}

/**
 * One subscription's pending alerts, e-mailed together within the page's transaction; null when
 * another instance holds it, or it changed (paused, ended, switched) since the page was read.
 */
async function sendPending(
  deps: AlertDeps,
  tx: MailTransaction,
  turn: { id: string; frequency: AlertFrequency; now: Date; readUnit: ReadUnit },
): Promise<Turn | null> {
  const { id, frequency } = turn;
  const today = officeDay(turn.now);
  const row = await lockWithPending(tx, id, frequency);
  if (!row) return null;
  if (frequency === "daily" && row.lastDigestOn !== null && row.lastDigestOn >= today) return null;
  const { units, gone } = await stillMatching(row, turn.readUnit, today);
  if (units.length > 0)
    await tx.queue({
      kind: frequency === "daily" ? "listing_alert_digest" : "listing_alert",
      ...alertEmail({
        to: row.email,
        lang: row.lang,
        criteria: row.criteria,
        units,
        kind: frequency === "daily" ? "digest" : "instant",
        links: { manageUrl: manageUrl(deps, row), unsubscribeUrl: unsubscribeUrl(deps, id) },
        publicUrl: deps.publicUrl,
        today,
      }),
    });
  return { id, sent: units.map((u) => u.id), gone };
}

/**
 * The page's outcome, a statement each: what no longer matches dropped, what was e-mailed sent.
 * A summary considered records its day whether or not it had anything to send. Neither is the
 * subscriber's activity: the two-year retention counts from their own acts only.
 */
async function recordTurns(tx: MailTransaction, page: Page, turns: Turn[]) {
  const gone: Deliveries[] = turns.map((turn) => ({ subscriptionId: turn.id, unitIds: turn.gone }));
  const sent: Deliveries[] = turns.map((turn) => ({ subscriptionId: turn.id, unitIds: turn.sent }));
  await dropPending(tx, gone);
  await markSent(tx, sent);
  if (page.frequency === "daily")
    await updateSubscriptions(
      tx,
      turns.map((turn) => turn.id),
      { lastDigestOn: officeDay(page.now) },
    );
}

/** The pending units still listed and matching the criteria today, and those that are not. */
async function stillMatching(row: LockedSubscription, readUnit: ReadUnit, today: string) {
  const units: Unit[] = [];
  const gone: number[] = [];
  for (const unitId of row.pending) {
    const unit = await readUnit(unitId);
    if (unit?.available && matchesCriteria(row.criteria, unit, today)) units.push(unit);
    else gone.push(unitId);
  }
  return { units, gone };
}

export function createAlertRunner(deps: AlertDeps & { log: Log }) {
  // One pass at a time: a wake during a pass asks for one more after it.
  let running: Promise<unknown> = Promise.resolve();
  let again = false;
  let stopped = false;

  function runOnce(now = deps.now()) {
    const next = running.then(() => alertPass(deps, now));
    running = next.catch(() => undefined);
    return next;
  }

  async function background() {
    try {
      const { matched, sent, summarized } = await runOnce();
      if (sent + summarized > 0)
        deps.log.info(
          `listing alerts: ${matched} matched, ${sent} sent at once, ${summarized} in daily summaries`,
        );
    } catch (error) {
      deps.log.error(`listing alerts: pass failed: ${(error as Error).message}`);
    }
  }

  let timer: { stop: () => Promise<void> } | undefined;
  return {
    start() {
      timer = runPeriodically(background, ALERT_PASS_MS);
    },
    /** Staff changed a listing: a pass soon (a burst of writes shares one). */
    wake() {
      if (stopped || again) return;
      again = true;
      setTimeout(() => {
        again = false;
        if (!stopped) void background();
      }, 200).unref();
    },
    /** One pass now (tests and the benchmark), after any under way. */
    runOnce,
    async stop() {
      stopped = true;
      await timer?.stop();
      await running;
    },
  };
}
export type AlertRunner = ReturnType<typeof createAlertRunner>;
