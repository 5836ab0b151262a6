import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSmtpServer } from "#tests/support/smtp-server";
import { createMailer, defaultFrom } from "./mailer";
import { outboxDir, readOutbox } from "./outbox";

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "rentals-mail-"));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("defaultFrom", () => {
  it("is the agency's name and e-mail from the site configuration", () => {
    expect(defaultFrom()).toBe('"Charter Oak Rentals" <leasing@charteroakrentals.com>');
  });
});

describe("the outbox (no SMTP_URL)", () => {
  it("returns no messages before anything was sent", async () => {
    expect(await readOutbox(dataDir)).toEqual([]);
  });

  it("keeps each message as a file and reads them back in sending order with every field", async () => {
    const mailer = createMailer({ dataDir });
    const before = Date.now();
    await mailer.send({
      to: "tenant@example.com",
      subject: "Your verification code",
      text: "Your code is 123456",
      html: "<p>Your code is 123456</p>",
    });
    await mailer.send({
      to: "office@example.com",
      subject: "New inquiry",
      text: "Someone asked about Unit 2B",
      replyTo: "visitor@example.com",
    });
    await mailer.close();

    const messages = await readOutbox(dataDir);
    expect(messages).toHaveLength(2);
    const [first, second] = messages;
    expect(first).toEqual({
      to: "tenant@example.com",
      from: defaultFrom(),
      subject: "Your verification code",
      text: "Your code is 123456",
      html: "<p>Your code is 123456</p>",
      date: expect.any(String),
      headers: {},
      file: expect.stringMatching(/\.json$/),
    });
    expect(second).toEqual({
      to: "office@example.com",
      from: defaultFrom(),
      subject: "New inquiry",
      text: "Someone asked about Unit 2B",
      html: "",
      date: expect.any(String),
      replyTo: "visitor@example.com",
      headers: {},
      file: expect.stringMatching(/\.json$/),
    });
    for (const message of messages) {
      expect(new Date(message.date).toISOString()).toBe(message.date);
      expect(Date.parse(message.date)).toBeGreaterThanOrEqual(before);
      expect(path.dirname(message.file)).toBe(outboxDir(dataDir));
    }
  });

  it("writes exactly the documented fields as parseable JSON and leaves no temporary files", async () => {
    const mailer = createMailer({ dataDir, from: "Office <office@example.com>" });
    await mailer.send({ to: "a@example.com", subject: "One", text: "1" });
    await mailer.send({
      to: "b@example.com",
      subject: "Two",
      text: "2",
      replyTo: "r@example.com",
      headers: { "List-Unsubscribe": "<https://example.com/u/1>" },
    });

    const names = (await readdir(outboxDir(dataDir))).sort();
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(/^\d{15}-\d{6}-[0-9a-f]{8}\.json$/);
    const [one, two] = await Promise.all(
      names.map(async (name) =>
        JSON.parse(await readFile(path.join(outboxDir(dataDir), name), "utf8")),
      ),
    );
    expect(Object.keys(one)).toEqual(["to", "from", "subject", "text", "html", "date", "headers"]);
    expect(Object.keys(two)).toEqual([
      "to",
      "from",
      "subject",
      "text",
      "html",
      "date",
      "replyTo",
      "headers",
    ]);
    expect(one.from).toBe("Office <office@example.com>");
    expect(one.headers).toEqual({});
    expect(two.headers).toEqual({ "List-Unsubscribe": "<https://example.com/u/1>" });
  });

  it("lists a message's attachments in its file, and none when it has none", async () => {
    const mailer = createMailer({ dataDir });
    const invite = { filename: "showing.ics", contentType: "text/calendar", content: "BEGIN" };
    await mailer.send({ to: "a@example.com", subject: "One", text: "x", attachments: [invite] });
    await mailer.send({ to: "b@example.com", subject: "Two", text: "y" });
    const [withFile, without] = await readOutbox(dataDir);
    expect(withFile?.attachments).toEqual([invite]);
    expect(without).not.toHaveProperty("attachments");
  });

  it("refuses a header that could carry another one", async () => {
    const mailer = createMailer({ dataDir });
    await expect(
      mailer.send({
        to: "a@example.com",
        subject: "One",
        text: "1",
        headers: { "List-Unsubscribe": "<https://example.com>\r\nBcc: x@example.com" },
      }),
    ).rejects.toThrow(/header/);
    await expect(
      mailer.send({ to: "a@example.com", subject: "One", text: "1", headers: { "X: y": "z" } }),
    ).rejects.toThrow(/header/);
  });

  it("turns 20 concurrent sends into 20 complete files, in the order they were sent", async () => {
    const mailer = createMailer({ dataDir });
    const subjects = Array.from({ length: 20 }, (_, i) => `Message ${i}`);
    await Promise.all(
      subjects.map((subject) =>
        mailer.send({ to: "t@example.com", subject, text: subject.repeat(2000) }),
      ),
    );

    const names = await readdir(outboxDir(dataDir));
    expect(names).toHaveLength(20);
    const messages = await readOutbox(dataDir);
    expect(messages.map((m) => m.subject)).toEqual(subjects);
    for (const message of messages) expect(message.text).toBe(message.subject.repeat(2000));
  });

  it("ignores a temporary file a crash left behind", async () => {
    await mkdir(outboxDir(dataDir), { recursive: true });
    await writeFile(path.join(outboxDir(dataDir), ".0000-partial.json.1a2b.tmp"), '{"to":');
    await createMailer({ dataDir }).send({ to: "t@example.com", subject: "Whole", text: "ok" });

    const messages = await readOutbox(dataDir);
    expect(messages.map((m) => m.subject)).toEqual(["Whole"]);
  });
});

