import type { APIRequestContext } from "@playwright/test";
import { ACCESSIBILITY_STORAGE_KEY, defaultAccessibilityPreferences } from "#domain/accessibility";
import { authApi } from "#domain/api/auth";
import { showingsApi } from "#domain/api/showings";
import { buildUrl } from "#domain/api/wire";
import type { SlotsAnswer } from "#domain/showings";
import { E2E_ADMIN, signInThroughForm } from "./support/accounts";
import { buildingId, outbox, unitId } from "./support/listings";
import { DESKTOP, expect, expectNoSeriousA11yViolations, MOBILE, test } from "./support/test";

/**
 * A showing booked online, followed as its renter does: booked through the unit page's dialog or
 * the API, then the e-mailed link's page, which shows it, moves it and cancels it once, with
 * scripts and without, in English and Spanish; and the office's Showings tab. Farmington Avenue
 * Townhomes gets showing hours every day; no other test reads its slots.
 */
test.use({ viewport: DESKTOP });
test.describe.configure({ mode: "serial" });

const BUILDING = "Farmington Avenue Townhomes";
const UNIT = "A";

async function openHours(request: APIRequestContext) {
  const login = await request.post(buildUrl(authApi.login, {}), { data: E2E_ADMIN });
  const { token } = (await login.json()) as { token: string };
  const id = await buildingId(request, BUILDING);
  const everyDay = { start: "08:00", end: "20:00" };
  const saved = await request.put(buildUrl(showingsApi.putHours, { id }), {
    headers: { authorization: `Bearer ${token}` },
    data: {
      weekly: Object.fromEntries(
        ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => [day, [everyDay]]),
      ),
      slotMinutes: 30,
      bufferMinutes: 0,
      noticeHours: 0,
      horizonDays: 30,
      booking: "instant",
      datesOff: [],
    },
  });
  expect(saved.status()).toBe(200);
}

/** Books the `nth` open slot for `email`; answers the path of the e-mailed link. */
async function bookAndFollow(request: APIRequestContext, email: string, nth: number, lang = "en") {
  const unit = await unitId(request, BUILDING, UNIT);
  const { slots } = (await (
    await request.get(buildUrl(showingsApi.slots, { id: unit }))
  ).json()) as SlotsAnswer;
  const booked = await request.post(buildUrl(showingsApi.book, { id: unit }), {
    data: { start: slots[nth]!.start, name: "Rosa Díaz", email, phone: "8605550123", lang },
  });
  expect(booked.status()).toBe(201);
  let link = "";
  await expect
    .poll(async () => {
      const mail = (await outbox()).find((message) => message.to === email);
      link = /https?:\/\/[^/\s]+((?:\/es)?\/showings\/[\w-]{43})/.exec(mail?.text ?? "")?.[1] ?? "";
      return link;
    })
    .not.toBe("");
  return link;
}

test.describe("booking from the unit page", () => {
  test("Schedule Tour offers the open times and books one, in Spanish on a phone", async ({
    page,
    request,
  }) => {
    await openHours(request);
    await page.setViewportSize(MOBILE);
    await page.goto(`/es/properties/${await unitId(request, BUILDING, UNIT)}`);
    await page.getByRole("button", { name: "Programar visita" }).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("Día")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // Tomorrow: today's open times run out in the evening (after 5 p.m. only five are left).
    await dialog.getByLabel("Día").selectOption({ index: 1 });
    const times = dialog.getByRole("group", { name: "Hora" });
    await times.locator("label").nth(5).click();
    await dialog.getByLabel("Nombre").fill("Lucía Pérez");
    await dialog.getByLabel("Correo electrónico").fill("dialogo@example.com");
    await dialog.getByLabel("Teléfono").fill("8605550177");
    await dialog.getByRole("button", { name: "Reservar este horario" }).click();
    await expect(dialog.getByRole("status")).toContainText("Su visita está reservada");
    await page.screenshot({ path: test.info().outputPath("booked-es-375.png") });
    await expect
      .poll(async () => (await outbox()).filter((m) => m.to === "dialogo@example.com").length)
      .toBe(1);
  });
});

