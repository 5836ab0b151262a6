import { ALERT_DIGEST_HOUR, type AlertFrequency, matchesCriteria } from "#domain/alerts";
import type { Unit } from "#domain/listings";
import { OFFICE_TIME_ZONE, officeDay } from "#domain/locale";
import { runPeriodically } from "#server/shared/periodic";
import { getUnit } from "../listings/listings.service";
import { alertEmail } from "./alerts.email";
import { createAlertsRepository } from "./alerts.repository";
import { type AlertDeps, manageUrl, unsubscribeUrl } from "./alerts.service";

/**
 * Sends listing alerts. Each pass (every 30 s, and at once when staff change a listing):
 * 1. every listed unit each active subscription matches and was never told about becomes a
 *    `pending` delivery (one statement; the (subscription, unit) key makes it at most once ever);
 * 2. each instant subscription with pending deliveries is locked (SKIP LOCKED: another instance
 *    takes the next one), its e-mail queued and its deliveries marked sent, in one transaction:
 *    a crash before the commit leaves them pending for the next pass, after it the mail queue
 *    delivers the message;
 * 3. from 8:00 office time, each daily subscription whose day is due gets one summary of its
 *    pending deliveries the same way (none when nothing is pending).
 * A pending unit that no longer matches when its e-mail is written (rented meanwhile, rent
 * raised) is dropped: it is matched again as new if it comes back.
 */

/** How often a pass runs when nothing wakes it: "as soon as one opens" means within a minute. */
export const ALERT_PASS_MS = 30_000;
/** Subscriptions handled per frequency in one pass; the next pass takes the rest. */
const BATCH = 2_000;

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

export function createAlertRunner(deps: AlertDeps & { log: Log }) {
  /** The public unit, read once per pass however many subscribers it goes to; null if unlisted. */
  function unitReader() {
    const read = new Map<number, Promise<Unit | null>>();
    return (id: number) => {
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

  /** One subscription's pending alerts, e-mailed together; answers how many units went out. */
  async function sendPending(
    id: string,
    frequency: AlertFrequency,
    now: Date,
    readUnit: (id: number) => Promise<Unit | null>,
  ): Promise<number> {
    const today = officeDay(now);
    return deps.mailQueue.transaction(async (tx) => {
      const repo = createAlertsRepository(tx.db);
      const row = await repo.lockForSending(id, frequency);
      // Another instance is on it, or it changed (paused, ended, switched) since it was listed.
      if (!row) return 0;
      if (frequency === "daily" && row.lastDigestOn !== null && row.lastDigestOn >= today) return 0;
      const pending = await repo.pendingUnits(id);
      const units: Unit[] = [];
      const gone: number[] = [];
      for (const unitId of pending) {
        const unit = await readUnit(unitId);
        if (unit?.available && matchesCriteria(row.criteria, unit, today)) units.push(unit);
        else gone.push(unitId);
      }
      await repo.dropPending(id, gone);
      if (frequency === "daily") await repo.update(id, { lastDigestOn: today });
      if (units.length === 0) return 0;
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
      await repo.markSent(
        id,
        units.map((u) => u.id),
      );
      // An alert sent is activity (the two-year retention counts from it); a summary's day
      // was recorded above.
      if (frequency === "instant") await repo.update(id, {});
      return units.length;
    });
  }

  /** One pass at `now`; answers what it did. */
  async function pass(now: Date) {
    const today = officeDay(now);
    const repo = createAlertsRepository(deps.db);
    const matched = await repo.matchNew(today);
    const readUnit = unitReader();
    let sent = 0;
    for (const id of await repo.withPending("instant", today, BATCH))
      sent += await sendPending(id, "instant", now, readUnit);
    let summarized = 0;
    if (officeHour(now) >= ALERT_DIGEST_HOUR) {
      for (const id of await repo.withPending("daily", today, BATCH))
        summarized += await sendPending(id, "daily", now, readUnit);
    }
    return { matched, sent, summarized };
  }

  // One pass at a time: a wake during a pass asks for one more after it.
  let running: Promise<unknown> = Promise.resolve();
  let again = false;
  let stopped = false;

  function runOnce(now = deps.now()) {
    const next = running.then(() => pass(now));
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
