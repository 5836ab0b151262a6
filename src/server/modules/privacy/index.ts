/**
 * What the rest of the server may use of this module. Privacy keeps the promises of the privacy
 * page: the retention table's purges that span modules (inquiries, document requests and their
 * files, former tenants with their documents and requests, unused staff accounts).
 */
export { retentionPurges } from "./retention.purges";
