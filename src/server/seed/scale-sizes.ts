import type { ObjectStore } from "#server/storage/storage";
import type { Executor } from "./scale-sql";

/**
 * How much the scale seed loads at factor 1: a Connecticut agency that has grown to 2,000
 * buildings in ten years, with the personal data the retention keeps (two years of it). `--scale=0.01` loads a hundredth of each (at least one row).
 */
export const sizes = {
  buildings: 2_000,
  units: 20_000,
  tenants: 5_000,
  inquiries: 1_000_000,
  maintenanceRequests: 50_000,
  maintenanceComments: 75_000,
  documentRequests: 10_000,
  tenantFiles: 100_000,
  alertSubscriptions: 50_000,
  auditEvents: 200_000,
  outgoingMail: 200_000,
  showings: 100_000,
  applications: 100_000,
} as const;

export type ScaleSizes = Record<keyof typeof sizes, number>;

export function scaledSizes(factor: number): ScaleSizes {
  if (!(factor > 0 && factor <= 10)) {
    throw new RangeError(`The scale factor must be above 0 and at most 10 (got ${factor}).`);
  }
  return Object.fromEntries(
    Object.entries(sizes).map(([name, size]) => [name, Math.max(1, Math.round(size * factor))]),
  ) as ScaleSizes;
}

/** What each step of the load works with. */
export type ScaleContext = {
  client: Executor;
  sizes: ScaleSizes;
  /** Random per load: the uuids of its rows are md5(salt, kind, row number). */
  salt: string;
  /** The ids just before the load's first building, unit and inquiry: theirs are base + n. */
  base: { property: number; unit: number; inquiry: number };
  store: ObjectStore;
  /** The app's secret: the alert subscriptions' manage links are derived from it. */
  secret: Uint8Array;
  /** The rows written so far, by table (fewer users, the tenants, than asked when few units are rented). */
  made: Record<string, number>;
  /** What to undo outside the database (files written) if the load fails. */
  undo: (() => Promise<void>)[];
};
