import { outgoingMailMessages } from "#domain/outgoing-mail";
import { conflict, notFound } from "#server/http/errors";

export const messageNotFound = () => notFound(outgoingMailMessages.notFound);
/** Retry of a message that is queued or sent already. */
export const messageNotFailed = () => conflict(outgoingMailMessages.notFailed);
