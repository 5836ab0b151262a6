import type {
  OutgoingMailQuery,
  OutgoingMailResponse,
  OutgoingMessage,
} from "#domain/outgoing-mail";
import type { Db } from "#server/db/client";
import { decodeKey, toPage } from "#server/db/keyset";
import type { MailQueue } from "#server/mail/mail-queue";
import { isUuid } from "#server/shared/uuid";
import { messageNotFailed, messageNotFound } from "./outgoing-mail.errors";
import {
  countByStatus,
  findMessage,
  listMessages,
  type OutgoingMailRow,
} from "./outgoing-mail.repository";

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

/** A page of the list, and the counts by status (whatever the filter). */
export async function listOutgoingMail(
  deps: Pick<Deps, "db">,
  { status, limit, cursor }: OutgoingMailQuery,
): Promise<OutgoingMailResponse> {
  const after = cursor === undefined ? null : decodeKey(cursor, ["time", "uuid"]);
  const [rows, counts] = await Promise.all([
    listMessages(deps, { status, limit, after }),
    countByStatus(deps),
  ]);
  const page = toPage(rows, limit, (row) => row.key, toOutgoingMessage);
  return { messages: page.items, nextCursor: page.nextCursor, counts };
}

/** Staff's Retry: a failed message goes back to the queue and is tried again at once. */
export async function retryOutgoingMail(deps: Deps, id: string): Promise<OutgoingMessage> {
  if (!isUuid(id)) throw messageNotFound();
  const retried = await deps.mailQueue.retry(id);
  const row = await findMessage(deps, id);
  if (!row) throw messageNotFound();
  if (!retried) throw messageNotFailed();
  return toOutgoingMessage(row);
}
