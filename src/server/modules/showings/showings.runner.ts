import { runPeriodically } from "#server/shared/periodic";
import { showingEmail } from "./showings.email";
import { type ReminderShowing, releaseRequestsBefore, takeReminders } from "./showings.repository";
import { cancelUrl, type ShowingDeps } from "./showings.service";
import { tellTenantsAtHome } from "./showings.tenant-notice";

const HOUR_MS = 3_600_000;
/** A request staff have not confirmed this long after it was made is let go. */
export const REQUEST_HOLD_MS = 24 * HOUR_MS;
/** The reminders: a day before, and two hours before. */
const REMINDERS = [
  { kind: "day", within: 24 * HOUR_MS, mail: "reminderDay" },
  { kind: "hours", within: 2 * HOUR_MS, mail: "reminderHours" },
] as const;
/** How often the runner looks (a reminder goes out at most this late). */
const PASS_MS = 60_000;

/**
 * The showings' clockwork, every minute on every instance: requests unconfirmed for 24 hours are
 * let go (their time free, the renter told, a calendar cancellation sent), and booked showings'
 * renters are reminded a day and two hours before. Each row is marked in the same transaction
 * as its e-mail is queued, and rows another instance holds are skipped: each e-mail goes once,
 * across restarts and instances.
 */
export function createShowingRunner(
  deps: ShowingDeps & { log: { error: (line: string) => void } },
) {
  async function runOnce() {
    const now = deps.now();
    await deps.mailQueue.transaction(async (tx) => {
      const released = await releaseRequestsBefore(
        tx,
        new Date(now.getTime() - REQUEST_HOLD_MS),
        now,
      );
      for (const showing of released) {
        await tx.queue({ kind: "showing_released", ...message(deps, showing, "released") });
        // A tenant at home was told of the request when it was made: it is off.
        await tellTenantsAtHome(tx, deps.publicUrl, showing.unitId, "off", {
          ...showing.unit,
          unit: showing.unit.number,
          start: showing.startsAt,
        });
      }
    });
    for (const reminder of REMINDERS) {
      await deps.mailQueue.transaction(async (tx) => {
        for (const showing of await takeReminders(tx, reminder.kind, reminder.within, now)) {
          await tx.queue({ kind: "showing_reminder", ...message(deps, showing, reminder.mail) });
        }
      });
    }
  }
  let periodic: { stop: () => Promise<void> } | undefined;
  return {
    runOnce,
    start() {
      periodic ??= runPeriodically(
        () => runOnce().catch((error: Error) => deps.log.error(`showings: ${error.message}`)),
        PASS_MS,
      );
    },
    async stop() {
      await periodic?.stop();
      periodic = undefined;
    },
  };
}
export type ShowingRunner = ReturnType<typeof createShowingRunner>;

function message(
  deps: ShowingDeps,
  showing: ReminderShowing,
  kind: "released" | "reminderDay" | "reminderHours",
) {
  const link = cancelUrl(deps, deps.tokens(showing.id, showing.moves), showing.lang);
  return showingEmail({
    kind,
    to: showing.email,
    lang: showing.lang,
    showing: { ...showing.unit, unit: showing.unit.number, start: showing.startsAt },
    cancelUrl: link,
  });
}
