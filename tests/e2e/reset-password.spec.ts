import { authApi } from "#domain/api/auth";
import { buildUrl } from "#domain/api/wire";
import { accountMessages, authMessages } from "#domain/auth";
import { createAccount } from "./support/accounts";
import { outbox } from "./support/listings";
import { DESKTOP, expect, expectNoSeriousA11yViolations, test } from "./support/test";

test.use({ viewport: DESKTOP });

test.describe("/reset-password", () => {
  test("the whole reset: request, e-mail, rules on blur, countdown, new password works, old does not", async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/status of 401/);
    test.setTimeout(60_000);
    const account = await createAccount({ role: "admin" });

    await page.goto("/reset-password");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText(authMessages.invalidEmail)).toBeVisible();
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
    await page.getByRole("button", { name: "Send Another Email" }).click();
    await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeVisible();

    let link = "";
    await expect
      .poll(async () => {
        const mail = (await outbox()).filter((m) => m.to === account.email).at(-1);
        link = mail ? (/https?:\/\/\S+\/reset-password\?\S+/.exec(mail.text)?.[0] ?? "") : "";
        return link;
      })
      .toContain("code=");
    await page.goto(new URL(link).pathname + new URL(link).search);

    const password = page.getByLabel("New password", { exact: true });
    const confirm = page.getByLabel("Confirm new password");
    await password.fill("short");
    await password.blur();
    await expect(page.getByText(accountMessages.passwordLength)).toBeVisible();
    await password.fill("alllowercase1");
    await password.blur();
    await expect(page.getByText(accountMessages.passwordRules)).toBeVisible();
    await password.fill("Brand-New-Pass-9");
    await confirm.fill("Something-Else-9");
    await confirm.blur();
    await expect(page.getByText(accountMessages.passwordsDiffer)).toBeVisible();
    await confirm.fill("Brand-New-Pass-9");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Reset Password" }).click();

    await expect(page.getByText(accountMessages.resetDone)).toBeVisible();
    await expect(page.getByText(/in [45] seconds/)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 8000 });

    const login = (pw: string) =>
      page.request.post(buildUrl(authApi.login, {}), {
        data: { email: account.email, password: pw },
      });
    expect((await login("Brand-New-Pass-9")).status()).toBe(200);
    expect((await login(account.password)).status()).toBe(401);
  });

  test("refuses a link without its code or user", async ({ page }) => {
    await page.goto("/reset-password?code=abc");
    await expect(page.getByText(accountMessages.resetLinkInvalid)).toBeVisible();
    await page.goto("/reset-password?uid=abc");
    await expect(page.getByText(accountMessages.resetLinkInvalid)).toBeVisible();
  });

  test("says why when a used or expired link is tried", async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/status of 400/);
    await page.goto(
      "/reset-password?code=not-a-real-code-of-enough-length&uid=00000000-0000-0000-0000-000000000000",
    );
    await page.getByLabel("New password", { exact: true }).fill("Brand-New-Pass-9");
    await page.getByLabel("Confirm new password").fill("Brand-New-Pass-9");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(
      page.getByText(`Failed to reset password: ${accountMessages.resetLinkExpired}`),
    ).toBeVisible();
  });
});
