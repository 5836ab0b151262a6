import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authApi } from "#domain/api/auth";
import { inquiriesApi } from "#domain/api/inquiries";
import { metricsApi } from "#domain/api/metrics";
import { outgoingMailApi } from "#domain/api/outgoing-mail";
import { composeInquiryMessage } from "#domain/inquiries";
import { connect, type Database, runMigrations } from "#server/db/client";
import { outgoingMail } from "#server/db/schema";
import { createMailQueue, MAIL_QUEUE, type MailQueue } from "#server/mail/mail-queue";
import { createMailer } from "#server/mail/mailer";
import {
  createOutgoingMailRepository,
  OUTGOING_MAIL_KEEP_DAYS,
} from "#server/mail/outgoing-mail.repository";
import { addUser } from "#server/modules/users/users.service";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { startSmtpServer } from "#tests/support/smtp-server";
import { createTestApp } from "#tests/support/test-app";
import { createEmptyTestDb, createTestDb, type TestDatabase } from "#tests/support/test-db";

/**
 * Durable e-mail: every message is queued with its row and delivered by the worker, which
 * retries while the SMTP server is down. Against a real SMTP server (smtp-server) that refuses
 * and then accepts: nothing is lost and nothing is sent twice.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDb();
});

afterAll(async () => {
  await database.drop();
});

/** Instances that share a database share the secret their queued messages are sealed with. */
const JWT_SECRET = "mail-queue-test-secret-that-is-long-enough";
const METRICS_TOKEN = "mail-queue-test-metrics-token";

const appWith = (smtpUrl: string, env: Record<string, string> = {}) =>
  createTestApp(database, {
    env: {
      SMTP_URL: smtpUrl,
      JWT_SECRET,
      INQUIRIES_PER_MINUTE: "1000",
      AUTH_ATTEMPTS_PER_MINUTE: "1000",
      MAIL_RETRY_DELAY_SECONDS: "1",
      ...env,
    },
  });

let sequence = 0;
const inquiry = (subject: string) => ({
  name: "Dana Renter",
  email: `dana-${++sequence}@example.com`,
  phone: "(860) 555-0199",
  message: composeInquiryMessage(subject, "Is there a parking space with the unit?"),
});

/** Subject lines as the SMTP server received them. */
const subjectsOf = (received: { raw: string }[]) =>
  received.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]?.trim() ?? "");

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const rowsAbout = async (recipient: string) =>
  database.db.select().from(outgoingMail).where(eq(outgoingMail.toAddress, recipient));

