import { rm } from "node:fs/promises";
import { inquiriesApi } from "#domain/api/inquiries";
import { composeInquiryMessage } from "#domain/inquiries";
import { urlOf } from "#tests/support/call";
import { startSmtpServer } from "#tests/support/smtp-server";
import { startBuiltApp, stopApp, tempDataDir } from "../support/app-process";
import { expect, test } from "./support/navigation";

/**
 * The built app, killed (SIGKILL) after an inquiry and its e-mail were committed but before the
 * e-mail could go (the SMTP server refused the first try): after the restart the e-mail is sent,
 * once. The kill comes once the refused try is recorded (the app logs it then) and well before
 * the next (10 s later): a try under way at the kill would be held by the dead instance until its
 * job expires (minutes), which is another case.
 */
test("an e-mail committed before a kill -9 is sent after the restart, once", async () => {
  test.setTimeout(180_000);
  const smtp = await startSmtpServer({ refusing: true });
  const dataDir = await tempDataDir();
  // No demo content: nothing here needs it, and loading it makes a start slow on a busy machine.
  const env = {
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    SMTP_URL: smtp.url,
    MAIL_RETRY_DELAY_SECONDS: "10",
  };
  try {
    const first = await startBuiltApp(env, 120_000);
    const sent = await fetch(`${first.url}${urlOf(inquiriesApi.send)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Dana Renter",
        email: "dana@example.com",
        phone: "(860) 555-0199",
        message: composeInquiryMessage("Killed before sending", "Is the unit still free?"),
      }),
    });
    expect(sent.status).toBe(201);
    // The first try was refused and recorded: the message is committed and not sent.
    await expect
      .poll(() => first.output().includes("not sent, try 1 of"), { timeout: 20_000 })
      .toBe(true);
    expect(smtp.refused()).toBe(1);
    const killed = new Promise((resolve) => first.process.once("exit", resolve));
    first.process.kill("SIGKILL");
    await killed;
    expect(smtp.received).toHaveLength(0);

    smtp.accept();
    const second = await startBuiltApp(env, 120_000);
    try {
      await expect.poll(() => smtp.received.length, { timeout: 60_000 }).toBe(1);
      expect(smtp.received[0]!.raw).toContain("Killed before sending");
      // Two more polls of the worker: still exactly one.
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      expect(smtp.received).toHaveLength(1);
    } finally {
      expect(await stopApp(second)).toBe(0);
    }
  } finally {
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
