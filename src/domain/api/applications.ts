import { screeningFeeCapSchema } from "#domain/application-charges";
import { z } from "#domain/zod";
import { apiErrorSchema, defineApi } from "./contract";

const settingsSchema = z.object({
  /** The cap in force today (office time), in whole dollars. */
  screeningFeeCap: z.number().int(),
  /** The statute's cap, in force until staff record another. */
  statutoryCap: z.number().int(),
  /** The caps recorded, the latest first (at most 50). */
  caps: z.array(screeningFeeCapSchema).max(50),
});

/** Rental applications, lawful in Connecticut: the office's settings. */
export const applicationsApi = defineApi("applications", {
  getSettings: {
    method: "GET",
    path: "/api/admin/application-settings",
    summary:
      "The screening-report fee's cap in force today ($50 under CGS 47a-4d until staff record the year's adjusted cap) and the caps recorded",
    guard: "admin",
    unpaged: "At most 50 caps, one a year: decades of them",
    responses: { 200: settingsSchema },
  },
  putSettings: {
    method: "PUT",
    path: "/api/admin/application-settings",
    summary:
      "Records the year's screening-fee cap and the day it applies from (a second one for the same day replaces it)",
    guard: "admin",
    audit: "application_settings.updated",
    body: screeningFeeCapSchema,
    invalidates: [],
    responses: { 200: settingsSchema, 400: apiErrorSchema },
  },
});
