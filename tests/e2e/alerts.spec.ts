import type { Page } from "@playwright/test";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { alertsApi } from "#domain/api/alerts";
import { authApi } from "#domain/api/auth";
import { buildUrl } from "#domain/api/wire";
import { type OutboxMessage, readOutbox } from "#server/mail/outbox";
import { type RunningApp, startBuiltApp, stopApp, tempDataDir } from "../support/app-process";
import { expect, test } from "./support/navigation";

/**
 * Listing alerts in a browser, followed through the outbox: subscribe from /properties (the form
 * starts from the page's filters), confirm by the e-mailed link, hear once about a matching unit
 * staff open (and nothing about one that does not match), change the alert on its manage page,
 * and leave by the mail client's one-click unsubscribe. On an app of its own: opening units
 * would change what the shared server's other tests count.
 */

const ADMIN = { email: "alerts-admin@example.com", password: "Alerts-admin-pass-1" };

let app: RunningApp;
let dataDir: string;
let auth: Record<string, string>;
let buildingId: number;

async function api(path: string, method: string, body?: object) {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...auth },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return response.json();
}

/** The messages to `to`, polled until `count` of them have arrived. */
async function mailTo(to: string, count: number): Promise<OutboxMessage[]> {
  let found: OutboxMessage[] = [];
  await expect
    .poll(
      async () => {
        found = (await readOutbox(dataDir)).filter((m) => m.to === to);
        return found.length;
      },
      { timeout: 60_000, message: `${count} e-mail(s) to ${to}` },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

async function openUnit(unitNumber: string, bedrooms: number, rent: number) {
  return api(buildUrl(adminPropertiesApi.createUnit, {}), "POST", {
    propertyId: buildingId,
    unitNumber,
    bedrooms,
    bathrooms: 1,
    rent,
    available: true,
  }) as Promise<{ id: number }>;
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = await tempDataDir();
  app = await startBuiltApp(
    {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: "false",
    },
    150_000,
  );
  const login = await fetch(`${app.url}${buildUrl(authApi.login, {})}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const building = (await api(buildUrl(adminPropertiesApi.createProperty, {}), "POST", {
    title: "Bushnell Park Lofts",
    type: "loft",
    address: "30 Elm Street",
    city: "Hartford",
    state: "CT",
    zipCode: "06106",
  })) as { id: number };
  buildingId = building.id;
  await openUnit("1A", 1, 1400);
});

test.afterAll(async () => {
  if (app) await stopApp(app);
});

async function subscribeFromProperties(page: Page, email: string, prefix = "") {
  await page.goto(`${app.url}${prefix}/properties?beds=2&maxRent=1800`);
  await page.getByRole("button", { name: /alerts for new homes|alertas de viviendas/i }).click();
  const dialog = page.getByRole("dialog");
  // The form starts from the page's filters.
  await expect(dialog.getByLabel(/Bedrooms|Dormitorios/)).toHaveValue("2");
  await expect(dialog.getByLabel(/Maximum rent|Alquiler máximo/)).toHaveValue("1800");
  await dialog.getByLabel(/^(Email|Correo electrónico)$/).fill(email);
  await dialog.getByRole("checkbox", { name: "Hartford", exact: true }).check();
  await dialog.getByRole("button", { name: /Send me alerts|Enviarme alertas/ }).click();
  await expect(dialog.getByRole("status")).toContainText(/Check your e-mail|Revise su correo/);
}

test("subscribe, confirm, one alert for a matching unit, none for others, manage, one-click unsubscribe", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = "rosa@example.com";
  await subscribeFromProperties(page, email);
  const [confirmation] = await mailTo(email, 1);
  expect(confirmation!.subject).toBe("Charter Oak Rentals: confirm your listing alerts");
  expect(confirmation!.text).toContain("2+ bedrooms, up to $1,800, in Hartford");
  const confirmUrl = /https?:\/\/\S+\/alerts\/confirm\/[\w-]{43}/.exec(confirmation!.text)![0];

  // Opening the link (as a mail scanner does) turns nothing on: the page asks.
  await page.goto(`${app.url}${new URL(confirmUrl).pathname}`);
  await expect(page.getByRole("heading", { name: "Confirm your listing alerts" })).toBeVisible();
  await expect(page.getByText("2+ bedrooms, up to $1,800, in Hartford")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Confirm your listing alerts" })).toBeVisible();
  await page.getByRole("button", { name: "Turn on my alerts" }).click();
  await expect(page.getByRole("heading", { name: "Your alerts are on" })).toBeFocused();
  await expect(page).toHaveTitle(/^Listing alerts confirmed/);
  await expect(page.getByText("2+ bedrooms, up to $1,800, in Hartford")).toBeVisible();
  await expect(page.getByRole("link", { name: "Change or stop these alerts" })).toBeVisible();
  // The link works once: opened again, it says only that it was used.
  await page.reload();
  await expect(page.getByRole("heading", { name: "This link was used already" })).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Change or stop these alerts" })).toHaveCount(0);

  // A unit that does not match, then one that does: one alert, for the second only.
  await openUnit("2A", 1, 1300);
  const matching = await openUnit("2B", 2, 1750);
  const [, alert] = await mailTo(email, 2);
  expect(alert!.subject).toBe("New home for you: Bushnell Park Lofts, Unit 2B");
  expect(alert!.text).toContain(`/properties/${matching.id}`);
  expect(alert!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  // Nothing more arrives for it (passes run every 30 s and on every change).
  await openUnit("2C", 0, 900);
  await page.waitForTimeout(2_000);
  expect(await mailTo(email, 2)).toHaveLength(2);

  // The manage page: pause, then resume with a daily summary.
  const manageUrl = /https?:\/\/\S+\/alerts\/manage\/[\w-]{43}/.exec(alert!.text)![0];
  await page.goto(`${app.url}${new URL(manageUrl).pathname}`);
  await expect(page.getByRole("heading", { name: "Your listing alerts" })).toBeVisible();
  await page.getByRole("button", { name: "Pause alerts" }).click();
  await expect(page.getByText("Your alerts are paused.")).toBeVisible();
  await page.reload();
  await page.getByRole("button", { name: "Resume alerts" }).click();
  await expect(page.getByText("Your alerts are on again.")).toBeVisible();
  await page.getByLabel("A daily summary at 8 AM").check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your alerts are updated.")).toBeVisible();
  await expect(page.getByText("In a daily summary at 8 AM.")).toBeVisible();

  // The mail client's button: a POST to the List-Unsubscribe link, no session, no page.
  const oneClick = /^<(.+)>$/.exec(alert!.headers["List-Unsubscribe"]!)![1]!;
  const response = await fetch(`${app.url}${new URL(oneClick).pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(response.status).toBe(200);
  await page.reload();
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
  await openUnit("2D", 3, 1600);
  await page.waitForTimeout(2_000);
  expect(await mailTo(email, 2)).toHaveLength(2);
});

test("the Spanish site's form sends a Spanish confirmation, and a bad link says so", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = "lucia@example.com";
  await subscribeFromProperties(page, email, "/es");
  const [confirmation] = await mailTo(email, 1);
  expect(confirmation!.subject).toBe("Charter Oak Rentals: confirme sus alertas de viviendas");
  const confirmPath = /\/es\/alerts\/confirm\/[\w-]{43}/.exec(confirmation!.text)![0];
  await page.goto(`${app.url}${confirmPath}`);
  await expect(
    page.getByRole("heading", { name: "Confirme sus alertas de viviendas" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Activar mis alertas" }).click();
  await expect(page.getByRole("heading", { name: "Sus alertas están activas" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Este enlace ya se usó" })).toBeVisible();
  const response = await page.goto(`${app.url}/es/alerts/confirm/${"x".repeat(43)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Este enlace no funciona" })).toBeVisible();
});

test("the confirmation page's button works without JavaScript, and a reload sends nothing twice", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = "no-script@example.com";
  await api(buildUrl(alertsApi.subscribe, {}), "POST", {
    email,
    criteria: { bedroomsMin: 1 },
    frequency: "instant",
  });
  const [confirmation] = await mailTo(email, 1);
  const confirmPath = /\/alerts\/confirm\/[\w-]{43}/.exec(confirmation!.text)![0];

  // No script runs: the navigations wait for the document only, not for an app to start.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const loaded = { waitUntil: "domcontentloaded" } as const;
  try {
    const page = await context.newPage();
    await page.goto(`${app.url}${confirmPath}`, loaded);
    await expect(page.getByRole("heading", { name: "Confirm your listing alerts" })).toBeVisible();
    const posts: number[] = [];
    page.on("response", (r) => {
      if (r.request().method() === "POST") posts.push(r.status());
    });
    await page.getByRole("button", { name: "Turn on my alerts" }).click();
    // On, and the form was answered with a redirect to the alert's manage page: a reload asks
    // for that page only.
    await expect(page.getByRole("heading", { name: "Your listing alerts" })).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(/^\/alerts\/manage\/[\w-]{43}$/);
    expect(posts).toEqual([303]);
    await page.reload(loaded);
    await expect(page.getByRole("heading", { name: "Your listing alerts" })).toBeVisible();
    expect(posts).toEqual([303]);
    // The link again, its form sent as well: used, it says so, and turns nothing on twice.
    await page.goto(`${app.url}${confirmPath}`, loaded);
    await expect(page.getByRole("heading", { name: "This link was used already" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Turn on my alerts" })).toHaveCount(0);
    // The same alert asked for again, and confirmed by its new link: the one already on is
    // kept, and the press lands on its manage page.
    await api(buildUrl(alertsApi.subscribe, {}), "POST", {
      email,
      criteria: { bedroomsMin: 1 },
      frequency: "instant",
    });
    const [, again] = await mailTo(email, 2);
    const againPath = /\/alerts\/confirm\/[\w-]{43}/.exec(again!.text)![0];
    expect(againPath).not.toBe(confirmPath);
    await page.goto(`${app.url}${againPath}`, loaded);
    await page.getByRole("button", { name: "Turn on my alerts" }).click();
    await expect(page.getByRole("heading", { name: "Your listing alerts" })).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(/^\/alerts\/manage\/[\w-]{43}$/);

    // A made-up link, opened or its form sent: the page that says the link does not work, 404.
    const madeUp = `${app.url}/alerts/confirm/${"x".repeat(43)}`;
    await page.goto(madeUp, loaded);
    await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
    const sent = await fetch(madeUp, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    });
    expect(sent.status).toBe(404);
    expect(await sent.text()).toContain("This link does not work");
  } finally {
    await context.close();
  }
});
