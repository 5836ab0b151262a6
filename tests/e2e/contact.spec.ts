import { inquiriesApi } from "#domain/api/inquiries";
import { buildUrl } from "#domain/api/wire";
import { contactMessages } from "#domain/inquiries";
import { outbox, unitId } from "./support/listings";
import { DESKTOP, expect, test } from "./support/test";

test.use({ viewport: DESKTOP });

test.describe("/contact", () => {
  test("shows the banner, the office details and the hours", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await expect(
      page.getByRole("main").getByText("85 Pearl Street, Suite 400, Hartford, CT 06103"),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "(860) 555-0142" })).toBeVisible();
    const hours = page.getByRole("heading", { name: "Office Hours" }).locator("..");
    await expect(hours).toContainText("Monday - Friday9:00 AM - 5:00 PM");
    await expect(hours).toContainText("Saturday10:00 AM - 2:00 PM");
    await expect(hours).toContainText("SundayClosed");
    await expect(page.getByRole("heading", { name: "Send Us a Message" })).toBeVisible();
  });

  test("shows each of the five validation messages and sends nothing", async ({ page }) => {
    let sent = 0;
    page.on("request", (r) => {
      if (r.url().includes(buildUrl(inquiriesApi.send, {}))) sent++;
    });
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    for (const message of [
      contactMessages.name,
      contactMessages.email,
      contactMessages.phone,
      contactMessages.subject,
      contactMessages.message,
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Email").fill("not an email");
    await page.getByLabel("Email").blur();
    await expect(page.getByText(contactMessages.email)).toBeVisible();
    expect(sent).toBe(0);
  });

  test("sends a message: the success toast, the form reset, the office's e-mail", async ({
    page,
  }) => {
    await page.goto("/contact");
    const subject = `Pets ${Date.now()}`;
    await page.getByLabel("Name").fill("Robin Tenant");
    await page.getByLabel("Email").fill("robin@example.com");
    await page.getByLabel("Phone").fill("(860) 555-0177");
    await page.getByLabel("Subject").fill(subject);
    await page
      .getByLabel("Message", { exact: true })
      .fill("Do you allow cats in the Asylum Hill building?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(contactMessages.sentTitle)).toBeVisible();
    await expect(page.getByText(contactMessages.sentDefault)).toBeVisible();
    for (const label of ["Name", "Email", "Phone", "Subject", "Message"]) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue("");
    }
    await expect
      .poll(async () => (await outbox()).find((m) => m.subject.includes(subject)))
      .toMatchObject({ to: "leasing@charteroakrentals.com", replyTo: "robin@example.com" });
  });

  test("says so with the failure toast when the message cannot be sent", async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/status of 500/);
    await page.route(`**${buildUrl(inquiriesApi.send, {})}`, (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"error":"internal","message":"x"}',
      }),
    );
    await page.goto("/contact");
    await page.getByLabel("Name").fill("Robin Tenant");
    await page.getByLabel("Email").fill("robin@example.com");
    await page.getByLabel("Phone").fill("(860) 555-0177");
    await page.getByLabel("Subject").fill("Parking");
    await page.getByLabel("Message", { exact: true }).fill("Is there parking with the units?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(contactMessages.failedTitle)).toBeVisible();
    await expect(page.getByText(contactMessages.failedText)).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Robin Tenant");
  });
});

test.describe("Schedule Tour", () => {
  test("validates like the contact form, then sends a tour request about the unit", async ({
    page,
    request,
  }) => {
    await page.goto(`/properties/${await unitId(request, "Asylum Hill Apartments", "1A")}`);
    await page.getByRole("button", { name: "Schedule Tour" }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule a Tour" });
    await dialog.getByRole("button", { name: "Request Tour" }).click();
    await expect(dialog.getByText(contactMessages.name)).toBeVisible();
    await expect(dialog.getByText(contactMessages.email)).toBeVisible();
    await expect(dialog.getByText(contactMessages.phone)).toBeVisible();
    await expect(dialog.getByText(contactMessages.preferredTimes)).toBeVisible();

    const name = `Tour Taker ${Date.now()}`;
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Email").fill("tour@example.com");
    await dialog.getByLabel("Phone").fill("860-555-0123");
    await dialog.getByLabel("Preferred days and times").fill("Saturday morning");
    await dialog.getByRole("button", { name: "Request Tour" }).click();
    await expect(page.getByText(contactMessages.sentTitle)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Schedule Tour" })).toBeFocused();
    await expect
      .poll(async () => (await outbox()).find((m) => m.text.includes(name)))
      .toMatchObject({
        subject: expect.stringContaining("Tour request: Asylum Hill Apartments, Unit 1A"),
        text: expect.stringContaining("Preferred days and times: Saturday morning"),
      });
  });
});
