import { ACCESSIBILITY_STORAGE_KEY, defaultAccessibilityPreferences } from "#domain/accessibility";
import { E2E_ADMIN, signInThroughForm } from "./support/accounts";
import { DESKTOP, expect, expectNoSeriousA11yViolations, MOBILE, test } from "./support/test";

/**
 * The office's side of applications (the back-office server): a paper application entered from
 * a unit's Invite to apply, its form opened to type the paper's answers in, the application in
 * the Applications tab with its source and the form's link; the tab and an opened application
 * without a serious axe violation in every colour scheme, on a desktop and at 375 px.
 */
test.use({ server: "backOffice", viewport: DESKTOP });
test.describe.configure({ mode: "serial" });

const BUILDING = "Farmington Avenue Townhomes";
const renter = `paper-${process.pid}-${Date.now()}@example.com`;

test("staff enter a paper application and find it in the Applications tab", async ({
  page,
  context,
}) => {
  await signInThroughForm(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.goto("/admin-dashboard?tab=properties");
  await page
    .getByRole("button", { name: new RegExp(`^Invite to apply: .+ in ${BUILDING}$`) })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Invite to apply" });
  await dialog.getByLabel("Renter's name").fill("Pat Paper");
  await dialog.getByLabel("Renter's e-mail").fill(renter);
  await dialog.getByLabel(/It came on paper/).check();
  await dialog.getByRole("button", { name: "Start the paper application" }).click();
  const started = page.getByRole("dialog", { name: "Paper application started" });
  const [form] = await Promise.all([
    context.waitForEvent("page"),
    started.getByRole("link", { name: /Open the application form/ }).click(),
  ]);
  await form.waitForLoadState();
  await expect(form.getByRole("heading", { name: "Your application", level: 1 })).toBeVisible();
  await expect(form.getByLabel("Phone", { exact: true })).toBeVisible();
  await form.close();

  await page.goto("/admin-dashboard?tab=applications");
  const row = page.getByRole("listitem").filter({ hasText: renter });
  await expect(row).toContainText("Entered from paper");
  await row.getByRole("button", { name: "Open the application of Pat Paper" }).click();
  await expect(page.getByText("Entered from paper and not submitted yet")).toBeVisible();
  await expect(page.getByRole("link", { name: /Open the application form/ })).toHaveAttribute(
    "href",
    /^\/apply\/[\w-]{43}$/,
  );
});

for (const colorScheme of ["light", "dark", "high-contrast"] as const) {
  test(`the Applications tab and an application have no serious axe violation in the ${colorScheme} scheme, on a desktop and at 375 px`, async ({
    page,
  }) => {
    await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
      key: ACCESSIBILITY_STORAGE_KEY,
      value: JSON.stringify({ ...defaultAccessibilityPreferences, colorScheme }),
    });
    await signInThroughForm(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await page.goto("/admin-dashboard?tab=applications");
    const row = page.getByRole("listitem").filter({ hasText: renter });
    await expect(row).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize(MOBILE);
    await expectNoSeriousA11yViolations(page);
    await row.getByRole("button", { name: "Open the application of Pat Paper" }).click();
    await expect(page.getByText("Entered from paper and not submitted yet")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize(DESKTOP);
    await expectNoSeriousA11yViolations(page);
  });
}