describe("the mail queue", () => {
  it("loses nothing while the SMTP server is down, and sends each message once when it returns", async () => {
    const smtp = await startSmtpServer({ refusing: true });
    const testApp = await appWith(smtp.url, { MAIL_RETRY_LIMIT: "6" });
    try {
      const { user } = await addUser(
        { db: database.db },
        { email: "reset-me@example.com", password: "Reset-me-1", role: "admin" },
      );
      const subjects = ["Parking one", "Parking two", "Parking three"];
      for (const subject of subjects) {
        const sent = await call(testApp.app, inquiriesApi.send, { payload: inquiry(subject) });
        expect(sent.statusCode).toBe(201);
      }
      const reset = await call(testApp.app, authApi.requestPasswordReset, {
        payload: { email: user.email },
      });
      expect(reset.statusCode).toBe(200);

      // Every first try was refused; the messages wait with the reason.
      await waitFor(async () => {
        const rows = await database.db.select().from(outgoingMail);
        return rows.length === 4 && rows.every((r) => r.attempts >= 1);
      });
      const waiting = await database.db.select().from(outgoingMail);
      expect(waiting.map((r) => r.status)).toEqual(["queued", "queued", "queued", "queued"]);
      expect(waiting[0]!.lastError).toMatch(/Service not available/);
      expect(smtp.received).toHaveLength(0);

      smtp.accept();
      await testApp.app.mailQueue.idle(30_000);
      // Time for a duplicate to show up if there were one: two polls of the worker.
      await new Promise((resolve) => setTimeout(resolve, 4_500));
      const received = subjectsOf(smtp.received);
      expect(received).toHaveLength(4);
      for (const subject of subjects) {
        expect(received.filter((s) => s.includes(subject))).toHaveLength(1);
      }
      expect(received.filter((s) => s.includes("Reset your"))).toHaveLength(1);
      const rows = await database.db.select().from(outgoingMail);
      expect(rows.every((r) => r.status === "sent" && r.sentAt !== null)).toBe(true);
    } finally {
      await testApp.close();
      await smtp.close();
      await database.db.delete(outgoingMail);
    }
  });

  it("two instances on one database deliver each message once", async () => {
    const smtp = await startSmtpServer({ refusing: true });
    const one = await appWith(smtp.url);
    const two = await appWith(smtp.url);
    try {
      const subjects = Array.from({ length: 20 }, (_, i) => `Question number ${i + 1}`);
      for (const [i, subject] of subjects.entries()) {
        const app = i % 2 === 0 ? one.app : two.app;
        expect((await call(app, inquiriesApi.send, { payload: inquiry(subject) })).statusCode).toBe(
          201,
        );
      }
      // Both workers compete for the same jobs once the server accepts.
      smtp.accept();
      await one.app.mailQueue.idle(30_000);
      await new Promise((resolve) => setTimeout(resolve, 4_500));
      const received = subjectsOf(smtp.received);
      expect(received).toHaveLength(20);
      for (const subject of subjects) {
        expect(received.filter((s) => s.endsWith(subject))).toHaveLength(1);
      }
    } finally {
      await one.close();
      await two.close();
      await smtp.close();
      await database.db.delete(outgoingMail);
    }
  });

  it("keeps a queued message sealed, and drops its body once sent", async () => {
    const smtp = await startSmtpServer({ refusing: true });
    const testApp = await appWith(smtp.url);
    try {
      const { user } = await addUser(
        { db: database.db },
        { email: "sealed@example.com", password: "Sealed-pass-1", role: "admin" },
      );
      await call(testApp.app, authApi.requestPasswordReset, { payload: { email: user.email } });
      await waitFor(async () => (await rowsAbout(user.email))[0]?.attempts === 1);
      const [queued] = await rowsAbout(user.email);
      expect(queued!.sealedBody).toMatch(/^v1\./);
      expect(queued!.sealedBody).not.toContain("reset-password");
      smtp.accept();
      await testApp.app.mailQueue.idle(30_000);
      const [sent] = await rowsAbout(user.email);
      expect(sent!.status).toBe("sent");
      expect(sent!.sealedBody).toBeNull();
      expect(smtp.received[0]!.raw).toContain("reset-password");
    } finally {
      await testApp.close();
      await smtp.close();
      await database.db.delete(outgoingMail);
    }
  });
});

describe("instances starting together", () => {
  it("create their queues once on a new database, without a deadlock", async () => {
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    // Repeated: two instances creating a queue at the same moment is a matter of timing.
    for (let round = 0; round < 3; round++) {
      const empty = await createEmptyTestDb();
      await runMigrations(empty);
      const instances: Database[] = await Promise.all([0, 1, 2, 3].map(() => connect(empty.url)));
      const queues: MailQueue[] = [];
      try {
        const outcomes = await Promise.allSettled(
          instances.map(async (instance) => {
            const queue = await createMailQueue({
              database: instance,
              mailer: createMailer({ dataDir: "unused-nothing-is-sent" }),
              secret: new TextEncoder().encode(JWT_SECRET),
              log: quiet,
              options: { retryLimit: 1, retryDelaySeconds: 1 },
            });
            queues.push(queue);
            await queue.task("a-task", async () => {});
          }),
        );
        expect(outcomes.filter((o) => o.status === "rejected")).toEqual([]);
        const { rows } = await empty.pool.query<{ name: string }>(
          "select name from pgboss.queue order by name",
        );
        expect(rows.map((r) => r.name)).toEqual(["a-task", MAIL_QUEUE]);
      } finally {
        await Promise.all(queues.map((queue) => queue.stop()));
        await Promise.all(instances.map((instance) => instance.close()));
        await empty.drop();
      }
    }
  });
});

