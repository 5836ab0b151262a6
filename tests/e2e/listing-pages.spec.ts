import { adminPropertiesApi } from "#domain/api/admin-properties";
import { authApi } from "#domain/api/auth";
import { listingsApi } from "#domain/api/listings";
import { buildUrl } from "#domain/api/wire";
import { BUILDINGS_PAGE } from "#domain/listings";
import { type RunningApp, startBuiltApp, stopApp, tempDataDir } from "../support/app-process";
import { expect, test } from "./support/navigation";
import { DESKTOP, MOBILE } from "./support/test";

/**
 * The public list of buildings a page at a time: a built app of its own (no demo content)
 * holding one page and a bit more, so the pages' links, their counts and their words are seen
 * as a visitor sees them, with scripts and without, in English and in Spanish.
 */

const ADMIN = { email: "pages-admin@example.com", password: "Pages-admin-pass-1" };
const BUILDINGS = BUILDINGS_PAGE + 2;

let app: RunningApp;
let auth: Record<string, string>;

async function api(path: string, body: object) {
  const response = await fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...auth },
    body: JSON.stringify(body),
  });
  expect(response.status, `POST ${path}`).toBeLessThan(300);
  return (await response.json()) as { id: number };
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  app = await startBuiltApp(
    {
      DATA_DIR: await tempDataDir(),
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
  let last = { id: 0 };
  for (let n = 1; n <= BUILDINGS; n++) {
    last = await api(buildUrl(adminPropertiesApi.createProperty, {}), {
      title: `Paged Court ${String(n).padStart(2, "0")}`,
      type: "apartment",
      address: `${n} Paging Street`,
      city: "Hartford",
      state: "CT",
      zipCode: "06103",
    });
  }
  // One available unit, in the last building made: the list puts it first.
  await api(buildUrl(adminPropertiesApi.createUnit, {}), {
    propertyId: last.id,
    unitNumber: "1A",
    bedrooms: 2,
    bathrooms: 1,
    rent: 1500,
    available: true,
  });
});

test.afterAll(async () => {
  if (app) await stopApp(app);
});

/** Where the list's second page starts, as the public API names it. */
async function secondPageCursor(): Promise<string> {
  const response = await fetch(`${app.url}${buildUrl(listingsApi.listBuildings, {})}`);
  const link = response.headers.get("link") ?? "";
  return new URL(/<([^>]+)>/.exec(link)![1]!, app.url).searchParams.get("cursor")!;
}

test("shows more buildings in place, counted, and pages through later pages", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(`${app.url}/properties`);
  await expect(
    page.getByText(`Our portfolio: ${BUILDINGS} buildings with 1 available unit`),
  ).toBeVisible();
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(BUILDINGS_PAGE);
  // The building with an available unit first, then the others in the order they were made.
  await expect(cards.first()).toContainText(`Paged Court ${BUILDINGS}`);
  const nav = page.getByRole("navigation", { name: "Pages of buildings" });
  await expect(nav).toContainText(`Buildings 1–${BUILDINGS_PAGE} of ${BUILDINGS}`);
  await expect(nav.getByRole("link", { name: "First page" })).toHaveCount(0);

  await nav.getByRole("button", { name: "Show more buildings" }).click();
  await expect(cards).toHaveCount(BUILDINGS);
  await expect(page).toHaveURL(/\/properties$/);
  await expect(nav).toContainText(`Buildings 1–${BUILDINGS} of ${BUILDINGS}`);
  await expect(nav.getByRole("button")).toHaveCount(0);
  // Reading goes on at the first building added.
  await expect(page.getByRole("link", { name: `Paged Court ${BUILDINGS_PAGE}` })).toBeFocused();

  // A later page's address (a link from a page without scripts, or shared) shows that page.
  await page.goto(`${app.url}/properties?cursor=${await secondPageCursor()}`);
  await expect(cards).toHaveCount(BUILDINGS - BUILDINGS_PAGE);
  await expect(nav).toContainText(`Buildings ${BUILDINGS_PAGE + 1}–${BUILDINGS} of ${BUILDINGS}`);
  // A later page is not for search engines: the buildings have pages of their own.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
  // The portfolio line counts the whole list on every page.
  await expect(page.getByText(`Our portfolio: ${BUILDINGS} buildings`)).toBeVisible();
  await nav.getByRole("link", { name: "First page" }).click();
  await expect(page).toHaveURL(/\/properties$/);
  await expect(cards).toHaveCount(BUILDINGS_PAGE);
  await page.goBack();
  await expect(page).toHaveURL(/cursor=/);
  await expect(cards).toHaveCount(BUILDINGS - BUILDINGS_PAGE);

  // A filter chosen on a later page starts the list again from its first page.
  await page.getByLabel("Bedrooms").selectOption("2");
  await expect(page).toHaveURL(/\/properties\?beds=2$/);
  await expect(cards).toHaveCount(1);
  await expect(nav).toHaveCount(0);
});

test("a failed 'Show more' says so, keeps the buildings shown, and works when tried again", async ({
  page,
}) => {
  await page.goto(`${app.url}/properties`);
  await page.route("**/api/properties/buildings?*", (route) => route.abort("internetdisconnected"));
  const nav = page.getByRole("navigation", { name: "Pages of buildings" });
  await nav.getByRole("button", { name: "Show more buildings" }).click();
  await expect(nav.getByRole("alert")).toHaveText(
    "More buildings could not be loaded. Please try again.",
  );
  await expect(page.getByRole("article")).toHaveCount(BUILDINGS_PAGE);
  await page.unrouteAll();
  await nav.getByRole("button", { name: "Show more buildings" }).click();
  await expect(page.getByRole("article")).toHaveCount(BUILDINGS);
  await expect(nav.getByRole("alert")).toHaveCount(0);
});

test.describe("without scripts, in Spanish, on a phone", () => {
  test.use({ javaScriptEnabled: false, viewport: MOBILE });

  test("the links are plain links to the next page and back", async ({ page }) => {
    // No script runs: the navigation waits for the document only, not for an app to start.
    await page.goto(`${app.url}/es/properties`, { waitUntil: "domcontentloaded" });
    const nav = page.getByRole("navigation", { name: "Páginas de edificios" });
    await expect(nav).toContainText(`Edificios 1–${BUILDINGS_PAGE} de ${BUILDINGS}`);
    await nav.getByRole("link", { name: "Siguientes edificios" }).click();
    await expect(page).toHaveURL(/\/es\/properties\?cursor=[\w-]+$/);
    await expect(page.getByRole("article")).toHaveCount(BUILDINGS - BUILDINGS_PAGE);
    await nav.getByRole("link", { name: "Primera página" }).click();
    await expect(page).toHaveURL(/\/es\/properties$/);
    await expect(page.getByRole("article")).toHaveCount(BUILDINGS_PAGE);
  });
});

test("a cursor the list never handed out starts the list again, keeping the filters", async ({
  page,
}) => {
  const response = await page.goto(
    `${app.url}/properties?beds=2&cursor=WzAsMCw5OTk5OTk5OTk5OTk5XQ`,
  );
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/properties\?beds=2$/);
  await expect(page.getByRole("article")).toHaveCount(1);
});
