import { authApi } from "#domain/api/auth";
import { buildUrl } from "#domain/api/wire";
import { authMessages } from "#domain/auth";
import { changePassword, createAccount, E2E_ADMIN, invitedTenantSession } from "./support/accounts";
import { DESKTOP, expect, expectNoSeriousA11yViolations, MOBILE, test } from "./support/test";
import { watchForText } from "./support/transient";

/**
 * The guard sends a visitor on once the dashboard has hydrated and checked the session: on two
 * cores shared with another browser and the app, that first load has taken more than 5 s.
 */
const REDIRECT_WAIT_MS = 15_000;

test.use({ viewport: DESKTOP });

async function signIn(page: import("@playwright/test").Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

test.describe("/login", () => {
  test("checks the form with the product's messages", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText(authMessages.invalidEmail)).toBeVisible();
    await expect(page.getByText(authMessages.passwordRequired)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("shows 'Login Failed' with the reason for a wrong password", async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/status of 401/);
    await page.goto("/login");
    await signIn(page, E2E_ADMIN.email, "Not-the-password-1");
    const alert = page.getByRole("alert").filter({ hasText: "Login Failed" });
    await expect(alert).toContainText(authMessages.invalidCredentials);
  });

  test("refuses a tenant with 'Access Denied' and signs them out again", async ({
    page,
    allowedConsoleErrors,
  }) => {
    // The server refuses a tenant's password with 403: no session is made at all.
    allowedConsoleErrors.push(/status of 403/);
    const tenant = await createAccount({ role: "tenant" });
    await page.goto("/login");
    await signIn(page, tenant.email, tenant.password);
    const alert = page.getByRole("alert").filter({ hasText: "Access Denied" });
    await expect(alert).toContainText(authMessages.adminsOnly);
    expect(await page.evaluate(() => localStorage.getItem("jwt_token"))).toBeNull();
    await expect(page).toHaveURL(/\/login$/);
  });

  for (const [query, text] of [
    ["verified=true", "Your email has been verified. You can now sign in."],
    ["error=verification_failed", "Email verification failed. The link may be expired or invalid."],
    ["error=server_error", "A server error occurred during verification. Please try again later."],
    ["error=something_else", "An unknown error occurred during verification."],
  ] as const) {
    test(`shows the banner for ?${query}`, async ({ page }) => {
      await page.goto(`/login?${query}`);
      await expect(page.getByText(text)).toBeVisible();
    });
  }

  test("signs an administrator in to the dashboard, with the user menu on the site", async ({
    page,
  }) => {
    await page.goto("/login");
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await expect(page.getByText(`Welcome, ${E2E_ADMIN.email}`)).toBeVisible();
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem("user_info") ?? "{}").role),
    ).toBe("admin");

    await page
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "Home" })
      .click();
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Login" })).toHaveCount(0);
    await header.getByRole("button", { name: /Administrator/ }).click();
    await expect(page.getByRole("menuitem", { name: "Admin Dashboard" })).toBeVisible();
    const sawLoggingOut = await watchForText(page, "Logging out...");
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
    expect(await sawLoggingOut()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("jwt_token"))).toBeNull();
  });

  test("sends a signed-in administrator straight to the dashboard", async ({ page }) => {
    await page.goto("/login");
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/admin-dashboard$/);
  });
});

test.describe("protected pages", () => {
  test("send an anonymous visitor to /login and back after signing in", async ({ page }) => {
    await page.goto("/admin-dashboard");
    await expect(page).toHaveURL(/\/login$/, { timeout: REDIRECT_WAIT_MS });
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
  });

  test("send an unverified user to /verify-email", async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/status of 404/);
    const unverified = await createAccount({ role: "admin", verified: false });
    const response = await page.request.post(buildUrl(authApi.login, {}), { data: unverified });
    const session = await response.json();
    await page.goto("/");
    await page.evaluate((s) => {
      localStorage.setItem("jwt_token", s.token);
      localStorage.setItem("user_info", JSON.stringify(s.user));
    }, session);
    await page.goto("/admin-dashboard");
    await expect(page).toHaveURL(/\/verify-email$/, { timeout: REDIRECT_WAIT_MS });
  });

  test("send a user of another role to their own home", async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/status of 404/);
    const session = await invitedTenantSession(page.request, "Tom Tenant");
    await page.goto("/");
    await page.evaluate((s) => {
      localStorage.setItem("jwt_token", s.token);
      localStorage.setItem("user_info", JSON.stringify(s.user));
    }, session);
    await page.goto("/admin-dashboard");
    await expect(page).toHaveURL(/\/tenant-portal$/, { timeout: REDIRECT_WAIT_MS });
  });

  test("the dashboard's Logout shows 'Logging out...' and returns to /login", async ({ page }) => {
    await page.goto("/login");
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    const sawLoggingOut = await watchForText(page, "Logging out...");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await sawLoggingOut()).toBe(true);
  });
});

test.describe("the stored session", () => {
  for (const [label, token, user] of [
    [
      "an expired token",
      "expired",
      '{"uid":"x","email":"a@b.co","displayName":null,"role":"admin","emailVerified":true}',
    ],
    ["an unparsable user record", "valid", "{not json"],
    ["a missing user record", "valid", null],
  ] as const) {
    test(`is cleared at start when it has ${label}`, async ({ page }) => {
      await page.goto("/");
      await page.evaluate(
        ([kind, userInfo]) => {
          const exp = Math.floor(Date.now() / 1000) + (kind === "expired" ? -60 : 3600);
          const payload = btoa(JSON.stringify({ sub: "x", exp })).replace(/=+$/, "");
          localStorage.setItem("jwt_token", `eyJhbGciOiJIUzI1NiJ9.${payload}.sig`);
          if (userInfo !== null) localStorage.setItem("user_info", userInfo);
        },
        [token, user] as const,
      );
      await page.reload();
      // The Login button is already in the server's HTML: wait for the browser's own check instead.
      await expect
        .poll(() =>
          page.evaluate(() => [
            localStorage.getItem("jwt_token"),
            localStorage.getItem("user_info"),
          ]),
        )
        .toEqual([null, null]);
      await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
    });
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: MOBILE });
  test("the mobile menu shows the signed-in user and logs out", async ({ page }) => {
    await page.goto("/login");
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByText("Administrator")).toBeVisible();
    await expect(menu.getByRole("link", { name: "Admin Dashboard" })).toBeVisible();
    await menu.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(
      page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Login" }),
    ).toBeVisible();
  });
});

test.describe("a session the server no longer accepts", () => {
  test("ends quietly at the next visit after the password was changed elsewhere", async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/status of 401/);
    const admin = await createAccount({ role: "admin", name: "Revoked Admin" });
    await page.goto("/login");
    await signIn(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await changePassword(admin.email, "Changed-elsewhere-1");
    await page.goto("/properties");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("jwt_token"))).toBeNull();
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
    await expect(page).toHaveURL(/\/properties$/);
  });
});
