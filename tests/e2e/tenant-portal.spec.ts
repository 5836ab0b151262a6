import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { adminMaintenanceApi } from "#domain/api/admin-maintenance";
import { authApi } from "#domain/api/auth";
import { buildUrl } from "#domain/api/wire";
import { CONSENT_CLOSED_KEY } from "#domain/consent";
import {
  maintenanceMessages,
  OFFICE_AUTHOR_NAME,
  tenantMessages,
  visitWindowLabels,
} from "#domain/maintenance";
import { site } from "#domain/site";
import type { OutboxMessage } from "#server/mail/outbox";
import { formatDay } from "#web/lib/format-date-time";
import { E2E_ADMIN } from "./support/accounts";
import { outbox, unitId } from "./support/listings";
import { DESKTOP, expect, expectNoA11yViolations, MOBILE, test } from "./support/test";

/**
 * The tenant portal from end to end, on the shared server: staff invite a tenant from a unit
 * row, the tenant signs in by the e-mailed link on a phone, reports an urgent repair with two
 * photos, the office schedules it, comments and completes it in the Maintenance tab, and the
 * tenant follows it in the portal and by e-mail. Every name is stamped: the tests share the
 * server with the others.
 */

/**
 * A link's page exchanges its token once the app has hydrated. A new browser context loads every
 * script afresh, and beside the other worker's axe scans on two cores that took 12 s once.
 */
const FIRST_LOAD = { timeout: 30_000 };

const BUILDING = "Pearl Street Lofts";
const UNIT = "101";

