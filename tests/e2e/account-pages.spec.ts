import { authApi } from "#domain/api/auth";
import { buildUrl } from "#domain/api/wire";
import { accountMessages, authMessages } from "#domain/auth";
import { createAccount, invitedTenantSession, signInThroughForm } from "./support/accounts";
import { outbox } from "./support/listings";
import { DESKTOP, expect, expectNoSeriousA11yViolations, test } from "./support/test";

test.use({ viewport: DESKTOP });

type Page = import("@playwright/test").Page;

async function storeSession(page: Page, account: { email: string; password: string }) {
  const session = await (
    await page.request.post(buildUrl(authApi.login, {}), { data: account })
  ).json();
  await page.goto("/");
  await page.evaluate((s) => {
    localStorage.setItem("jwt_token", s.token);
    localStorage.setItem("user_info", JSON.stringify(s.user));
  }, session);
}

async function mailedCode(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await outbox()).filter((m) => m.to === email).at(-1);
      code = mail ? /^(\d{6})$/m.exec(mail.text)?.[1] : undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

test.describe("/register", () => {
  test("shows 'Registration Unavailable' and a disabled form", async ({ page }) => {
    await page.goto("/register");
    await expect(page.getByText("Registration Unavailable")).toBeVisible();
    await expect(page.getByText(authMessages.registrationUnavailable)).toBeVisible();
    for (const label of ["Display name", "Email", "Password", "Confirm password"]) {
      await expect(page.getByLabel(label, { exact: true })).toBeDisabled();
    }
    await expect(page.getByRole("button", { name: "Register" })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("/verify-email", () => {
  test("an unverified administrator signs in, gets a code by e-mail and is let in after it", async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/status of 400/);
    const admin = await createAccount({ role: "admin", verified: false });
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL(/\/verify-email$/);
    const code = await mailedCode(admin.email);

    await page.getByLabel("Verification code").fill("12");
    await page.getByRole("button", { name: "Verify Email" }).click();
    await expect(page.getByText(accountMessages.codeFormat)).toBeVisible();

    await page.getByLabel("Verification code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify Email" }).click();
    await expect(page.getByText(accountMessages.codeInvalid)).toBeVisible();

    await page.getByLabel("Verification code").fill(code);
    await page.getByRole("button", { name: "Verify Email" }).click();
    await expect(page.getByText("Your e-mail address is verified.")).toBeVisible();
    await expect(page).toHaveURL(/\/admin-dashboard$/, { timeout: 5000 });
  });

  test("submits a code given in the address at once", async ({ page }) => {
    const admin = await createAccount({ role: "admin", verified: false });
    await storeSession(page, admin);
    const me = JSON.parse((await page.evaluate(() => localStorage.getItem("user_info"))) ?? "{}");
    await page.request.post(buildUrl(authApi.sendVerification, {}), { data: { uid: me.uid } });
    const code = await mailedCode(admin.email);
    await page.evaluate((uid) => sessionStorage.setItem(`verification_sent_${uid}`, "1"), me.uid);
    await page.goto(`/verify-email?code=${code}`);
    await expect(page).toHaveURL(/\/admin-dashboard$/, { timeout: 5000 });
  });

  test("offers 'Sign out and use another account'", async ({ page }) => {
    const admin = await createAccount({ role: "admin", verified: false });
    await storeSession(page, admin);
    await page.goto("/verify-email");
    // The page mails a code on arrival; a person reads the page before choosing to leave, and a
    // click before the server has taken that request would revoke the session under it (401).
    await mailedCode(admin.email);
    await page.getByRole("button", { name: "Sign out and use another account" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("jwt_token"))).toBeNull();
  });

  test("sends an anonymous visitor to /login", async ({ page }) => {
    await page.goto("/verify-email");
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe("/tenant-portal", () => {
  test("welcomes a signed-in tenant and lets them log out", async ({ page }) => {
    const session = await invitedTenantSession(page.request, "Terry Tenant");
    await page.goto("/");
    await page.evaluate((s) => {
      localStorage.setItem("jwt_token", s.token);
      localStorage.setItem("user_info", JSON.stringify(s.user));
    }, session);
    await page.goto("/tenant-portal");
    await expect(page.getByRole("heading", { name: "Tenant Portal" })).toBeVisible();
    await expect(page.getByText("Welcome, Terry Tenant")).toBeVisible();
    await expect(page.getByText("Garden Street Colonial").first()).toBeVisible();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("/reset-users", () => {
  test("clears the user data kept in this browser", async ({ page }) => {
    await page.goto("/reset-users");
    await page.evaluate(() => {
      for (const key of [
        "jwt_token",
        "user_info",
        "users",
        "currentUser",
        "verificationCodes",
        "unrelated",
      ]) {
        localStorage.setItem(key, "x");
      }
    });
    await page.getByRole("button", { name: "Reset All User Data" }).click();
    await expect(page.getByText("All user data has been cleared from this browser.")).toBeVisible();
    expect(await page.evaluate(() => Object.keys(localStorage).sort())).toEqual(["unrelated"]);
    await expect(page.getByRole("link", { name: "Register New User" })).toHaveAttribute(
      "href",
      "/register",
    );
    await expect(page.getByRole("link", { name: "Go to Homepage" })).toHaveAttribute("href", "/");
  });
});
