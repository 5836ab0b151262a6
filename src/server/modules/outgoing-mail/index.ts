/** What the rest of the server may use of this module; everything else in the folder is its own. */
export { outgoingMailRoutes } from "./outgoing-mail.routes";
