import { ACCESSIBILITY_STORAGE_KEY, defaultAccessibilityPreferences } from "#domain/accessibility";
import { buildingId, outbox } from "./support/listings";
import { DESKTOP, expect, expectNoSeriousA11yViolations, MOBILE, test } from "./support/test";

/**
 * A building's waiting list as a renter meets it: the building page's "Join the waiting list",
 * a plain form that works without scripts (here on a phone, in Spanish), the e-mailed link's
 * page that confirms the place and lets them leave; and both pages without a serious axe
 * violation in every colour scheme.
 */
test.describe.configure({ mode: "serial" });

const BUILDING = "Pearl Street Lofts";
let joined = 0;
const address = () => `waiting-${process.pid}-${++joined}-${Date.now()}@example.com`;

async function linkTo(email: string) {
  let link = "";
  await expect
    .poll(async () => {
      const mail = (await outbox()).find((message) => message.to === email);
      link = /https?:\/\/[^/\s]+((?:\/es)?\/waitlist\/[\w-]{43})/.exec(mail?.text ?? "")?.[1] ?? "";
      return link;
    })
    .not.toBe("");
  return link;
}

test("a renter joins without scripts, on a phone in Spanish, confirms by the link and leaves", async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: MOBILE,
    baseURL: process.env.E2E_BASE_URL,
  });
  const page = await context.newPage();
  const id = await buildingId(request, BUILDING);
  await page.goto(`/es/buildings/${id}`, { waitUntil: "domcontentloaded" });
  await page.getByRole("link", { name: "Unirse a la lista de espera" }).click();
  await expect(page.getByRole("heading", { name: "Unirse a la lista de espera" })).toBeVisible();
  // Checked with the API's schema: the refusal in Spanish beside its field.
  await page.getByLabel("Su nombre").fill("L");
  await page.getByRole("button", { name: "Unirme a la lista de espera" }).click();
  await expect(page.getByText("Escriba un nombre de 2 a 100 caracteres.")).toBeVisible();
  const email = address();
  await page.getByLabel("Su nombre").fill("Lucía Pérez");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Dormitorios").selectOption("2");
  await page.getByRole("button", { name: "Unirme a la lista de espera" }).click();
  await expect(page.getByRole("heading", { name: "Revise su correo electrónico" })).toBeVisible();

  const link = await linkTo(email);
  expect(link).toMatch(/^\/es\/waitlist\//);
  await page.goto(link, { waitUntil: "domcontentloaded" });
  await expect(page.getByText("Confirme su lugar: cuenta desde que confirma.")).toBeVisible();
  await page.getByRole("button", { name: "Confirmar mi lugar" }).click();
  await expect(page.getByText("Está en la lista de espera.")).toBeVisible();
  await expect(page.getByText(/Usted es el número \d+ de la lista\./)).toBeVisible();
  await page.getByRole("button", { name: "Salir de la lista de espera" }).click();
  await expect(page.getByText("Salió de la lista de espera.")).toBeVisible();
  await page.goto(link, { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { name: "Enlace no válido" })).toBeVisible();
  await context.close();
});

for (const colorScheme of ["light", "dark", "high-contrast"] as const) {
  test(`the join form and the link's page have no serious axe violation in the ${colorScheme} scheme`, async ({
    page,
    request,
  }) => {
    await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
      key: ACCESSIBILITY_STORAGE_KEY,
      value: JSON.stringify({ ...defaultAccessibilityPreferences, colorScheme }),
    });
    const id = await buildingId(request, BUILDING);
    const email = address();
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      await page.goto(`/buildings/${id}/waitlist`);
      await expect(page.getByLabel("Bedrooms")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
    await page.getByLabel("Your name").fill("Ana Ruiz");
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Join the waiting list" }).click();
    await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
    await page.goto(await linkTo(email));
    await expect(page.getByRole("button", { name: "Confirm my place" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