/** Messages to `to` whose subject matches `subject`, polled until one has arrived. */
async function mailTo(to: string, subject: RegExp | string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await outbox()).find(
          (m) =>
            m.to === to &&
            (typeof subject === "string" ? m.subject.includes(subject) : subject.test(m.subject)),
        );
        return found !== undefined;
      },
      { timeout: 30_000, message: `an e-mail to ${to} about ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The sign-in page's address in an e-mail, as a path on the server under test. */
function signInPath(mail: OutboxMessage): string {
  const link = /https?:\/\/\S+\/tenant-portal\/sign-in\?token=[\w%-]+/.exec(mail.text)?.[0];
  expect(link, `a sign-in link in "${mail.subject}"`).toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/**
 * A second browser for the tenant, at phone width, with the privacy banner closed as in the
 * test's own context, and the same console guard: an error in the page fails the test.
 */
async function tenantBrowser(browser: Browser, allowedErrors: RegExp[] = []) {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: MOBILE,
  });
  await context.addInitScript(
    ({ key, value }) => {
      try {
        sessionStorage.setItem(key, value);
      } catch {
        // about:blank has no storage.
      }
    },
    { key: CONSENT_CLOSED_KEY, value: new Date().toISOString() },
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`Uncaught: ${error.message}`));
  return {
    context,
    page,
    async close() {
      await context.close();
      const unexpected = errors.filter((text) => !allowedErrors.some((p) => p.test(text)));
      expect(unexpected, "unexpected console errors in the tenant's page").toEqual([]);
    },
  };
}

/**
 * A tenant the office invited to Unit 101, through the API (the invitation itself, from a unit
 * row, is the first test's).
 */
async function inviteThroughApi(request: APIRequestContext, name: string, email: string) {
  const login = await request.post(buildUrl(authApi.login, {}), { data: E2E_ADMIN });
  const { token } = (await login.json()) as { token: string };
  const unit = await unitId(request, BUILDING, UNIT);
  const invited = await request.post(buildUrl(adminMaintenanceApi.invite, { id: unit }), {
    headers: { authorization: `Bearer ${token}` },
    data: { name, email },
  });
  expect(invited.status()).toBe(201);
}

async function signInStaff(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin-dashboard$/);
}

/** Every image in `scope` has loaded real pixels. */
async function expectImagesLoaded(scope: Locator) {
  await expect
    .poll(() =>
      scope.evaluateAll((images) =>
        images.every(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        ),
      ),
    )
    .toBe(true);
}

/** Two small photos, a PNG and a JPEG, as a phone would offer them. */
async function makePhotos(dir: string): Promise<string[]> {
  const png = path.join(dir, "leak-under-sink.png");
  const jpeg = path.join(dir, "water-on-floor.jpg");
  const image = (r: number, g: number, b: number) =>
    sharp({ create: { width: 320, height: 240, channels: 3, background: { r, g, b } } });
  await image(30, 110, 200).png().toFile(png);
  await image(200, 120, 40).jpeg().toFile(jpeg);
  return [png, jpeg];
}

/** A date a week from now, as the date field takes it. */
function nextWeek(): string {
  return new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

async function portalScans(page: Page) {
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.getByRole("tab", { name: /^Maintenance/ }).click();
    await expect(page.getByRole("heading", { name: "Your requests" })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("tab", { name: /^Documents/ }).click();
    await expect(page.getByRole("heading", { name: "Your documents" })).toBeVisible();
    await expect(page.getByText("Loading your documents...")).toHaveCount(0);
    await expectNoA11yViolations(page);
  }
  await page.setViewportSize(MOBILE);
  await page.getByRole("tab", { name: /^Maintenance/ }).click();
}

test.use({ viewport: DESKTOP });

let photoDir: string;
test.beforeAll(async () => {
  photoDir = await mkdtemp(path.join(os.tmpdir(), "portal-photos-"));
});
test.afterAll(async () => {
  await rm(photoDir, { recursive: true, force: true });
});

test("staff invite a tenant, who reports an urgent repair with photos; the office schedules, comments and completes it", async ({
  page,
  browser,
}) => {
  // Two browsers, a dozen e-mails and six axe scans on two shared cores.
  test.setTimeout(180_000);
  const stamp = Date.now();
  const tenantName = `Imani Brooks ${stamp}`;
  const tenantEmail = `imani-${stamp}@example.com`;
  const title = `Kitchen sink leaking ${stamp}`;
  const photos = await makePhotos(photoDir);

  // 1. The office invites the tenant from the unit's row.
  await signInStaff(page);
  await page.getByRole("tab", { name: /^Properties/ }).click();
  await page
    .getByRole("button", { name: `Invite tenant to Unit ${UNIT} in ${BUILDING}`, exact: true })
    .click();
  const invite = page.getByRole("dialog", { name: "Invite tenant" });
  await invite.getByLabel("Name").fill(tenantName);
  await invite.getByLabel("E-mail", { exact: true }).fill(tenantEmail);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(tenantMessages.invited)).toBeVisible();
  await expect(invite).toBeHidden();
  await expect(
    page.getByRole("list", { name: `Tenants of Unit ${UNIT} in ${BUILDING}` }),
  ).toContainText(tenantName);

  const invitation = await mailTo(tenantEmail, "your tenant portal");
  const tenant = await tenantBrowser(browser);
  const phone = tenant.page;

  // The sign-in page itself, before the link is used.
  await phone.goto("/tenant-portal/sign-in");
  await expect(phone.getByRole("heading", { name: "Tenant Portal" })).toBeVisible();
  await expectNoA11yViolations(phone);

  await phone.goto(signInPath(invitation));
  await expect(phone).toHaveURL(/\/tenant-portal$/, FIRST_LOAD);
  await expect(phone.getByRole("heading", { name: "Tenant Portal", level: 1 })).toBeVisible();
  await expect(phone.getByText(`Welcome, ${tenantName}`)).toBeVisible();
  await expect(phone.getByText(`Unit ${UNIT}, ${BUILDING}`)).toBeVisible();

  // 2. An urgent request with two photos, at phone width.
  await phone.getByRole("button", { name: "New request" }).click();
  const form = phone.getByRole("form", { name: "New request" });
  await form.getByLabel("Title").fill(title);
  await form
    .getByLabel("Description")
    .fill("Water drips from the pipe under the kitchen sink and pools on the floor.");
  await form.getByLabel("Category").selectOption("plumbing");
  await form.getByRole("radio", { name: "Urgent" }).check();
  await form.getByRole("radio", { name: "Yes, you may enter" }).check();
  await form.getByLabel("Preferred times (optional)").fill("Weekday mornings");
  await form.getByLabel("Add photos").setInputFiles(photos);
  await expect(form.getByRole("list", { name: "Chosen photos" }).getByRole("listitem")).toHaveCount(
    2,
  );
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(phone.getByText(maintenanceMessages.submitted)).toBeVisible({ timeout: 20_000 });
  const card = phone
    .getByRole("listitem")
    .filter({ has: phone.getByRole("heading", { name: title }) });
  await expect(card.getByText("Status: Submitted")).toBeVisible();
  const gallery = card.getByRole("list", { name: `Photos of ${title}` });
  await expect(gallery.getByRole("button", { name: /^Open photo \d of 2 larger$/ })).toHaveCount(2);
  await expectImagesLoaded(gallery.locator("img"));

  const notice = await mailTo(site.email, title);
  expect(notice.subject).not.toContain("EMERGENCY");
  expect(notice.replyTo).toBe(tenantEmail);
  expect(notice.text).toContain("2 photos");

  // 3. The office sees it in the Maintenance tab's first page, counted on the tab. (Not always
  // first: the Spanish tenant's urgent request, made at the same moment by the other worker on
  // the shared server, may sort before it.)
  await page.goto("/admin-dashboard?tab=maintenance");
  const tab = page.getByRole("tab", { name: /^Maintenance/ });
  await expect(tab).toHaveAccessibleName(/Maintenance \d+ open/);
  const rows = page.getByRole("list", { name: "Maintenance requests" }).getByRole("listitem");
  const row = rows.filter({ hasText: title });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: title }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog.getByRole("heading", { name: "Photos (2)" })).toBeVisible();
  const shown = dialog.getByRole("img", { name: `Photo 1 of 2: ${title}` });
  await expect(shown).toBeVisible();
  await expectImagesLoaded(dialog.getByRole("img", { name: /^Photo \d of 2/ }));
  await dialog.getByRole("button", { name: "Show photo 2" }).click();
  await expect(dialog.getByRole("img", { name: `Photo 2 of 2: ${title}` })).toBeVisible();
  await expectImagesLoaded(dialog.locator("img"));
  await expectNoA11yViolations(page);

  const day = nextWeek();
  await dialog.getByLabel("Status").selectOption("scheduled");
  await dialog.getByLabel("Visit date").fill(day);
  await dialog.getByLabel("Time window").selectOption("morning");
  await dialog.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByText(maintenanceMessages.updated)).toBeVisible();
  await expect(dialog.getByText(`${formatDay(day)}, ${visitWindowLabels.morning}`)).toBeVisible();

  const reply = `A plumber comes on ${formatDay(day)} in the morning. ${stamp}`;
  await dialog.getByLabel("Comment to the tenant").fill(reply);
  await dialog.getByRole("button", { name: "Send comment" }).click();
  await expect(dialog.getByRole("list", { name: "Comments" })).toContainText(reply);
  await expectNoA11yViolations(page);

  // 4. The tenant sees the visit and the reply, and was told both by e-mail.
  await phone.reload();
  await expect(card.getByText("Status: Scheduled")).toBeVisible();
  await expect(
    card.getByText(`Visit: ${formatDay(day)}, ${visitWindowLabels.morning}`),
  ).toBeVisible();
  const thread = card.getByRole("list", { name: `Comments on ${title}` });
  await expect(thread).toContainText(reply);
  // Staff without a display name sign as the office, once.
  await expect(thread.getByText(OFFICE_AUTHOR_NAME, { exact: true })).toBeVisible();
  const scheduledMail = await mailTo(tenantEmail, `"${title}" is scheduled`);
  expect(scheduledMail.text).toContain(visitWindowLabels.morning);
  const commentMail = await mailTo(tenantEmail, `The office replied about "${title}"`);
  expect(commentMail.text).toContain(reply);
  await portalScans(phone);

  // The tenant's notification centre shows the office's news from the server beside the
  // browser's own: opening one marks it read on the server, deleting one removes it there.
  const scheduledNews = `Your request "${title}" is scheduled`;
  const replyNews = `The office replied about "${title}"`;
  const newsItem = (name: string, unread: boolean) =>
    phone.getByRole("link", { name: `${unread ? "Unread: " : ""}${name} Open the portal` });
  await phone.goto("/notifications");
  await expect(newsItem(scheduledNews, true)).toBeVisible(FIRST_LOAD);
  await expect(newsItem(replyNews, true)).toBeVisible();
  await newsItem(scheduledNews, true).click();
  await expect(phone).toHaveURL(/\/tenant-portal$/);
  await phone.goto("/notifications");
  await expect(newsItem(scheduledNews, false)).toBeVisible(FIRST_LOAD);
  await phone.getByRole("button", { name: `Delete notification: ${replyNews}` }).click();
  await expect(phone.getByText(replyNews)).toHaveCount(0);
  await phone.reload();
  await expect(newsItem(scheduledNews, false)).toBeVisible(FIRST_LOAD);
  await expect(phone.getByText(replyNews)).toHaveCount(0);
  await phone.goto("/tenant-portal");

  // 5. The office completes it; the thread closes.
  await dialog.getByLabel("Status").selectOption("completed");
  await dialog.getByRole("button", { name: "Save status" }).click();
  await expect(dialog.getByText("Completed").first()).toBeVisible();
  await mailTo(tenantEmail, `"${title}" is completed`);

  await phone.reload();
  await expect(card.getByText("Status: Completed")).toBeVisible();
  await expect(card.getByText(maintenanceMessages.closed)).toBeVisible();
  await expect(card.getByRole("textbox", { name: "Add a comment" })).toHaveCount(0);
  await tenant.close();
});

test("a sign-in link asked for at the portal works once; an unknown address gets the same answer and no e-mail", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const known = `noor-${stamp}@example.com`;
  const unknown = `nobody-${stamp}@example.com`;

  await inviteThroughApi(request, `Noor Haddad ${stamp}`, known);

  await page.setViewportSize(MOBILE);
  const ask = async (email: string) => {
    await page.goto("/tenant-portal/sign-in");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByRole("status")).toHaveText(tenantMessages.linkSent);
  };

  await ask(unknown);
  await ask(known);
  const mail = await mailTo(known, "your sign-in link");
  // The unknown address was asked for first: by the time the known one's mail is out, a mail to
  // it would be too.
  expect((await outbox()).filter((m) => m.to === unknown)).toEqual([]);

  const link = signInPath(mail);
  // The refused exchanges below are 400s, which the browser reports in the console.
  const tenant = await tenantBrowser(browser, [/status of 400/]);
  await tenant.page.goto(link);
  await expect(tenant.page).toHaveURL(/\/tenant-portal$/, FIRST_LOAD);
  await expect(tenant.page.getByText(`Welcome, Noor Haddad ${stamp}`)).toBeVisible();

  // Opened again while signed in: it says the link is spent, and leads on to the portal.
  await tenant.page.goto(link);
  await expect(tenant.page.getByText(tenantMessages.linkInvalid)).toBeVisible(FIRST_LOAD);
  await expect(tenant.page.getByText("You are still signed in.")).toBeVisible();
  await tenant.page.getByRole("link", { name: "Continue to your account" }).click();
  await expect(tenant.page).toHaveURL(/\/tenant-portal$/);
  await expect(tenant.page.getByText(`Welcome, Noor Haddad ${stamp}`)).toBeVisible();
  await tenant.close();

  // The same link again, from another browser: it was used.
  const other = await tenantBrowser(browser, [/status of 400/]);
  await other.page.goto(link);
  await expect(other.page.getByText(tenantMessages.linkInvalid)).toBeVisible(FIRST_LOAD);
  await expect(other.page).toHaveURL(/\/tenant-portal\/sign-in$/);
  await expect(other.page.getByLabel("Email", { exact: true })).toBeVisible();
  await other.close();
});

test("a tenant who reads Spanish asks for a link on the Spanish page, gets it in Spanish, and reports a repair in Spanish", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `rosa-${stamp}@example.com`;
  const name = `Rosa Díaz ${stamp}`;
  await inviteThroughApi(request, name, email);

  // The sign-in page in Spanish, at phone width.
  await page.setViewportSize(MOBILE);
  await page.goto("/es/tenant-portal/sign-in");
  await expect(page.getByRole("heading", { name: "Portal de inquilinos" })).toBeVisible();
  const noSidewaysScroll = async (at: Page) =>
    expect(
      await at.evaluate(() => document.documentElement.scrollWidth),
      "no sideways scrolling at 375 px",
    ).toBeLessThanOrEqual(MOBILE.width);
  await noSidewaysScroll(page);
  await expect(page.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/es");
  await expectNoA11yViolations(page);
  await page.getByLabel("Correo electrónico", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Enviarme un enlace para iniciar sesión" }).click();
  await expect(page.getByRole("status")).toHaveText(/^Si esta dirección pertenece a un inquilino/);

  // The e-mail is in Spanish, and its link opens the Spanish portal.
  const mail = await mailTo(email, "su enlace para iniciar sesión");
  const link = /https?:\/\/\S+(\/es\/tenant-portal\/sign-in\?token=[\w%-]+)/.exec(mail.text)?.[1];
  expect(link, "a Spanish sign-in link").toBeDefined();
  const tenant = await tenantBrowser(browser);
  const phone = tenant.page;
  await phone.goto(link!);
  await expect(phone).toHaveURL(/\/es\/tenant-portal$/, FIRST_LOAD);
  await expect(
    phone.getByRole("heading", { name: "Portal de inquilinos", level: 1 }),
  ).toBeVisible();
  await expect(phone.getByText(`Hola, ${name}`)).toBeVisible();
  await expect(phone.getByText(`Unidad ${UNIT}, ${BUILDING}`)).toBeVisible();

  // The form's rules and its answer in Spanish.
  await phone.getByRole("button", { name: "Nueva solicitud" }).click();
  const form = phone.getByRole("form", { name: "Nueva solicitud" });
  await form.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(
    form.getByText("Dé a la solicitud un título breve (de 3 a 120 caracteres)."),
  ).toBeVisible();
  await expect(form.getByText("Elija qué tan urgente es.")).toBeVisible();
  const title = `Gotea el fregadero ${stamp}`;
  await form.getByLabel("Título").fill(title);
  await form.getByLabel("Descripción").fill("Cae agua debajo del fregadero de la cocina.");
  await form.getByLabel("Categoría").selectOption("plumbing");
  await form.getByRole("radio", { name: "Urgente" }).check();
  await form.getByRole("radio", { name: "Sí, pueden entrar" }).check();
  await form.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(phone.getByText(/^Su solicitud se envió\./)).toBeVisible({ timeout: 20_000 });
  const card = phone
    .getByRole("listitem")
    .filter({ has: phone.getByRole("heading", { name: title }) });
  await expect(card.getByText("Estado: Enviada")).toBeVisible();
  await expect(card.getByText("Plomería")).toBeVisible();
  await expect(card.getByText(/^Enviada el /)).toBeVisible();
  await noSidewaysScroll(phone);
  await expectNoA11yViolations(phone);

  // A tab is part of the address (a reload opens it again) but asks the server for nothing.
  const dataRequests: string[] = [];
  phone.on("request", (sent) => {
    if (new URL(sent.url()).pathname.endsWith(".data")) dataRequests.push(sent.url());
  });
  await phone.getByRole("tab", { name: /^Documentos/ }).click();
  await expect(phone).toHaveURL(/\/es\/tenant-portal\?tab=documents$/);
  await expect(phone.getByRole("heading", { name: "Sus documentos" })).toBeVisible();
  await expect(phone.getByText("Todavía no hay documentos")).toBeVisible();
  await expectNoA11yViolations(phone);

  await phone.getByRole("tab", { name: "Dispositivos" }).click();
  await expect(
    phone.getByRole("heading", { name: "Dónde tiene la sesión iniciada" }),
  ).toBeVisible();
  const browsers = phone.getByRole("list", { name: "Navegadores con la sesión iniciada" });
  await expect(browsers.getByRole("listitem")).toHaveCount(1);
  await expect(browsers.getByText("Este navegador")).toBeVisible();
  await expect(browsers.getByText(/^Inició sesión el /)).toBeVisible();
  await noSidewaysScroll(phone);
  await expectNoA11yViolations(phone);
  await phone.getByRole("tab", { name: /^Documentos/ }).click();
  await expect(phone).toHaveURL(/\/es\/tenant-portal\?tab=documents$/);
  expect(dataRequests, "no page data fetched for a change of tab").toEqual([]);

  // The same page in English, one link away.
  await phone.getByRole("link", { name: /English$/ }).click();
  await expect(phone).toHaveURL(/\/tenant-portal\?tab=documents$/);
  await expect(phone.getByRole("heading", { name: "Tenant Portal", level: 1 })).toBeVisible();
  await tenant.close();
});

test("a tenant signed in on two browsers sees both under Devices and signs the other one out", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `devon-${stamp}@example.com`;
  await inviteThroughApi(request, `Devon Price ${stamp}`, email);

  // A phone, signed in with the invitation.
  const phone = await tenantBrowser(browser);
  await phone.page.goto(signInPath(await mailTo(email, "your tenant portal")));
  await expect(phone.page).toHaveURL(/\/tenant-portal$/, FIRST_LOAD);

  // A laptop, signed in with a link asked for at the portal: the phone's owner is told by e-mail.
  // Its session ends below: its next session check is refused (401), which the console reports.
  const laptop = await tenantBrowser(browser, [/status of 401/]);
  await laptop.page.setViewportSize(DESKTOP);
  await laptop.page.goto("/tenant-portal/sign-in");
  await laptop.page.getByLabel("Email", { exact: true }).fill(email);
  await laptop.page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(laptop.page.getByRole("status")).toHaveText(tenantMessages.linkSent);
  await laptop.page.goto(signInPath(await mailTo(email, "your sign-in link")));
  await expect(laptop.page).toHaveURL(/\/tenant-portal$/, FIRST_LOAD);
  const notice = await mailTo(email, "New sign-in to your");
  expect(notice.text).toContain("sign that browser out under Devices in your portal");
  const button = /https?:\/\/\S+\/tenant-portal\/sign-in\?tab=devices/.exec(notice.text)?.[0];
  expect(button, "the notice's button").toBeDefined();

  // On the phone, the notice's button: both browsers, the phone marked as this one.
  const { pathname, search } = new URL(button!);
  await phone.page.goto(`${pathname}${search}`);
  await expect(phone.page).toHaveURL(/\/tenant-portal\?tab=devices$/, FIRST_LOAD);
  await expect(phone.page.getByRole("tab", { name: "Devices" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  const list = phone.page.getByRole("list", { name: "Browsers signed in" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  const here = list.getByRole("listitem").filter({ hasText: "This browser" });
  await expect(here).toHaveCount(1);
  await expect(here.getByRole("button")).toHaveCount(0);
  await expectNoA11yViolations(phone.page);
  await phone.page.setViewportSize(DESKTOP);
  await expectNoA11yViolations(phone.page);
  await phone.page.setViewportSize(MOBILE);

  await phone.page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(phone.page.getByText("Signed out 1 other browser.")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(phone.page.getByRole("button", { name: "Sign out everywhere else" })).toBeDisabled();

  // The laptop's session is over: its next visit to the portal is not let in.
  await laptop.page.reload();
  // (A page that needs a session sends an English visitor without one to /login.)
  await expect(laptop.page).toHaveURL(/\/login$/, FIRST_LOAD);
  await expect(laptop.page.getByText(`Welcome, Devon Price ${stamp}`)).toHaveCount(0);
  // The phone's is not.
  await phone.page.reload();
  await expect(phone.page.getByRole("heading", { name: "Where you are signed in" })).toBeVisible(
    FIRST_LOAD,
  );
  await phone.close();
  await laptop.close();
});