describe("Outgoing mail (back office)", () => {
  it("lists a failed message with its reason; Retry sends it once the server is back", async () => {
    const smtp = await startSmtpServer({ refusing: true });
    // No retries: the first refusal marks the message failed.
    const testApp = await appWith(smtp.url, { MAIL_RETRY_LIMIT: "0", METRICS_TOKEN });
    const scrape = async () =>
      (
        await call(testApp.app, metricsApi.scrape, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        })
      ).body;
    try {
      const staff = await loginAs(testApp.app, database.db, "admin");
      await call(testApp.app, inquiriesApi.send, { payload: inquiry("Failed then retried") });
      await testApp.app.mailQueue.idle();

      const list = await call(testApp.app, outgoingMailApi.list, { headers: staff.headers });
      expect(list.statusCode).toBe(200);
      const body = list.json();
      expect(body.counts).toEqual({ queued: 0, sent: 0, failed: 1 });
      const [failed] = body.messages;
      expect(failed).toMatchObject({
        kind: "inquiry_notice",
        status: "failed",
        attempts: 1,
        retryable: true,
        lastError: expect.stringMatching(/Service not available/),
      });
      expect(failed.subject).toContain("Failed then retried");
      // What an alert watches: one failed message, none waiting.
      expect(await scrape()).toMatch(/^mail_queue_failed_messages 1$/m);
      expect(await scrape()).toMatch(/^mail_queue_depth 0$/m);

      smtp.accept();
      const retried = await call(testApp.app, outgoingMailApi.retry, {
        headers: staff.headers,
        params: { id: failed.id },
      });
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toMatchObject({ id: failed.id, status: "queued" });
      await testApp.app.mailQueue.idle();
      expect(subjectsOf(smtp.received).filter((s) => s.includes("Failed then retried"))).toEqual([
        expect.any(String),
      ]);

      const filtered = await call(testApp.app, outgoingMailApi.list, {
        headers: staff.headers,
        query: { status: "sent" },
      });
      expect(filtered.json().messages).toEqual([
        expect.objectContaining({ id: failed.id, status: "sent", attempts: 2, lastError: null }),
      ]);

      expect(await scrape()).toMatch(/^mail_queue_failed_messages 0$/m);

      // Only a failed message can be sent again; an unknown one is not found.
      const again = await call(testApp.app, outgoingMailApi.retry, {
        headers: staff.headers,
        params: { id: failed.id },
      });
      expect(again.statusCode).toBe(409);
      for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
        const missing = await call(testApp.app, outgoingMailApi.retry, {
          headers: staff.headers,
          params: { id },
        });
        expect(missing.statusCode).toBe(404);
      }
    } finally {
      await testApp.close();
      await smtp.close();
      await database.db.delete(outgoingMail);
    }
  });
});

describe("the daily purge of old e-mail", () => {
  it("removes sent and failed messages past the keeping time, never a queued one", async () => {
    const to = `purge-${Date.now()}@example.com`;
    const old = `now() - make_interval(days => ${OUTGOING_MAIL_KEEP_DAYS + 1})`;
    await database.pool.query(
      `insert into outgoing_mail (kind, to_address, subject, status, created_at, sent_at, failed_at) values
         ('notice', $1, 'old sent', 'sent', ${old}, ${old}, null),
         ('notice', $1, 'old failed', 'failed', ${old}, null, ${old}),
         ('notice', $1, 'old but queued', 'queued', ${old}, null, null),
         ('notice', $1, 'recent sent', 'sent', now(), now(), null),
         ('notice', $1, 'created long ago, failed lately', 'failed', ${old}, null, now())`,
      [to],
    );
    expect(await createOutgoingMailRepository(database.db).purgeOld()).toBe(2);
    const { rows } = await database.pool.query(
      "select subject from outgoing_mail where to_address = $1 order by subject",
      [to],
    );
    expect(rows.map((r) => r.subject)).toEqual([
      "created long ago, failed lately",
      "old but queued",
      "recent sent",
    ]);
  });
});
