import type { APIRequestContext } from "@playwright/test";
import { ACCESSIBILITY_STORAGE_KEY, defaultAccessibilityPreferences } from "#domain/accessibility";
import { listingsApi } from "#domain/api/listings";
import { buildUrl } from "#domain/api/wire";
import { outbox } from "./support/listings";
import { DESKTOP, expect, expectNoSeriousA11yViolations, MOBILE, test } from "./support/test";

/**
 * Apply Now with the site's own application (APPLY_NOW=online, the back-office server here): the
 * unit page's Apply Now opens the unit's form in the same tab, which checks the name and address
 * with the API's schema and e-mails the application's link, the page in English with scripts and
 * in Spanish without them on a phone; the page has no serious axe violation; and on the default
 * (the shared server) the form does not exist.
 */
test.use({ server: "backOffice" });
test.describe.configure({ mode: "serial" });

const BUILDING = "Farmington Avenue Townhomes";
let started = 0;
const address = () => `apply-now-${process.pid}-${++started}-${Date.now()}@example.com`;

type ApiBuilding = { id: number; name: string; units?: { id: number; available: boolean }[] };

/** A unit the public site shows, on the server under test. */
async function listedUnit(request: APIRequestContext, baseURL: string) {
  const buildings = (await (
    await request.get(`${baseURL}${buildUrl(listingsApi.listBuildings, {})}`)
  ).json()) as ApiBuilding[];
  const building = buildings.find((b) => b.name === BUILDING);
  if (!building) throw new Error(`No building named ${BUILDING}`);
  const whole = (await (
    await request.get(`${baseURL}${buildUrl(listingsApi.getBuilding, { id: building.id })}`)
  ).json()) as ApiBuilding;
  const unit = whole.units?.find((u) => u.available);
  if (!unit) throw new Error(`No available unit in ${BUILDING}`);
  return unit.id;
}

async function linkTo(email: string) {
  let link = "";
  await expect
    .poll(async () => {
      const mail = (await outbox("backOffice")).find((message) => message.to === email);
      link = /https?:\/\/[^/\s]+((?:\/es)?\/apply\/[\w-]{43})/.exec(mail?.text ?? "")?.[1] ?? "";
      return link;
    })
    .not.toBe("");
  return link;
}

test("Apply Now on a unit page opens its form, which e-mails the link to the application", async ({
  page,
  request,
  baseURL,
}) => {
  await page.setViewportSize(DESKTOP);
  const unit = await listedUnit(request, baseURL!);
  await page.goto(`/properties/${unit}`);
  const apply = page.getByRole("link", { name: "Apply Now" }).first();
  await expect(apply).toHaveAttribute("href", `/properties/${unit}/apply`);
  await expect(apply).not.toHaveAttribute("target", "_blank");
  await apply.click();
  await expect(page.getByRole("heading", { name: "Apply for this home", level: 1 })).toBeVisible();
  await expect(page.getByText(/^Unit .+ at Farmington Avenue Townhomes, /)).toBeVisible();

  await page.getByRole("button", { name: "E-mail me the link" }).click();
  await expect(page.getByText("Enter a name of 2 to 100 characters.")).toBeVisible();
  const email = address();
  await page.getByLabel("Your name").fill("Rosa Díaz");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "E-mail me the link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail", level: 1 })).toBeVisible();

  const link = await linkTo(email);
  expect(link).toMatch(/^\/apply\//);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Your application", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Phone", { exact: true })).toBeVisible();
});

test("works without scripts, in Spanish, on a phone", async ({ browser, request, baseURL }) => {
  const unit = await listedUnit(request, baseURL!);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: MOBILE, baseURL });
  const page = await context.newPage();
  await page.goto(`/es/properties/${unit}`, { waitUntil: "domcontentloaded" });
  await page.getByRole("link", { name: "Solicitar ahora" }).first().click();
  await expect(page.getByRole("heading", { name: "Solicitar esta vivienda" })).toBeVisible();
  await page.getByLabel("Su nombre").fill("Lucía Pérez");
  await page.getByLabel("Correo electrónico").fill("no es un correo");
  await page.getByRole("button", { name: "Enviarme el enlace" }).click();
  await expect(page.getByText("Escriba un correo electrónico válido.")).toBeVisible();
  const email = address();
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByRole("button", { name: "Enviarme el enlace" }).click();
  await expect(page.getByRole("heading", { name: "Revise su correo electrónico" })).toBeVisible();
  expect(await linkTo(email)).toMatch(/^\/es\/apply\//);
  await context.close();
});

for (const scheme of ["light", "dark", "high-contrast"] as const) {
  test(`the form has no serious axe violation in the ${scheme} scheme, on a desktop and at 375 px`, async ({
    page,
    request,
    baseURL,
  }) => {
    const unit = await listedUnit(request, baseURL!);
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      ACCESSIBILITY_STORAGE_KEY,
      JSON.stringify({ ...defaultAccessibilityPreferences, colorScheme: scheme }),
    ] as const);
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      await page.goto(`/properties/${unit}/apply`);
      await page.getByRole("button", { name: "E-mail me the link" }).click();
      await expect(page.getByText("Enter a name of 2 to 100 characters.")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  });
}

test("on the default Apply Now (the external page) the form is not found", async ({
  page,
  request,
  allowedConsoleErrors,
}) => {
  // Chromium logs the 404 status of the document itself.
  allowedConsoleErrors.push(/status of 404/);
  const shared = process.env.E2E_BASE_URL!;
  const unit = await listedUnit(request, shared);
  const answer = await page.goto(`${shared}/properties/${unit}/apply`);
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
});
