import { screeningFeeCapSchema } from "#domain/application-charges";
import {
  adminApplicationDetailSchema,
  adminApplicationsPageSchema,
  adminApplicationsQuerySchema,
  applicantViewSchema,
  applicationDecisionSchema,
  applicationInviteSchema,
  applicationOfferSchema,
  applicationSaveSchema,
  coApplicantSchema,
  offerAcceptanceSchema,
} from "#domain/applications";
import { z } from "#domain/zod";
import { apiErrorSchema, defineApi, doneSchema, idParams, tokenParams } from "./contract";

const settingsSchema = z.object({
  /** The cap in force today (office time), in whole dollars. */
  screeningFeeCap: z.number().int(),
  /** The statute's cap, in force until staff record another. */
  statutoryCap: z.number().int(),
  /** The caps recorded, the latest first (at most 50). */
  caps: z.array(screeningFeeCapSchema).max(50),
});

const invitedSchema = z.object({ id: z.uuid(), message: z.string() });
const paperEnteredSchema = invitedSchema.extend({
  /** The application's form for the office to type the paper's answers into (the renter's link). */
  formPath: z.string(),
});

/**
 * Rental applications, lawful in Connecticut: the office's invitation and decisions, and each
 * applicant's link (no account: the e-mailed link is their key).
 */
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
  invite: {
    method: "POST",
    path: "/api/admin/units/:id/application-invites",
    summary:
      "Invites a renter to apply for the unit: an application is started and its link (/apply/<token>, valid 30 days) e-mailed in the renter's language",
    guard: "admin",
    audit: "application.invited",
    params: idParams,
    body: applicationInviteSchema,
    invalidates: ["applications"],
    responses: { 201: invitedSchema, 400: apiErrorSchema, 404: apiErrorSchema },
  },
  enterPaper: {
    method: "POST",
    path: "/api/admin/units/:id/paper-applications",
    summary:
      "A paper application for the unit, typed in by the office: the application is started (source paper) and its form's path answered for staff to enter the paper's answers and submit it; the renter is e-mailed nothing until it is submitted, and then as every applicant (received, decisions, offer with the link)",
    guard: "admin",
    audit: "application.paper_entered",
    params: idParams,
    body: applicationInviteSchema,
    invalidates: ["applications"],
    responses: { 201: paperEnteredSchema, 400: apiErrorSchema, 404: apiErrorSchema },
  },
  start: {
    method: "POST",
    path: "/api/units/:id/applications",
    summary:
      "A unit's Apply Now (APPLY_NOW=online; 404 otherwise): starts an application and e-mails its link (/apply/<token>, valid 30 days) to the address given; the same 202 whatever the address (at most 3 started for one mailbox a day, more are silently not); 404 for a unit the site does not show",
    guard: "public",
    params: idParams,
    body: applicationInviteSchema,
    invalidates: ["applications"],
    responses: { 202: doneSchema, 400: apiErrorSchema, 404: apiErrorSchema },
  },
  list: {
    method: "GET",
    path: "/api/admin/applications",
    summary:
      "Applications, newest first, of one status or all, searched by name, address or unit; each flagged when another application has the same address, or an adult of the same name and date of birth",
    guard: "admin",
    reads: "applications",
    query: adminApplicationsQuerySchema,
    responses: { 200: adminApplicationsPageSchema, 400: apiErrorSchema },
  },
  get: {
    method: "GET",
    path: "/api/admin/applications/:id",
    summary:
      "One application whole: every adult's part, the household's income and the tenant's share of the rent, the decision, the adverse-action notices sent, the offer and the applications it duplicates",
    guard: "admin",
    reads: "applications",
    params: idParams,
    responses: { 200: adminApplicationDetailSchema, 404: apiErrorSchema },
  },
  decide: {
    method: "PATCH",
    path: "/api/admin/applications/:id",
    summary:
      "Moves the application on (screening, approved, denied, waitlisted, withdrawn), e-mailing every adult in their language. screeningFee (with screening) at most the year's cap; a denial needs a reason, and reason screening-report needs adverseAction {agencyName, agencyAddress, agencyPhone, score?}: the notice of 15 U.S.C. 1681m is sent and kept. 409 for a step not allowed from where it stands, 422 for a fee the law refuses",
    guard: "admin",
    audit: "application.status_changed",
    params: idParams,
    body: applicationDecisionSchema,
    invalidates: ["applications"],
    responses: {
      200: adminApplicationDetailSchema,
      400: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
      422: apiErrorSchema,
    },
  },
  offer: {
    method: "POST",
    path: "/api/admin/applications/:id/offer",
    summary:
      "Offers the home to an approved application: rent, deposit (at most two months' rent, one when an adult is 62 or older, CGS 47a-21) and other charges CGS 47a-4d allows, with the lead-paint disclosure for a building before 1978; e-mailed to the first applicant. 422 with the reason for anything the law refuses",
    guard: "admin",
    audit: "application.offered",
    params: idParams,
    body: applicationOfferSchema,
    invalidates: ["applications"],
    responses: {
      200: adminApplicationDetailSchema,
      400: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
      422: apiErrorSchema,
    },
  },
  view: {
    method: "GET",
    path: "/api/applications/:token",
    summary:
      "The application an e-mailed link opens: the unit, the applicant's own part as saved, and for the first applicant the household and the other adults; 404 for a link unknown or expired",
    guard: "public",
    params: tokenParams,
    responses: { 200: applicantViewSchema, 404: apiErrorSchema },
  },
  save: {
    method: "PUT",
    path: "/api/applications/:token",
    summary:
      "Saves the applicant's draft as they go (any answer may still be missing); the household only from the first applicant's link. 409 once their part is submitted",
    guard: "public",
    params: tokenParams,
    body: applicationSaveSchema,
    invalidates: ["applications"],
    responses: {
      200: applicantViewSchema,
      400: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
    },
  },
  submit: {
    method: "POST",
    path: "/api/applications/:token/submit",
    summary:
      "Submits the applicant's part, checked whole (400 lists each missing answer); the first applicant's submits the application to the office",
    guard: "public",
    params: tokenParams,
    invalidates: ["applications"],
    responses: {
      201: applicantViewSchema,
      400: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
    },
  },
  inviteAdult: {
    method: "POST",
    path: "/api/applications/:token/adults",
    summary:
      "From the first applicant's link: e-mails another adult of the household a link of their own, for their own part and consent",
    guard: "public",
    params: tokenParams,
    body: coApplicantSchema,
    invalidates: ["applications"],
    responses: {
      201: applicantViewSchema,
      400: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
    },
  },
  accept: {
    method: "POST",
    path: "/api/applications/:token/accept",
    summary:
      "The first applicant accepts the offer (acknowledging the lead-paint disclosure for a building before 1978): every adult is invited to the tenant portal on the unit, and the unit leaves the public list",
    guard: "public",
    params: tokenParams,
    body: offerAcceptanceSchema,
    invalidates: ["applications", "listings"],
    responses: {
      200: applicantViewSchema,
      400: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
    },
  },
});
