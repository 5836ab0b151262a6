import { Secret, TOTP } from "otpauth";
import { readOutbox } from "#server/mail/outbox";
import { startBuiltApp, stopApp, tempDataDir } from "#tests/support/app-process";
import { createAccount, signInThroughForm } from "./support/accounts";
import { DESKTOP, expect, expectNoSeriousA11yViolations, MOBILE, test } from "./support/test";

type Page = import("@playwright/test").Page;

test.use({ viewport: DESKTOP });

/**
 * The authenticator app, played by the test: the code of a 30-second step at a time the test
 * picks (a step after the last one used, since each step's code is accepted once).
 */
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });

async function confirmPassword(page: Page, password: string, button: string) {
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Current password").fill(password);
  await dialog.getByRole("button", { name: button }).click();
}

async function signOut(page: Page) {
  await page.goto("/admin-dashboard");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Turns the app on from the security page: the secret the page shows, and the codes. */
/**
 * Turns the authenticator app on. `mailbox`: the office requires a second step and this is the
 * account's first, so the dialog also asks for the code e-mailed to it (read from the outbox of
 * the app's DATA_DIR).
 */
async function turnOnApp(
  page: Page,
  password: string,
  at: number,
  mailbox?: { dataDir: string; email: string },
) {
  await page.goto(new URL("/account/security", page.url()).href);
  const app = page.getByRole("region", { name: /Authenticator app/ });
  await app.getByRole("button", { name: "Turn on" }).click();
  if (mailbox) {
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "E-mail me a code" }).click();
    await expect(dialog.getByText("We sent a code to your e-mail address.")).toBeVisible();
    let code: string | undefined;
    await expect(async () => {
      const mail = (await readOutbox(mailbox.dataDir)).findLast((m) => m.to === mailbox.email);
      code = /code to add a second sign-in step: (\d{6})$/.exec(mail?.subject ?? "")?.[1];
      expect(code).toBeDefined();
    }).toPass({ timeout: 15_000 });
    await dialog.getByLabel(/Code from your e-mail/).fill(code!);
  }
  await confirmPassword(page, password, "Continue");
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = (await app.locator("code").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await app.getByLabel("Code from the app").fill(codeAt(secret, at));
  await app.getByRole("button", { name: "Turn on" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" });
  await expect(codes.getByRole("listitem")).toHaveCount(10);
  const recoveryCodes = (await codes.locator("code").allInnerTexts()).map((c) => c.trim());
  return { secret, recoveryCodes };
}

test.describe("a second sign-in step", () => {
  test("an authenticator app: turned on with a code, then asked for at sign-in; a recovery code works once", async ({
    page,
    allowedConsoleErrors,
  }) => {
    // A wrong code is answered 401, which the browser reports as a failed resource.
    allowedConsoleErrors.push(/status of 401/);
    // Five sign-ins through the form and a set-up: about 45 s alone, more on a busy machine.
    test.setTimeout(150_000);
    const admin = await createAccount({ role: "admin" });
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    // Without a second step, the dashboard invites the administrator to add one.
    await expect(page.getByText("Protect your account with a second sign-in step.")).toBeVisible();

    const now = Date.now();
    const { secret, recoveryCodes } = await turnOnApp(page, admin.password, now);
    await expectNoSeriousA11yViolations(page);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download" }).click();
    expect((await download).suggestedFilename()).toBe("charter-oak-recovery-codes.txt");
    await page.getByRole("button", { name: "I have saved them" }).click();
    await expect(page.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);
    await expect(page.getByText("10 of 10 left.")).toBeVisible();

    // The password is no longer enough: the second step shows in place.
    await signOut(page);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
    await expect(page.getByLabel("Authentication code")).toBeFocused();
    // The code of the step before the one used to turn it on: refused (each step once, in order).
    await page.getByLabel("Authentication code").fill(codeAt(secret, now - 30_000));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That code is not correct.")).toBeVisible();
    // The next step's code: in.
    await page.getByLabel("Authentication code").fill(codeAt(secret, now + 30_000));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await expect(page.getByText("Protect your account with a second sign-in step.")).toHaveCount(0);

    // A recovery code, once.
    for (const expected of ["in", "refused"] as const) {
      await signOut(page);
      await page.getByLabel("Email").fill(admin.email);
      await page.getByLabel("Password").fill(admin.password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.getByLabel("Authentication code").fill(recoveryCodes[0]!);
      await page.getByRole("button", { name: "Verify" }).click();
      if (expected === "in") await expect(page).toHaveURL(/\/admin-dashboard$/);
      else await expect(page.getByText("That code is not correct.")).toBeVisible();
    }
  });

  test("a passkey, made by Chromium's virtual authenticator: added, then signing in alone", async ({
    page,
    baseURL,
  }) => {
    // Three sign-ins and a registration through the pages.
    test.setTimeout(120_000);
    // Passkeys belong to a host name, not an address: the app's PUBLIC_URL host is localhost.
    const origin = baseURL!.replace("127.0.0.1", "localhost");
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const admin = await createAccount({ role: "admin" });
    await page.goto(`${origin}/login`);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/admin-dashboard$/);

    await page.goto(`${origin}/account/security`);
    await page.getByRole("button", { name: "Add a passkey" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Passkey name").fill("Work laptop");
    await confirmPassword(page, admin.password, "Add passkey");
    // The account's first second step: its recovery codes, shown once.
    await expect(
      page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem"),
    ).toHaveCount(10);
    await page.getByRole("button", { name: "I have saved them" }).click();
    const passkeys = page.getByRole("list", { name: "Passkeys" });
    await expect(passkeys.getByText("Work laptop")).toBeVisible();
    await expect(passkeys.getByText("Never used")).toBeVisible();

    await page.goto(`${origin}/admin-dashboard`);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await page.goto(`${origin}/account/security`);
    await expect(page.getByRole("list", { name: "Passkeys" }).getByText(/Last used/)).toBeVisible();

    // And as the second step after the password.
    await page.goto(`${origin}/admin-dashboard`);
    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("button", { name: "Use a passkey instead" }).click();
    await expect(page).toHaveURL(/\/admin-dashboard$/);
  });
});

test.describe("MFA_REQUIRED=true", () => {
  test.use({ viewport: MOBILE });
  let app: Awaited<ReturnType<typeof startBuiltApp>>;
  let dataDir: string;

  test.beforeAll(async () => {
    dataDir = await tempDataDir();
    app = await startBuiltApp({
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: "100000",
      AUTH_ATTEMPTS_PER_MINUTE: "1000",
      SEED_DEMO: "false",
      MFA_REQUIRED: "true",
    });
  });
  test.afterAll(async () => {
    if (app) await stopApp(app);
  });

  test("an administrator without a second step is sent to add one, and can use nothing else", async ({
    page,
    allowedConsoleErrors,
  }) => {
    // The dashboard's calls are refused (403) before it sends them to the security page.
    allowedConsoleErrors.push(/status of 403/);
    const admin = await createAccount({ role: "admin", dataDir });
    await page.goto(`${app.url}/login`);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/account\/security\?enrol=required$/);
    await expect(
      page.getByText("The office requires a second sign-in step.", { exact: false }),
    ).toBeVisible();
    // Nothing but adding a step: even the sessions list waits for it.
    await expect(
      page.getByText("Once you have added a second sign-in step, the browsers signed in"),
    ).toBeVisible();
    await expect(page.getByRole("list", { name: "Sessions" })).toHaveCount(0);

    // The back office refuses them until they have one.
    await page.goto(`${app.url}/admin-dashboard`);
    // After the page hydrates and its first call is refused: slower on a busy machine.
    await expect(page).toHaveURL(/\/account\/security\?enrol=required$/, { timeout: 20_000 });

    await page.goto(`${app.url}/account/security`);
    await turnOnApp(page, admin.password, Date.now(), { dataDir, email: admin.email });
    await page.getByRole("button", { name: "I have saved them" }).click();
    await expect(page.getByRole("list", { name: "Sessions" })).toBeVisible();
    await page.goto(`${app.url}/admin-dashboard`);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  });
});
