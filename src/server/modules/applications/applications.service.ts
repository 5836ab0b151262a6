import {
  SCREENING_FEE_CAP_DEFAULT,
  type ScreeningFeeCap,
  screeningFeeCapOn,
} from "#domain/application-charges";
import { officeDay } from "#domain/locale";
import type { Db } from "#server/db/client";
import { listCaps, saveCap } from "./applications.repository";

export type ApplicationDeps = { db: Db; now: () => Date };

/** The applications' settings: the screening fee's cap in force today, and those recorded. */
export async function settingsOf(deps: ApplicationDeps) {
  const caps = await listCaps(deps);
  const today = officeDay(deps.now());
  return {
    screeningFeeCap: screeningFeeCapOn(caps, today),
    statutoryCap: SCREENING_FEE_CAP_DEFAULT,
    caps,
  };
}

/** Records the year's cap; answers the settings before and after. */
export async function recordCap(deps: ApplicationDeps, cap: ScreeningFeeCap) {
  const before = await settingsOf(deps);
  await saveCap(deps, cap.appliesFrom, cap.screeningFeeCap);
  return { before, after: await settingsOf(deps) };
}
