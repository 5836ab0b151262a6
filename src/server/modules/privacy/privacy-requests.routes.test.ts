import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privacyApi, privacyRequestsApi } from "#domain/api/privacy";
import {
  PRIVACY_ANSWER_DAYS,
  PRIVACY_REQUESTS_PER_MAILBOX_PER_DAY,
  type PrivacyRequestRow,
  type PrivacyRequestsPage,
  privacyRequestMessages,
} from "#domain/privacy";
import { auditEvents, privacyRequests } from "#server/db/schema";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/**
 * A renter's own request for their data: asked from the privacy page, proved by the e-mailed
 * link's button, seen by staff with its due date, answered, and forgotten with the person.
 */
let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
let clock = new Date("2026-12-03T15:00:00Z");
const DAY = 86_400_000;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, {
    clock: () => clock,
    env: { PUBLIC_URL: "https://rent.example.com" },
  });
  admin = await loginAs(testApp.app, database.db, "admin");
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

/** Each request from a client of its own: the form's rate limit per client is not this test's. */
let client = 0;
const ask = (email: string, kind: "access" | "deletion" = "access", lang?: "en" | "es") =>
  call(testApp.app, privacyRequestsApi.ask, {
    payload: { email, kind, ...(lang && { lang }) },
    remoteAddress: `10.1.0.${++client}`,
  });

const confirm = (token: string) =>
  call(testApp.app, privacyRequestsApi.confirm, { params: { token } });

const openRequests = async () =>
  (
    await call(testApp.app, privacyApi.listRequests, {
      headers: admin.headers,
      query: { status: "open" },
    })
  ).json() as PrivacyRequestsPage;

/** The link of the newest privacy e-mail to `to`, and the message. */
async function linkTo(to: string) {
  const mail = (await testApp.outbox()).filter(
    (message) => message.to === to && message.text.includes("/privacy/requests/"),
  );
  const message = mail.at(-1)!;
  const link = /https:\/\/rent\.example\.com(\/es)?\/privacy\/requests\/([\w-]{43})/.exec(
    message.text,
  );
  return { message, count: mail.length, lang: link?.[1] ? "es" : "en", token: link?.[2] ?? "" };
}

