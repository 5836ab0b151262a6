import { adminPropertiesApi } from "#domain/api/admin-properties";
import { authApi } from "#domain/api/auth";
import { buildUrl } from "#domain/api/wire";
import { CONSENT_CLOSED_KEY } from "#domain/consent";
import { createAccount, signInThroughForm } from "./support/accounts";
import { DESKTOP, expect, expectNoSeriousA11yViolations, MOBILE, test } from "./support/test";

test.use({ viewport: DESKTOP });

type Page = import("@playwright/test").Page;

async function signIn(page: Page, account: { email: string; password: string }) {
  await signInThroughForm(page, account);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("jwt_token"));

test.describe("/account/security", () => {
  test("ending one session from another browser signs the first out on its next request", async ({
    page,
    browser,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/status of 401/);
    const admin = await createAccount({ role: "admin" });
    await signIn(page, admin);

    // Another browser (a phone), with the privacy banner closed as in every test's own context.
    const other = await browser.newContext({ viewport: MOBILE });
    await other.addInitScript((key) => {
      try {
        sessionStorage.setItem(key, new Date().toISOString());
      } catch {
        // about:blank has no storage.
      }
    }, CONSENT_CLOSED_KEY);
    try {
      const phone = await other.newPage();
      await phone.goto(new URL("/login", page.url()).href);
      await phone.getByLabel("Email").fill(admin.email);
      await phone.getByLabel("Password").fill(admin.password);
      await phone.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(phone).toHaveURL(/\/admin-dashboard$/);
      // Reached from the user menu.
      await phone.goto(new URL("/account/security", page.url()).href);
      await expect(phone.getByRole("heading", { name: "Account security" })).toBeVisible();
      const sessions = phone.getByRole("list", { name: "Sessions" });
      await expect(sessions.getByRole("listitem")).toHaveCount(2);
      await expect(sessions.getByText("This browser")).toBeVisible();
      await expectNoSeriousA11yViolations(phone);
      await sessions.getByRole("button", { name: /^Sign out / }).click();
      await expect(phone.getByText("That session is signed out.")).toBeVisible();
      await expect(sessions.getByRole("listitem")).toHaveCount(1);
    } finally {
      await other.close();
    }

    // The first browser's next request is refused, and it lands on the sign-in page.
    await page.reload();
    // After the reload's hydration and the refused call: past 5 s on a loaded two-core machine.
    await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
    expect(await storedToken(page)).toBeNull();
  });

  test("the user menu leads there, and Logout ends the session on the server", async ({ page }) => {
    const admin = await createAccount({ role: "admin" });
    await signIn(page, admin);
    const token = await storedToken(page);
    await page.goto("/");
    await page.getByRole("button", { name: /Administrator/ }).click();
    await page.getByRole("menuitem", { name: "Account security" }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(page.getByRole("list", { name: "Sessions" }).getByRole("listitem")).toHaveCount(1);

    await page.goto("/admin-dashboard");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The token the browser held is refused now, wherever a copy of it is.
    await expect
      .poll(async () =>
        (
          await page.request.get(buildUrl(authApi.me, {}), {
            headers: { authorization: `Bearer ${token}` },
          })
        ).status(),
      )
      .toBe(401);
  });
});

test.describe("the Activity tab", () => {
  test("shows who created a building, filters by action, and exports CSV", async ({ page }) => {
    const admin = await createAccount({ role: "admin" });
    await signIn(page, admin);
    const token = await storedToken(page);
    // Inactive: the shared server's public listings stay the demo's six buildings.
    const title = `Audit Court ${Date.now()}`;
    const created = await page.request.post(buildUrl(adminPropertiesApi.createProperty, {}), {
      headers: { authorization: `Bearer ${token}` },
      data: {
        title,
        type: "apartment",
        address: "1 Ledger Lane",
        city: "Hartford",
        state: "CT",
        zipCode: "06103",
        active: false,
      },
    });
    expect(created.status()).toBe(201);

    await page.goto("/admin-dashboard?tab=activity");
    await page.getByLabel("Person").fill(admin.email);
    await page.getByLabel("Action").selectOption({ label: "Created building" });
    await page.getByRole("button", { name: "Filter" }).click();
    const list = page.getByRole("list", { name: "Activity" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByText("Created building")).toBeVisible();
    await expect(list.getByText(title).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});
