/**
 * What the rest of the server may use of this module: rental applications (the office's
 * settings, invitations and decisions, and each applicant's link).
 */

export { startApplication, unitForApplyNow } from "./applications.applicant.service";
export { purgeApplicationsBefore } from "./applications.retention.repository";
export { applicationsRoutes } from "./applications.routes";
export { createApplicationTokens } from "./applications.service";
export { waitlistRoutes } from "./waitlist.routes";
export {
  confirmByToken as confirmWaitlist,
  createWaitlistRunner,
  createWaitlistTokens,
  join as joinWaitlist,
  leaveByToken as leaveWaitlist,
  viewByToken as viewWaitlist,
  type WaitlistRunner,
} from "./waitlist.service";
