import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { contactMessages } from "#domain/inquiries";
import { filesMessages } from "#domain/tenant-files";
import { E2E_ADMIN } from "./support/accounts";
import { outbox } from "./support/listings";
import { DESKTOP, expect, expectNoSeriousA11yViolations, test } from "./support/test";

/**
 * Tenant files from end to end: staff e-mail a document request, the tenant uploads through the
 * link without signing in, and the file is listed, searched, filtered and downloaded unchanged.
 * Then an inquiry from /contact reaches the Inquiries tab.
 */
test.use({ viewport: DESKTOP, server: "backOffice" });

async function signIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin-dashboard$/);
}

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name: new RegExp(`^${name}`) }).click();
}

/** A small but real PDF. */
function pdfBytes(text: string): Buffer {
  const body = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >> endobj
4 0 obj << /Length ${text.length + 30} >> stream
BT /F1 12 Tf 72 720 Td (${text}) Tj ET
endstream endobj
trailer << /Root 1 0 R >>
%%EOF
`;
  return Buffer.from(body, "latin1");
}

test("a document request is e-mailed, used by the tenant, and the file listed, searched, filtered and downloaded", async ({
  page,
  browser,
}) => {
  // A whole flow in two browsers (the office and the tenant), with an axe scan: on two cores
  // shared with the other worker it takes 25-35 s, past the default 30.
  test.setTimeout(90_000);
  const stamp = Date.now();
  const tenantName = `Dana Whitfield ${stamp}`;
  const tenantEmail = `dana-${stamp}@example.com`;
  await signIn(page);
  await openTab(page, "Files");
  await expect(page.getByRole("heading", { name: "File Management" })).toBeVisible();

  const dialog = page.getByRole("dialog", { name: "Request Documents from a Tenant" });
  // Once in a CI run (Node 24, two cores shared with the other worker) the click focused the
  // button and no dialog was open 90 s later; 8 runs beside two busy cores here did not show it
  // again. Clicked again while no dialog is open, so that one lost open cannot stop the flow it
  // tests; the dialog's own behaviour is proved by its component tests.
  await expect(async () => {
    if (!(await dialog.isVisible())) {
      await page.getByRole("button", { name: "Request Documents" }).click();
    }
    await expect(dialog).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await dialog.getByLabel("Tenant Name").fill(tenantName);
  await dialog.getByLabel("Tenant Email").fill(tenantEmail);
  await dialog.getByLabel("Building").selectOption({ index: 1 });
  await dialog.getByLabel("Category").selectOption("lease");
  await dialog.getByRole("button", { name: /Send/ }).click();
  await expect(page.getByText(filesMessages.requestSent(tenantEmail))).toBeVisible();

  // The mail worker sends it just after the answer: the outbox is read until it arrives.
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await outbox("backOffice")).find((m) => m.to === tenantEmail);
      link = mail ? /https?:\/\/\S+\/upload\/[A-Za-z0-9._-]+/.exec(mail.text)?.[0] : undefined;
      return link;
    }, "the request e-mail in the outbox")
    .toBeDefined();

  // The tenant, in a browser of their own, not signed in.
  const baseURL = process.env.E2E_BACK_OFFICE_URL!;
  const context = await browser.newContext({ baseURL });
  const tenant = await context.newPage();
  await tenant.goto(new URL(link!).pathname);
  await expect(tenant.getByText(`Hello ${tenantName}`)).toBeVisible();
  const bytes = pdfBytes(`Lease for ${tenantName}`);
  await tenant
    .getByLabel("Choose files")
    .setInputFiles({ name: "signed lease.pdf", mimeType: "application/pdf", buffer: bytes });
  await expect(tenant.getByText(filesMessages.uploadReceived)).toBeVisible();
  await expectNoSeriousA11yViolations(tenant);
  await context.close();

  await page.reload();
  await openTab(page, "Files");
  const search = page.getByRole("searchbox", { name: filesMessages.searchPlaceholder });
  const row = page.getByRole("listitem").filter({ hasText: "signed lease.pdf" });
  await search.fill(`Whitfield ${stamp}`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(tenantName);
  await search.fill(tenantEmail);
  await expect(row).toBeVisible();
  await search.fill(`nobody-${stamp}`);
  await expect(page.getByText(filesMessages.empty)).toBeVisible();

  await search.fill(tenantEmail);
  await page.getByLabel("Category").selectOption("maintenance");
  await expect(page.getByText(filesMessages.empty)).toBeVisible();
  await page.getByLabel("Category").selectOption("lease");
  await expect(row).toBeVisible();

  const downloading = page.waitForEvent("download");
  await row.getByRole("button", { name: /Download/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("signed lease.pdf");
  expect(Buffer.compare(await readFile(await download.path()), bytes)).toBe(0);
});

test("an inquiry sent from /contact appears in the Inquiries tab and can be marked handled", async ({
  page,
}) => {
  const subject = `Parking question ${Date.now()}`;
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Morgan Visitor");
  await page.getByLabel("Email").fill("morgan@example.com");
  await page.getByLabel("Phone").fill("(860) 555-0190");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message", { exact: true }).fill("Is there covered parking for tenants?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText(contactMessages.sentTitle)).toBeVisible();

  await signIn(page);
  const tab = page.getByRole("tab", { name: /^Inquiries/ });
  await expect(tab).toContainText(/\d+/);
  await tab.click();
  const item = page.getByRole("article").filter({ hasText: subject });
  await expect(item).toContainText("Is there covered parking for tenants?");
  await expect(item.getByRole("link", { name: /Reply by email/ })).toHaveAttribute(
    "href",
    /^mailto:morgan@example\.com/,
  );
  await item.getByRole("button", { name: "Mark as handled" }).click();
  await expect(item.getByRole("button", { name: "Mark as not handled" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("another tab opens at its own first page, without the last tab's search or page", async ({
  page,
}) => {
  await signIn(page);
  await openTab(page, "Inquiries");
  await page.getByRole("searchbox", { name: /Search/ }).fill("water");
  await expect(page).toHaveURL(/tab=inquiries&q=water$/);
  await openTab(page, "Properties");
  // The inquiries' words are not a search of the buildings.
  await expect(page).toHaveURL(/\/admin-dashboard\?tab=properties$/);
  await expect(page.getByRole("searchbox", { name: "Search buildings" })).toHaveValue("");
});
