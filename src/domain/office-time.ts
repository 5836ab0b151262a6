import { OFFICE_TIME_ZONE } from "./locale";

/**
 * Wall-clock time in the office's zone (America/New_York), both ways, with the clock changes
 * handled: a day in March has 23 hours, one in November 25. Times are minutes after midnight;
 * days are `YYYY-MM-DD` as the office's calendar reads them. Only `Intl` is used (the zone rules
 * are the runtime's own ICU data), so browser and server agree.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: OFFICE_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The office's wall clock at a moment: its day, and minutes after that day's midnight. */
export function officeClock(moment: Date): { day: string; minutes: number; weekday: number } {
  const parts = Object.fromEntries(
    partsFormat.formatToParts(moment).map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  return {
    day,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: new Date(`${day}T00:00:00Z`).getUTCDay(),
  };
}

/** Minutes the office's clock is ahead of UTC at a moment (-240 in summer, -300 in winter). */
export function officeOffsetMinutes(moment: Date): number {
  const { day, minutes } = officeClock(moment);
  const wall = Date.parse(`${day}T00:00:00Z`) + minutes * MINUTE_MS;
  const seconds = moment.getUTCSeconds() * 1000 + moment.getUTCMilliseconds();
  return Math.round((wall - (moment.getTime() - seconds)) / MINUTE_MS);
}

/**
 * The moment the office's clock reads `minutes` after midnight of `day`. A time the clock skips
 * (2:30 on the spring-forward night) is taken as the moment after the gap, as a wall clock
 * moved forward reads it; a time it reads twice (1:30 on the fall-back night), as the first.
 */
export function officeMoment(day: string, minutes: number): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + minutes * MINUTE_MS;
  // The offset at a guess, then at the answer: two passes settle it on either side of a change.
  const first = wall - officeOffsetMinutes(new Date(wall)) * MINUTE_MS;
  const second = wall - officeOffsetMinutes(new Date(first)) * MINUTE_MS;
  if (first === second) return new Date(first);
  // The two differ only around a change: the earlier one that the clock reads as asked, if any
  // (fall back: the first of the two), else the later (spring forward: after the gap).
  const [early, late] = first < second ? [first, second] : [second, first];
  const reads = (at: number) => {
    const clock = officeClock(new Date(at));
    return clock.day === day && clock.minutes === minutes;
  };
  if (reads(early)) return new Date(early);
  if (reads(late)) return new Date(late);
  return new Date(late);
}

/** `day` plus `n` calendar days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** ISO 8601 with the office's offset: `2027-03-14T10:00:00-04:00`. */
export function officeIso(moment: Date): string {
  const offset = officeOffsetMinutes(moment);
  const local = new Date(moment.getTime() + offset * MINUTE_MS).toISOString().slice(0, 19);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${local}${sign}${hh}:${mm}`;
}
