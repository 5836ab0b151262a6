/** What the rest of the server may use of this module; everything else in the folder is its own. */
export { createManageTokens, createRequesterKeys } from "./alert-tokens";
export { adminAlertsRoutes } from "./alerts.admin.routes";
export { alertsRoutes } from "./alerts.routes";
export { type AlertRunner, createAlertRunner } from "./alerts.runner";
export {
  alertPurges,
  alertTowns,
  confirm,
  findByConfirmToken,
  findByManageToken,
} from "./alerts.service";
