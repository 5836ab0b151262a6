import type { APIRequestContext } from "@playwright/test";
import { ACCESSIBILITY_STORAGE_KEY, defaultAccessibilityPreferences } from "#domain/accessibility";
import { applicationsApi } from "#domain/api/applications";
import { authApi } from "#domain/api/auth";
import { buildUrl } from "#domain/api/wire";
import { E2E_ADMIN } from "./support/accounts";
import { outbox, unitId } from "./support/listings";
import { DESKTOP, expect, expectNoSeriousA11yViolations, MOBILE, test } from "./support/test";

/**
 * A rental application as its renter meets it: the office's invitation, then the e-mailed
 * link's page, filled in on a phone in Spanish, left and reopened with the answers kept, its
 * missing answers marked, and submitted; and the page in every colour scheme, on a desktop and
 * at 375 px, without a serious axe violation. (The offer and its acceptance are the API tests':
 * here they would take a demo unit off the list the other browser tests read.)
 */
test.describe.configure({ mode: "serial" });

let invited = 0;

/** Invites a renter to apply for a unit of Pearl Street Lofts; answers the link's path. */
async function invite(request: APIRequestContext, lang: "en" | "es") {
  invited++;
  const email = `applicant-${process.pid}-${invited}-${Date.now()}@example.com`;
  const login = await request.post(buildUrl(authApi.login, {}), { data: E2E_ADMIN });
  const { token } = (await login.json()) as { token: string };
  const unit = await unitId(request, "Pearl Street Lofts", "204");
  const answer = await request.post(buildUrl(applicationsApi.invite, { id: unit }), {
    headers: { authorization: `Bearer ${token}` },
    data: { name: "Lucía Pérez", email, lang },
  });
  expect(answer.status()).toBe(201);
  let link = "";
  await expect
    .poll(async () => {
      const mail = (await outbox()).find((message) => message.to === email);
      link = /https?:\/\/[^/\s]+((?:\/es)?\/apply\/[\w-]{43})/.exec(mail?.text ?? "")?.[1] ?? "";
      return link;
    })
    .not.toBe("");
  return { link, email };
}

test.describe("an application through its link", () => {
  test("is filled in on a phone in Spanish, kept when reopened, checked, and submitted", async ({
    page,
    request,
  }) => {
    const { link, email } = await invite(request, "es");
    expect(link).toMatch(/^\/es\/apply\//);
    await page.setViewportSize(MOBILE);
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Su solicitud", level: 1 })).toBeVisible();
    await expect(page.getByText("Para Pearl Street Lofts, unidad 204")).toBeVisible();

    // Submitting too early marks what is missing and moves to the list of it.
    await page.getByRole("button", { name: "Enviar mi solicitud" }).click();
    const summary = page.getByRole("region", { name: "Complete estas respuestas:" });
    await expect(summary).toBeFocused();
    await expect(summary.getByText("Escriba un número de teléfono válido.")).toBeVisible();
    await expect(page.getByLabel("Teléfono", { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );

    await page.getByLabel("Teléfono", { exact: true }).fill("860-555-0142");
    await page.getByLabel("Fecha de nacimiento").fill("1985-04-12");
    await page.getByLabel("Dirección", { exact: true }).fill("31 Park Street, Hartford, CT");
    await page.getByLabel("Desde (mes)").fill("2019-06");
    await page.getByRole("button", { name: "Agregar un ingreso" }).click();
    await page.getByLabel("De dónde viene").selectOption("housing_voucher");
    await page.getByLabel("Monto mensual (dólares)").fill("900");
    await page.getByLabel("Niños que vivirán con usted").fill("2");
    await expect(page.getByText("Todos los cambios están guardados.")).toBeVisible();

    // Left and opened again from the same link: the answers are there.
    await page.reload();
    await expect(page.getByLabel("Teléfono", { exact: true })).toHaveValue("860-555-0142");
    await expect(page.getByLabel("De dónde viene")).toHaveValue("housing_voucher");
    await expect(page.getByLabel("Niños que vivirán con usted")).toHaveValue("2");

    await page.getByLabel("Acepto la evaluación").check();
    await page.getByLabel("Escriba su nombre completo para firmar").fill("Lucía Pérez");
    await page.getByRole("button", { name: "Enviar mi solicitud" }).click();
    await expect(page.getByText("Su solicitud fue enviada")).toBeVisible();
    await expect(page.getByText("Estado: Enviada")).toBeVisible();
    await expect
      .poll(async () => (await outbox()).filter((m) => m.to === email).map((m) => m.subject))
      .toContain("Solicitud recibida: Pearl Street Lofts, unidad 204");
  });

  for (const colorScheme of ["light", "dark", "high-contrast"] as const) {
    test(`has no serious axe violation in the ${colorScheme} scheme, on a desktop and at 375 px`, async ({
      page,
      request,
    }) => {
      const { link } = await invite(request, "en");
      await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
        key: ACCESSIBILITY_STORAGE_KEY,
        value: JSON.stringify({ ...defaultAccessibilityPreferences, colorScheme }),
      });
      for (const viewport of [DESKTOP, MOBILE]) {
        await page.setViewportSize(viewport);
        await page.goto(link);
        await expect(page.getByLabel("Phone", { exact: true })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        // With the missing answers marked too.
        await page.getByRole("button", { name: "Submit my application" }).click();
        await expect(
          page.getByRole("region", { name: "Please complete these answers:" }),
        ).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        // Nothing is wider than the screen.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      }
    });
  }
});
