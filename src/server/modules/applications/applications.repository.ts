import { desc } from "drizzle-orm";
import type { Executor } from "#server/db/client";
import { screeningFeeCaps } from "./applications.table";

type Deps = { db: Executor };

/** The most caps the settings answer (one a year: decades of them). */
const CAPS_LISTED = 50;

/** The recorded caps, the latest first. */
export async function listCaps({ db }: Deps) {
  return db
    .select({ appliesFrom: screeningFeeCaps.appliesFrom, screeningFeeCap: screeningFeeCaps.cap })
    .from(screeningFeeCaps)
    .orderBy(desc(screeningFeeCaps.appliesFrom))
    .limit(CAPS_LISTED);
}

/** Records a cap from its day (a second one for the same day replaces it). */
export async function saveCap({ db }: Deps, appliesFrom: string, cap: number) {
  await db
    .insert(screeningFeeCaps)
    .values({ appliesFrom, cap })
    .onConflictDoUpdate({
      target: screeningFeeCaps.appliesFrom,
      set: { cap, updatedAt: new Date() },
    });
}