const shortTimeouts = "connectionTimeout=2000&greetingTimeout=2000&socketTimeout=2000";

describe("SMTP (SMTP_URL set)", () => {
  it("delivers the message to the SMTP server with its subject, recipient and sender", async () => {
    const server = await startSmtpServer();
    const mailer = createMailer({
      dataDir,
      smtpUrl: `smtp://127.0.0.1:${server.port}?${shortTimeouts}`,
    });
    try {
      await mailer.send({
        to: "tenant@example.com",
        subject: "Reset your password",
        text: "Open the link to choose a new password.",
        html: "<p>Open the link to choose a new password.</p>",
        replyTo: "help@example.com",
      });
    } finally {
      await mailer.close();
      await server.close();
    }

    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail?.from).toBe("leasing@charteroakrentals.com");
    expect(mail?.to).toEqual(["tenant@example.com"]);
    expect(mail?.raw).toMatch(/^Subject: Reset your password\r?$/m);
    expect(mail?.raw).toMatch(
      /^From: "?Charter Oak Rentals"? <leasing@charteroakrentals\.com>\r?$/m,
    );
    expect(mail?.raw).toMatch(/^To: tenant@example\.com\r?$/m);
    expect(mail?.raw).toMatch(/^Reply-To: help@example\.com\r?$/m);
    expect(mail?.raw).toContain("text/html");
    // Nothing went to the outbox.
    expect(await readOutbox(dataDir)).toEqual([]);
  });

  it("sends a message's attachments as files of their type", async () => {
    const server = await startSmtpServer();
    const mailer = createMailer({
      dataDir,
      smtpUrl: `smtp://127.0.0.1:${server.port}?${shortTimeouts}`,
    });
    try {
      await mailer.send({
        to: "renter@example.com",
        subject: "Your showing",
        text: "See you on Saturday.",
        attachments: [
          {
            filename: "showing.ics",
            contentType: "text/calendar; charset=utf-8; method=REQUEST",
            content: "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n",
          },
        ],
      });
    } finally {
      await mailer.close();
      await server.close();
    }
    const raw = server.received[0]!.raw;
    expect(raw).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=REQUEST/m);
    expect(raw).toMatch(/filename=showing\.ics/);
  });

  it("signs in with the user and password in the URL", async () => {
    const server = await startSmtpServer({ auth: { user: "mailer", pass: "p@ss word" } });
    const mailer = createMailer({
      dataDir,
      smtpUrl: `smtp://mailer:${encodeURIComponent("p@ss word")}@127.0.0.1:${server.port}?${shortTimeouts}`,
    });
    try {
      await mailer.send({ to: "t@example.com", subject: "Hello", text: "Hi" });
    } finally {
      await mailer.close();
      await server.close();
    }
    expect(server.received.map((m) => m.user)).toEqual(["mailer"]);
  });

  it("rejects with the host but not the password when the server cannot be reached", async () => {
    const mailer = createMailer({
      dataDir,
      smtpUrl: `smtp://user:s3cret@127.0.0.1:1?${shortTimeouts}`,
    });
    const error = await mailer.send({ to: "t@example.com", subject: "Hello", text: "Hi" }).then(
      () => undefined,
      (e: unknown) => e,
    );
    await mailer.close();

    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain("127.0.0.1:1");
    expect(message).not.toContain("s3cret");
    expect(JSON.stringify(error)).not.toContain("s3cret");
  });

  it("rejects with the host but not the password when the server refuses the login", async () => {
    const server = await startSmtpServer({ auth: { user: "mailer", pass: "right-one" } });
    const mailer = createMailer({
      dataDir,
      smtpUrl: `smtp://mailer:wr0ng-s3cret@127.0.0.1:${server.port}?${shortTimeouts}`,
    });
    let error: unknown;
    try {
      await mailer.send({ to: "t@example.com", subject: "Hello", text: "Hi" });
    } catch (e) {
      error = e;
    } finally {
      await mailer.close();
      await server.close();
    }

    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(`127.0.0.1:${server.port}`);
    expect((error as Error).message).not.toContain("wr0ng-s3cret");
    expect((error as { code?: string }).code).toBe("EAUTH");
    expect(server.received).toEqual([]);
  });

  it("refuses a URL that is not smtp:// or smtps://", () => {
    expect(() => createMailer({ dataDir, smtpUrl: "http://mail.example.com" })).toThrow(
      /smtp:\/\/ or smtps:\/\//,
    );
  });
});
