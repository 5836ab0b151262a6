import type PgBoss from "pg-boss";
import type { MailKindName } from "#domain/outgoing-mail";
import type { Db } from "#server/db/client";
import { JobFailed, type JobQueue, type OpenTransaction, startWorker } from "./job-queue";
import { checkedHeaders, type MailAttachment, type Mailer, type MailMessage } from "./mailer";
import { createOutgoingMailRepository } from "./outgoing-mail.repository";
import type { Sealer } from "./sealed";

/**
 * A message's way: queued (its `outgoing_mail` row with the body sealed, and a job carrying the
 * row's id, in the caller's transaction), then delivered by the mail worker through the mailer.
 * The row is what makes delivery idempotent: a job whose row is no longer queued sends nothing.
 */

export const MAIL_QUEUE = "outgoing-mail";

/** What the message is; staff read it in the list of outgoing mail. */
export type MailKind = MailKindName;

export type QueuedMessage = MailMessage & { kind: MailKind };

/** The part of a transaction a service works with: its database and the mail it queues. */
export type MailTransaction = {
  db: Db;
  queue(message: QueuedMessage): Promise<void>;
};

/** The job queue, with what sealing and sending a message takes. */
export type MailContext = JobQueue & {
  mailer: Mailer;
  sealer: Sealer;
  /** The task queues (mail-tasks.ts), in the order they were made. */
  taskQueues: string[];
};

type JobData = { mailId: string };
type SealedBody = {
  text: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
};

/** Sends the job for a queued row within `open`'s transaction. */
export async function sendMailJob(mail: MailContext, open: OpenTransaction, mailId: string) {
  await mail.boss.send(MAIL_QUEUE, { mailId } satisfies JobData, {
    ...mail.sendOptions,
    db: open.executor,
  });
  open.sentTo.add(MAIL_QUEUE);
}

/** Stores the message, its body sealed, and sends its job, both within `open`'s transaction. */
async function enqueue(mail: MailContext, open: OpenTransaction, message: QueuedMessage) {
  const body: SealedBody = {
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
    ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
    ...(message.headers === undefined ? {} : { headers: checkedHeaders(message.headers) }),
    ...(message.attachments?.length ? { attachments: message.attachments } : {}),
  };
  const row = await createOutgoingMailRepository(open.db).insert({
    kind: message.kind,
    toAddress: message.to,
    subject: message.subject,
    sealedBody: mail.sealer.seal(JSON.stringify(body)),
  });
  await sendMailJob(mail, open, row.id);
}

/** What a service sees of an open transaction: its database, and a way to queue mail in it. */
export const transactionOf = (mail: MailContext, open: OpenTransaction): MailTransaction => ({
  db: open.db,
  queue: (message) => enqueue(mail, open, message),
});

/**
 * The mail worker's job: sends the row's message, then records it sent (its body dropped). A
 * try that fails is recorded on the row and thrown, so pg-boss schedules the next one (or, after
 * the last, keeps the job failed, and the row says failed).
 */
async function deliver(mail: MailContext, job: PgBoss.JobWithMetadata<JobData>) {
  const rows = createOutgoingMailRepository(mail.database.db);
  const row = await rows.find(job.data.mailId);
  // Sent already (a retried job), failed and not retried, or gone: nothing to send.
  if (row?.status !== "queued") return;
  const opened = row.sealedBody === null ? null : mail.sealer.open(row.sealedBody);
  if (opened === null) {
    await rows.markUnsendable(row.id, "The message cannot be read with this server's secret.");
    mail.log.error(`mail ${row.id} (${row.kind}) cannot be opened: marked failed`);
    return;
  }
  const body = JSON.parse(opened) as SealedBody;
  try {
    await mail.mailer.send({ to: row.toAddress, subject: row.subject, ...body });
  } catch (error) {
    const final = job.retryCount >= job.retryLimit;
    const reason = (error as Error).message || String(error);
    await rows.recordFailure(row.id, reason, final);
    // The worker logs the failure once pg-boss has recorded it.
    throw new JobFailed(
      `mail ${row.id} (${row.kind}) not sent, try ${job.retryCount + 1} of ${job.retryLimit + 1}${final ? ", marked failed" : ""}: ${reason}`,
    );
  }
  await rows.markSent(row.id);
}

/** The mail worker: delivers each job's message, then completes the job. */
export function startMailWorker(mail: MailContext) {
  return startWorker<JobData>(mail, MAIL_QUEUE, async (job) => {
    await deliver(mail, job);
    await mail.boss.complete(MAIL_QUEUE, job.id);
  });
}
