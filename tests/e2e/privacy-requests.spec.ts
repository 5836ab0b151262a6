import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { E2E_ADMIN, signInThroughForm } from "./support/accounts";
import { outbox } from "./support/listings";
import { DESKTOP, expect, expectNoSeriousA11yViolations, MOBILE, test } from "./support/test";

/**
 * A renter's own privacy request, as a person makes it: the privacy page's form (with scripts
 * and without), the link e-mailed to the address (read from the outbox), the page it opens and
 * its button, then the request in the back office's Privacy tab with its due date.
 */
test.use({ viewport: DESKTOP });

const address = (name: string) => `${name}-${randomBytes(4).toString("hex")}@example.com`;

/** The path of the confirmation link e-mailed to `to` (English or under /es). */
async function linkTo(to: string): Promise<string> {
  let path = "";
  await expect
    .poll(
      async () => {
        const mail = (await outbox()).find((message) => message.to === to);
        const link =
          mail && /https?:\/\/[^/\s]+((?:\/es)?\/privacy\/requests\/[\w-]{43})/.exec(mail.text);
        path = link?.[1] ?? "";
        return path;
      },
      { timeout: 10_000 },
    )
    .not.toBe("");
  return path;
}

async function ask(page: Page, email: string, kind: RegExp) {
  await page.getByLabel(/^(Your e-mail address|Su correo electrónico)$/).fill(email);
  await page.getByRole("radio", { name: kind }).check();
  await page.getByRole("button", { name: /^(Send my request|Enviar mi solicitud)$/ }).click();
}

test.describe("a privacy request from the privacy page", () => {
  test("is checked on the form, confirmed by the e-mailed link's button once, and reaches the office", async ({
    page,
  }) => {
    const email = address("privacy-js");
    await page.goto("/privacy");
    const form = page.getByRole("form", { name: "Ask for your data" });
    await form.getByLabel("Your e-mail address").fill("not an address");
    await form.getByRole("button", { name: "Send my request" }).click();
    await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(form.getByText("Choose what you would like us to do.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await ask(page, email, /^Delete the information/);
    const sent = page.getByRole("status").filter({ hasText: "Check your e-mail" });
    await expect(sent).toBeVisible();
    await expect(sent).toBeFocused();
    await expect(sent).toContainText("open it within 7 days");

    const link = await linkTo(email);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Confirm your privacy request",
    );
    await expect(
      page.getByText(`You asked us to delete the information we hold about ${email}.`),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Confirm my request" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your request is confirmed");
    await expect(page.getByText(/^We will answer by e-mail by \w+ \d+, \d{4}\.$/)).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "This request was confirmed already",
    );

    await signInThroughForm(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    // The tab says requests are open before it is opened.
    const tab = page.getByRole("tab", { name: /^Privacy/ });
    await expect(tab.getByLabel(/^\d+ (open|overdue)$/)).toBeVisible();
    await tab.click();
    const requests = page.getByRole("list", { name: "Privacy requests" });
    const row = requests.getByRole("listitem").filter({ hasText: email });
    await expect(row).toContainText("Deletion of their data");
    await expect(row).toContainText(/Due in (44|45) days/);
    await row.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByRole("list", { name: `Held about ${email}` })).toContainText(
      "Deletion of their data: open",
    );
    await row.getByRole("button", { name: "Mark answered" }).click();
    await expect(requests.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);
  });

  test("works without JavaScript, in Spanish, on a phone", async ({ browser }) => {
    // No script runs: the navigations wait for the document only, not for an app to start.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: MOBILE,
      baseURL: process.env.E2E_BASE_URL,
    });
    const loaded = { waitUntil: "domcontentloaded" } as const;
    const page = await context.newPage();
    const email = address("privacidad");
    await page.goto("/es/privacy", loaded);
    await page.getByRole("button", { name: "Enviar mi solicitud" }).click();
    await expect(page.getByText("Elija lo que desea que hagamos.")).toBeVisible();
    await ask(page, email, /^Una copia de la información/);
    await expect(
      page.getByRole("status").filter({ hasText: "Revise su correo electrónico" }),
    ).toBeVisible();

    const link = await linkTo(email);
    expect(link).toMatch(/^\/es\/privacy\/requests\//);
    await page.goto(link, loaded);
    await expect(
      page.getByText(`Pidió una copia de la información que tenemos sobre ${email}.`),
    ).toBeVisible();
    await page.getByRole("button", { name: "Confirmar mi solicitud" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Su solicitud está confirmada",
    );
    await expect(
      page.getByText(
        /^Le responderemos por correo electrónico a más tardar el \d+ de \w+ de \d{4}\.$/,
      ),
    ).toBeVisible();
    // The address of an e-mailed link is kept by no cache.
    const again = await page.goto(link, loaded);
    expect(again?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Esta solicitud ya se confirmó",
    );
    await context.close();
  });

  test("a link that does not work says so, with the way back", async ({
    page,
    allowedConsoleErrors,
  }) => {
    // The page's own 404, which the browser reports.
    allowedConsoleErrors.push(/Failed to load resource: the server responded with a status of 404/);
    const answer = await page.goto(`/privacy/requests/${"x".repeat(43)}`);
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link does not work");
    await expect(page.getByRole("link", { name: "Back to the privacy policy" })).toHaveAttribute(
      "href",
      "/privacy",
    );
  });
});
