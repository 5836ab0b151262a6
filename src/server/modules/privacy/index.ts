/**
 * What the rest of the server may use of this module. Privacy keeps the promises of the privacy
 * page: the retention table's purges that span modules (inquiries, document requests and their
 * files, former tenants with their documents and requests, unused staff accounts), and a
 * person's data on request (staff look an address up, export it, erase it; renters ask from the
 * privacy page, and their e-mailed link's page confirms the request).
 */
export { privacyRoutes } from "./privacy.routes";
export {
  askForData,
  confirm,
  confirmation as privacyConfirmation,
} from "./privacy-requests.service";
export { retentionPurges } from "./retention.purges";