describe("a renter's own privacy request", () => {
  it("e-mails a link whose button confirms it once, due 45 days on, for staff to answer", async () => {
    const asked = await ask("Lucia@Example.com", "deletion");
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().message).toBe(privacyRequestMessages.checkEmail);
    const { token, message } = await linkTo("lucia@example.com");
    expect(token).not.toBe("");
    expect(message.subject).toContain("confirm your privacy request");
    // Not confirmed yet: staff do not see it.
    expect((await openRequests()).items.some((row) => row.email === "lucia@example.com")).toBe(
      false,
    );

    clock = new Date(clock.getTime() + 60_000);
    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      email: "lucia@example.com",
      kind: "deletion",
      dueAt: new Date(clock.getTime() + PRIVACY_ANSWER_DAYS * DAY).toISOString(),
    });
    const again = await confirm(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(privacyRequestMessages.linkUsed);

    const listed = await openRequests();
    const row = listed.items.find((item) => item.email === "lucia@example.com")!;
    expect(row).toMatchObject({ kind: "deletion", answeredAt: null, lang: "en" });
    expect(listed.open).toBeGreaterThanOrEqual(1);

    const answered = await call(testApp.app, privacyApi.answerRequest, {
      headers: admin.headers,
      params: { id: row.id },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ answeredBy: admin.email });
    const twice = await call(testApp.app, privacyApi.answerRequest, {
      headers: admin.headers,
      params: { id: row.id },
    });
    expect(twice.statusCode).toBe(409);
    expect((await openRequests()).items.some((item) => item.id === row.id)).toBe(false);
    // The audit trail records the answer; the link no longer works.
    const [event] = await database.db
      .select({ action: auditEvents.action, targetId: auditEvents.targetId })
      .from(auditEvents)
      .where(eq(auditEvents.action, "privacy.request_answered"));
    expect(event).toEqual({ action: "privacy.request_answered", targetId: row.id });
    expect((await confirm(token)).statusCode).toBe(404);
  });

  it("answers the same whatever the address, in the renter's language, and caps a mailbox's links a day", async () => {
    const asked = await ask("marta@example.com", "access", "es");
    expect(asked.statusCode).toBe(202);
    const first = await linkTo("marta@example.com");
    expect(first.lang).toBe("es");
    expect(first.message.subject).toContain("confirme su solicitud de privacidad");
    // Plus-tags reach the same mailbox: they count together.
    for (let i = 1; i < PRIVACY_REQUESTS_PER_MAILBOX_PER_DAY + 2; i++) {
      const more = await ask(`marta+${i}@example.com`);
      expect(more.statusCode).toBe(202);
      expect(more.json().message).toBe(privacyRequestMessages.checkEmail);
    }
    const [{ n }] = (
      await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${privacyRequests} where mailbox = 'marta@example.com'`,
      )
    ).rows as [{ n: number }];
    expect(n).toBe(PRIVACY_REQUESTS_PER_MAILBOX_PER_DAY);
    // A day on, the mailbox may ask again.
    clock = new Date(clock.getTime() + DAY + 1000);
    await ask("marta@example.com");
    expect((await linkTo("marta@example.com")).count).toBe(2);
  });

  it("refuses a link past its 7 days, a link of the wrong shape, and bad input", async () => {
    await ask("late@example.com");
    const { token } = await linkTo("late@example.com");
    clock = new Date(clock.getTime() + 8 * DAY);
    const late = await confirm(token);
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe(privacyRequestMessages.linkInvalid);
    expect((await confirm("not-a-token")).statusCode).toBe(404);
    const bad = await call(testApp.app, privacyRequestsApi.ask, {
      payload: { email: "nobody", kind: "everything" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(privacyRequestMessages.email);
    expect(bad.body).toContain(privacyRequestMessages.kind);
  });

  it("is forgotten with the person: an erasure answers it and takes the address out", async () => {
    await ask("sofia@example.com", "deletion");
    const { token } = await linkTo("sofia@example.com");
    expect((await confirm(token)).statusCode).toBe(200);
    const found = await call(testApp.app, privacyApi.lookup, {
      headers: admin.headers,
      payload: { email: "sofia@example.com" },
    });
    expect(found.json().held.privacyRequests).toMatchObject({
      count: 1,
      newest: [{ text: "Deletion of their data: open" }],
    });
    const id = (await openRequests()).items.find((row) => row.email === "sofia@example.com")!.id;
    const erased = await call(testApp.app, privacyApi.erase, {
      headers: admin.headers,
      payload: { email: "sofia@example.com", confirmEmail: "sofia@example.com" },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().removed).toMatchObject({ privacyRequests: 1, mails: 1 });
    const [row] = await database.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.id, id));
    expect(row).toMatchObject({ email: null, tokenHash: null, answeredBy: admin.email });
    expect(row!.answeredAt).not.toBeNull();
    const answered = (
      await call(testApp.app, privacyApi.listRequests, {
        headers: admin.headers,
        query: { status: "answered" },
      })
    ).json() as PrivacyRequestsPage;
    expect(answered.items.find((item) => item.id === id)).toMatchObject<Partial<PrivacyRequestRow>>(
      { email: null, kind: "deletion" },
    );
  });

  it("lists open requests soonest due first, a page at a time, with the overdue counted", async () => {
    await database.db.delete(privacyRequests);
    const base = clock.getTime();
    for (let i = 0; i < 5; i++) {
      await database.db.insert(privacyRequests).values({
        email: `page${i}@example.com`,
        kind: "access",
        expiresAt: new Date(base),
        confirmedAt: new Date(base - (50 - i) * DAY),
        dueAt: new Date(base - (5 - i) * DAY + 3600_000),
      });
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    let page: PrivacyRequestsPage;
    do {
      page = (
        await call(testApp.app, privacyApi.listRequests, {
          headers: admin.headers,
          query: { status: "open", limit: "2", ...(cursor && { cursor }) },
        })
      ).json() as PrivacyRequestsPage;
      seen.push(...page.items.map((row) => row.email!));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([0, 1, 2, 3, 4].map((i) => `page${i}@example.com`));
    // Due 4, 3, 2 and 1 days ago (less an hour), and one due within the hour from now... past too.
    expect(page.open).toBe(5);
    expect(page.overdue).toBe(5);
  });
});
