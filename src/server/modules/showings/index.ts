/**
 * What the rest of the server may use of this module: showings booked online (a unit's open
 * slots, a renter's booking, its cancellation and move by the e-mailed link, a building's hours,
 * the office's calendar).
 */

export { purgeShowingsBefore } from "./showings.retention.repository";
export { showingsRoutes } from "./showings.routes";
export { createShowingRunner, type ShowingRunner } from "./showings.runner";
export {
  book,
  bookingFor,
  cancelByToken,
  createShowingTokens,
  findByToken,
  moveByToken,
} from "./showings.service";
