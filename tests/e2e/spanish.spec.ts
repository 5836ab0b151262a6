import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { authApi } from "#domain/api/auth";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { buildUrl } from "#domain/api/wire";
import { CONSENT_CLOSED_KEY } from "#domain/consent";
import { E2E_ADMIN } from "./support/accounts";
import { buildingId, demoBuildings, outbox, unitId } from "./support/listings";
import { DESKTOP, expect, expectNoA11yViolations, MOBILE, test } from "./support/test";

/**
 * The Spanish site: every renter-facing page under /es speaks Spanish only (no word or sentence
 * of the English catalogue that the Spanish one does not share), passes axe with no violation at
 * 1280 and 375 px, and its language switch leads to the same page in English and back, on a
 * desktop and on a phone.
 */

const catalogues = path.join(import.meta.dirname, "../../src/domain/i18n/messages");

function readCatalogue(locale: string): Record<string, string> {
  const all: Record<string, string> = {};
  for (const file of readdirSync(path.join(catalogues, locale))) {
    Object.assign(all, JSON.parse(readFileSync(path.join(catalogues, locale, file), "utf8")));
  }
  return all;
}

/**
 * The literal runs of words of a message, without its ICU arguments and markup tags (a run of
 * one word counts: a lone "Bedrooms" on a Spanish page is as wrong as a sentence).
 */
function literalRuns(message: string): string[] {
  let flat = message;
  // Innermost {…} first, so that plural branches nested in an argument go with it.
  for (let previous = ""; previous !== flat; ) {
    previous = flat;
    flat = flat.replace(/\{[^{}]*\}/g, "|");
  }
  return flat
    .split(/\||<\/?[a-zA-Z0-9]+>/)
    .map((run) => run.replace(/\s+/g, " ").trim())
    .filter((run) => /[a-zA-Z]{2}/.test(run));
}

/**
 * The English a Spanish page must not show: the runs of words of each English message, except
 * those that are also in a Spanish message (names, addresses, "Email").
 */
function englishSentences(): string[] {
  const english = readCatalogue("en");
  const spanish = Object.values(readCatalogue("es")).join("\n");
  const runs = new Set<string>();
  for (const message of Object.values(english)) {
    for (const run of literalRuns(message)) if (!spanish.includes(run)) runs.add(run);
  }
  return [...runs];
}

const sentences = englishSentences();

/**
 * Staff-written names: the buildings' titles, streets and towns are proper names, the same in
 * both languages.
 */
const properNames = demoBuildings.flatMap((b) => [b.title, b.address, b.city]);