test.describe("the booking dialog's contrast", () => {
  for (const colorScheme of ["dark", "high-contrast"] as const) {
    test(`has no serious axe violation in the ${colorScheme} scheme, on a desktop and at 375 px`, async ({
      page,
      request,
    }) => {
      await openHours(request);
      await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
        key: ACCESSIBILITY_STORAGE_KEY,
        value: JSON.stringify({ ...defaultAccessibilityPreferences, colorScheme }),
      });
      for (const viewport of [DESKTOP, MOBILE]) {
        await page.setViewportSize(viewport);
        await page.goto(`/properties/${await unitId(request, BUILDING, UNIT)}`);
        await page.getByRole("button", { name: "Schedule Tour" }).first().click();
        await expect(page.getByRole("dialog").getByLabel("Day")).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      }
    });
  }
});

test.describe("booking without JavaScript", () => {
  test("Schedule Tour opens the unit's booking form, which checks and books, in Spanish on a phone", async ({
    browser,
    request,
  }) => {
    await openHours(request);
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: MOBILE,
      baseURL: process.env.E2E_BASE_URL,
    });
    const loaded = { waitUntil: "domcontentloaded" } as const;
    const page = await context.newPage();
    const unit = await unitId(request, BUILDING, UNIT);
    await page.goto(`/es/properties/${unit}`, loaded);
    await page.getByRole("button", { name: "Programar visita" }).first().click();
    await expect(page).toHaveURL(new RegExp(`/es/properties/${unit}/showing\\??$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Programe una visita");
    // Sent empty: each field says what it needs, in Spanish, and nothing is booked.
    await page.getByRole("button", { name: "Reservar este horario" }).click();
    await expect(page.getByLabel("Hora")).toHaveAccessibleDescription(/.+/);
    await expect(page.getByLabel("Nombre")).toHaveAccessibleDescription(/.+/);
    const time = page.getByLabel("Hora");
    await time.selectOption((await time.locator("option").nth(8).getAttribute("value"))!);
    await page.getByLabel("Nombre").fill("Marta Gómez");
    await page.getByLabel("Correo electrónico").fill("sin-js-reserva@example.com");
    await page.getByLabel("Teléfono").fill("8605550188");
    await page.getByRole("button", { name: "Reservar este horario" }).click();
    await expect(page).toHaveURL(/\/es\/showings\/[\w-]{43}\?booked$/);
    await expect(page.getByRole("status")).toHaveText(
      "Su visita está reservada. Le enviamos por correo los detalles y una invitación de calendario.",
    );
    await expect
      .poll(
        async () => (await outbox()).filter((m) => m.to === "sin-js-reserva@example.com").length,
      )
      .toBe(1);
    await context.close();
  });
});

test.describe("a showing's e-mailed link", () => {
  test("shows the showing and cancels it once", async ({ page, request }) => {
    await openHours(request);
    const link = await bookAndFollow(request, "showing-js@example.com", 40);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your showing");
    await expect(page.getByText(/, Connecticut time$/)).toBeVisible();
    await expect(page.getByText("Booked", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Cancel this showing" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your showing is cancelled");
    // The cancellation is queued with the change and sent a moment later.
    await expect
      .poll(async () =>
        (await outbox())
          .filter((m) => m.to === "showing-js@example.com")
          .map((m) => m.attachments?.[0]?.contentType),
      )
      .toEqual([
        "text/calendar; charset=utf-8; method=REQUEST",
        "text/calendar; charset=utf-8; method=CANCEL",
      ]);
    await page.reload();
    await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel this showing" })).toHaveCount(0);
  });

  test("works without JavaScript, in Spanish, on a phone", async ({ browser, request }) => {
    await openHours(request);
    const link = await bookAndFollow(request, "visita-sin-js@example.com", 41, "es");
    expect(link).toMatch(/^\/es\/showings\//);
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: MOBILE,
      baseURL: process.env.E2E_BASE_URL,
    });
    const loaded = { waitUntil: "domcontentloaded" } as const;
    const page = await context.newPage();
    const opened = await page.goto(link, loaded);
    expect(opened?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Su visita");
    await expect(page.getByText(/, hora de Connecticut$/)).toBeVisible();
    // Moved to the third time offered: the page of the new link says so, the old link is dead.
    const choice = page.getByLabel("Cambiar a otro horario");
    const third = (await choice.locator("option").nth(3).getAttribute("value"))!;
    await choice.selectOption(third);
    await page.getByRole("button", { name: "Cambiar la visita" }).click();
    await expect(page).toHaveURL(/\/es\/showings\/[\w-]{43}\?moved$/);
    expect(new URL(page.url()).pathname).not.toBe(link);
    await expect(page.getByRole("status")).toHaveText(
      "Su visita tiene un nuevo horario. Le enviamos por correo la invitación actualizada.",
    );
    await expect
      .poll(async () =>
        (await outbox())
          .filter((m) => m.to === "visita-sin-js@example.com")
          .map((m) => m.subject.split(":")[0]),
      )
      .toEqual(["Su visita", "Nuevo horario de su visita"]);
    expect((await page.request.get(link)).status()).toBe(404);
    await page.getByRole("button", { name: "Cancelar esta visita" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Su visita está cancelada");
    await context.close();
  });
});

test.describe("the office's Showings tab", () => {
  test("lists a renter's showing in the week and cancels it, the renter told", async ({
    page,
    request,
  }) => {
    await openHours(request);
    await bookAndFollow(request, "tab-renter@example.com", 30);
    await signInThroughForm(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await page.goto("/admin-dashboard?tab=showings&view=week");
    const card = page.getByRole("listitem").filter({ hasText: "tab-renter@example.com" });
    await expect(card).toContainText(`${BUILDING}, Unit ${UNIT}`);
    await expect(card).toContainText("Booked");
    await card.getByRole("button", { name: "Cancel showing" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Cancel this showing?");
    await dialog.getByRole("button", { name: "Cancel showing" }).click();
    await expect(card).toContainText("Cancelled");
    await expect
      .poll(async () =>
        (await outbox())
          .filter((m) => m.to === "tab-renter@example.com")
          .map((m) => m.attachments?.[0]?.contentType),
      )
      .toEqual([
        "text/calendar; charset=utf-8; method=REQUEST",
        "text/calendar; charset=utf-8; method=CANCEL",
      ]);
  });

  // The week holds the showings this file booked (a booking is 5 a minute per client: these
  // tests book none of their own).
  for (const colorScheme of ["light", "dark", "high-contrast"] as const) {
    test(`has no serious axe violation in the ${colorScheme} scheme, on a desktop and at 375 px`, async ({
      page,
      request,
    }) => {
      await openHours(request);
      await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
        key: ACCESSIBILITY_STORAGE_KEY,
        value: JSON.stringify({ ...defaultAccessibilityPreferences, colorScheme }),
      });
      await signInThroughForm(page, E2E_ADMIN);
      await expect(page).toHaveURL(/\/admin-dashboard$/);
      await page.goto("/admin-dashboard?tab=showings&view=week");
      await expect(page.getByRole("heading", { name: "Showings", level: 2 })).toBeVisible();
      await expect(page.getByText("Loading showings...")).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await page.setViewportSize(MOBILE);
      await expectNoSeriousA11yViolations(page);
      await page.setViewportSize(DESKTOP);
      await page.goto("/admin-dashboard?tab=properties");
      await page.getByRole("button", { name: `Showing hours of ${BUILDING}` }).click();
      await expect(page.getByRole("dialog", { name: `Showing hours: ${BUILDING}` })).toBeVisible();
      await expect(page.getByLabel("Sunday from")).toHaveValue("08:00");
      await expectNoSeriousA11yViolations(page);
    });
  }
});
