/**
 * What the rest of the server may use of this module: showings booked online (a unit's open
 * slots, a renter's booking and its cancellation by the e-mailed link, a building's hours).
 */

export { purgeShowingsBefore } from "./showings.retention.repository";
export { showingsRoutes } from "./showings.routes";
export { createShowingRunner, type ShowingRunner } from "./showings.runner";
export { cancelByToken, createShowingTokens, findByToken } from "./showings.service";