/** A run as a whole word or words: "Info" is not found in "Información". */
const wholeWords = (run: string) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])${run.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`,
    "u",
  );

/**
 * The English catalogue's words on the page, leaving out what staff wrote in English and the
 * page marks so (`lang="en"`: a description with no Spanish version) and proper names.
 */
async function englishOn(page: Page): Promise<string[]> {
  const { text, title } = await page.evaluate(() => {
    let body = document.body.innerText;
    for (const marked of document.body.querySelectorAll<HTMLElement>('[lang="en"]'))
      if (marked.innerText) body = body.replace(marked.innerText, " ");
    return { text: body, title: document.title };
  });
  let shown = `${text}\n${title}`;
  for (const name of properNames) shown = shown.replaceAll(name, " ");
  shown = shown.replace(/\s+/g, " ");
  return sentences.filter((sentence) => wholeWords(sentence).test(shown));
}

/** Polled: after a switch, the new page's words replace the old ones a moment after the URL. */
async function expectNoEnglish(page: Page) {
  await expect.poll(() => englishOn(page), `English sentences on ${page.url()}`).toEqual([]);
}

let uploadPath = "";

async function spanishUploadLink(request: import("@playwright/test").APIRequestContext) {
  const login = await request.post(buildUrl(authApi.login, {}), { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const tenantEmail = `lucia-${Date.now()}@example.com`;
  const created = await request.post(buildUrl(tenantFilesApi.createRequest, {}), {
    headers: { authorization: `Bearer ${token}` },
    data: {
      tenantName: "Lucía Rivera",
      tenantEmail,
      propertyId: await buildingId(request, demoBuildings[0]!.title),
      category: "lease",
      language: "es",
    },
  });
  expect(created.status()).toBe(201);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await outbox()).find((m) => m.to === tenantEmail);
      link = mail ? /https?:\/\/\S+\/es\/upload\/[A-Za-z0-9._-]+/.exec(mail.text)?.[0] : undefined;
      return link;
    }, "the Spanish request e-mail in the outbox")
    .toBeDefined();
  return new URL(link!).pathname;
}

type Stop = { name: string; path: () => Promise<string> | string };

const pages: Stop[] = [
  { name: "home", path: () => "/es" },
  { name: "properties", path: () => "/es/properties" },
  {
    name: "a building",
    path: async () => `/es/buildings/${await buildingIdOf(demoBuildings[0]!.title)}`,
  },
  { name: "a unit", path: async () => `/es/properties/${await unitIdOfFirstDemoUnit()}` },
  { name: "services", path: () => "/es/services" },
  { name: "contact", path: () => "/es/contact" },
  { name: "accessibility", path: () => "/es/accessibility" },
  { name: "privacy", path: () => "/es/privacy" },
  { name: "terms", path: () => "/es/terms" },
  { name: "notifications", path: () => "/es/notifications" },
  { name: "notification settings", path: () => "/es/settings/notifications" },
  { name: "upload", path: () => uploadPath },
];

let requestContext: import("@playwright/test").APIRequestContext;
const buildingIdOf = (name: string) => buildingId(requestContext, name);
const unitIdOfFirstDemoUnit = () => {
  const building = demoBuildings[0]!;
  return unitId(requestContext, building.title, building.units[0]!.unitNumber);
};

test.describe("the Spanish site", () => {
  test.beforeAll(async ({ playwright }) => {
    requestContext = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    uploadPath = await spanishUploadLink(requestContext);
  });
  test.afterAll(async () => {
    await requestContext.dispose();
  });

  for (const stop of pages) {
    test(`${stop.name}: Spanish only, passes axe, and the switch round-trips at 1280 and 375 px`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const spanishPath = await stop.path();
      const englishPath = spanishPath === "/es" ? "/" : spanishPath.slice(3);

      await page.setViewportSize(DESKTOP);
      await page.goto(spanishPath);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expectNoEnglish(page);
      await expectNoA11yViolations(page);

      // The switch in the header: the same page in English, then back.
      await page
        .getByRole("banner")
        .getByRole("link", { name: /English$/ })
        .click();
      await expect(page).toHaveURL((url) => url.pathname === englishPath);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      // The same check finds the English page's words: it is not blind.
      await expect.poll(async () => (await englishOn(page)).length).toBeGreaterThan(3);
      await page
        .getByRole("banner")
        .getByRole("link", { name: /Español$/ })
        .click();
      await expect(page).toHaveURL((url) => url.pathname === spanishPath);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expectNoEnglish(page);

      // On a phone: the switch in the menu (or the page's header where it has no menu).
      await page.setViewportSize(MOBILE);
      await page.goto(spanishPath);
      await expectNoA11yViolations(page);
      // Longer words than the English ones: still nothing wider than the phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(MOBILE.width);
      await switchOnPhone(page, "Abrir el menú", /English$/);
      await expect(page).toHaveURL((url) => url.pathname === englishPath);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await switchOnPhone(page, "Open menu", /Español$/);
      await expect(page).toHaveURL((url) => url.pathname === spanishPath);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expectNoEnglish(page);
    });
  }

  test("a language switch whose request is lost on the way still opens the Spanish page, whole", async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/net::ERR_FAILED/);
    await page.goto("/contact");
    // The switch's request for the Spanish words is lost (a phone between two cells): the page
    // is loaded again as a whole, in Spanish, words and styles.
    await page.route("**/*.data*", (route) => route.abort(), { times: 1 });
    await page
      .getByRole("banner")
      .getByRole("link", { name: /Español$/ })
      .click();
    await expect(page).toHaveURL((url) => url.pathname === "/es/contact");
    await expect(page.getByRole("heading", { name: "Contáctenos", level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expectNoEnglish(page);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toMatch(
      /^"?Times/,
    );
    // The next page in Spanish, by the header: its words come with it.
    await page.getByRole("banner").getByRole("link", { name: "Servicios" }).first().click();
    await expect(page).toHaveURL((url) => url.pathname === "/es/services");
    await expectNoEnglish(page);
  });

  test("the not-found page under /es is in Spanish", async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/status of 404/);
    const response = await page.goto("/es/no-existe");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByText("¡Uy! No encontramos la página que busca.")).toBeVisible();
    await expectNoEnglish(page);
    await expect(page.getByRole("link", { name: "Ir al inicio" })).toHaveAttribute("href", "/es");
    await expectNoA11yViolations(page);
  });

  test("the privacy banner speaks Spanish on a first visit", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const page = await context.newPage();
    await page.goto("/es");
    // The banner is a region named by its heading.
    const heading = readCatalogue("es")["consent.banner.heading"]!;
    await expect(page.getByRole("region", { name: heading })).toBeVisible();
    await expectNoEnglish(page);
    await expectNoA11yViolations(page);
    await context.close();
  });

  test("search engines: alternates for each language and a canonical per language", async ({
    page,
  }) => {
    await page.goto("/es/properties");
    const links = await page
      .locator('head link[rel="alternate"][hreflang], head link[rel="canonical"]')
      .evaluateAll((nodes) =>
        nodes.map((n) =>
          `${n.getAttribute("rel")} ${n.getAttribute("hreflang") ?? ""} ${new URL(n.getAttribute("href")!).pathname}`.replace(
            "  ",
            " ",
          ),
        ),
      );
    expect(links.sort()).toEqual(
      [
        "canonical /es/properties",
        "alternate en /properties",
        "alternate es /es/properties",
        "alternate x-default /properties",
      ].sort(),
    );
  });

  test("a browser that prefers Spanish is offered the Spanish page, never sent to it", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      locale: "es-US",
    });
    await context.addInitScript(
      (key) => sessionStorage.setItem(key, new Date().toISOString()),
      CONSENT_CLOSED_KEY,
    );
    const page = await context.newPage();
    await page.goto("/services");
    await expect(page).toHaveURL(/\/services$/);
    const offer = page.getByRole("link", { name: "Ver esta página en español" });
    await expect(offer).toBeVisible();
    await page.getByRole("button", { name: "No, gracias" }).click();
    await expect(offer).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(offer).toBeHidden();
    await context.close();
  });
});

async function switchOnPhone(page: Page, menuName: string, target: RegExp) {
  const menu = page.getByRole("button", { name: menuName });
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole("dialog").getByRole("link", { name: target }).click();
  } else {
    await page.getByRole("banner").getByRole("link", { name: target }).click();
  }
}
