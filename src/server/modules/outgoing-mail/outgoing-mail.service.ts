import {
  type MailStatus,
  OUTGOING_MAIL_PAGE,
  type OutgoingMailResponse,
  type OutgoingMessage,
  outgoingMailMessages,
} from "#domain/outgoing-mail";
import type { Db } from "#server/db/client";
import { conflict, notFound } from "#server/http/errors";
import type { MailQueue } from "#server/mail/mail-queue";
import {
  createOutgoingMailRepository,
  type OutgoingMailRow,
} from "#server/mail/outgoing-mail.repository";
import { isUuid } from "#server/shared/uuid";

type Deps = { db: Db; mailQueue: MailQueue };

/** What staff see of a message: never its body (it may hold a code or a reset link). */
function toOutgoingMessage(row: OutgoingMailRow): OutgoingMessage {
  return {
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    failedAt: row.failedAt?.toISOString() ?? null,
    retryable: row.status === "failed" && row.sealedBody !== null,
  };
}

export async function listOutgoingMail(
  deps: Deps,
  status: MailStatus | undefined,
): Promise<OutgoingMailResponse> {
  const repo = createOutgoingMailRepository(deps.db);
  const [rows, counts] = await Promise.all([
    repo.list({ status, limit: OUTGOING_MAIL_PAGE }),
    repo.countsByStatus(),
  ]);
  return { messages: rows.map(toOutgoingMessage), counts };
}

/** Staff's Retry: a failed message goes back to the queue and is tried again at once. */
export async function retryOutgoingMail(deps: Deps, id: string): Promise<OutgoingMessage> {
  if (!isUuid(id)) throw notFound(outgoingMailMessages.notFound);
  const repo = createOutgoingMailRepository(deps.db);
  if (!(await deps.mailQueue.retry(id))) {
    const row = await repo.find(id);
    if (!row) throw notFound(outgoingMailMessages.notFound);
    throw conflict(outgoingMailMessages.notFailed);
  }
  const row = await repo.find(id);
  if (!row) throw notFound(outgoingMailMessages.notFound);
  return toOutgoingMessage(row);
}
