import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { createTranslator } from "#domain/i18n/translator";
import type { Locale } from "#domain/locale";
import { site } from "#domain/site";
import { messagesFor } from "#web/i18n/catalogue.server";
import { I18nProvider } from "#web/i18n/i18n-provider";
import Accessibility, { meta } from "#web/routes/accessibility";
import { officeHoursIds } from "./accessibility-contact";

/** The page as its route serves it: the `a11y` and `accessibility` messages of its loader. */
function renderPage(locale: Locale) {
  const translator = createTranslator(locale, messagesFor(locale, ["a11y", "accessibility"]));
  const at = locale === "es" ? "/es/accessibility" : "/accessibility";
  const Stub = createRoutesStub([{ path: at, Component: Accessibility }]);
  render(
    <I18nProvider translator={translator}>
      <Stub initialEntries={[at]} />
    </I18nProvider>,
  );
}

/** The words a visitor meets: every text node, and the values read out instead of shown. */
function visibleTexts(): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (text) texts.push(text);
  }
  for (const element of document.body.querySelectorAll("[aria-label],[aria-valuetext]")) {
    for (const name of ["aria-label", "aria-valuetext"]) {
      const value = element.getAttribute(name);
      if (value) texts.push(value);
    }
  }
  return texts;
}

/** The page's title, description and canonical address at a path. */
function metaAt(pathname: string, locale: Locale) {
  const messages = messagesFor(locale, ["a11y", "accessibility"]);
  const args = {
    matches: [{ id: "root", data: { publicUrl: "https://example.test", locale, messages } }],
    location: { pathname },
  } as unknown as Parameters<typeof meta>[0];
  const tags = meta(args) as Record<string, unknown>[];
  return {
    title: tags.find((tag) => "title" in tag)?.title,
    description: tags.find((tag) => tag.name === "description")?.content,
    canonical: tags.find((tag) => tag.rel === "canonical")?.href,
  };
}

beforeEach(() => localStorage.clear());

describe("the accessibility page's title and description", () => {
  it("are the product's in English", () => {
    expect(metaAt("/accessibility", "en")).toEqual({
      title: expect.stringMatching(/^Accessibility/),
      description: `${site.name}'s commitment to accessibility, and settings for text size, contrast, color scheme, motion, focus and keyboard shortcuts on this site.`,
      canonical: "https://example.test/accessibility",
    });
  });

  it("are Spanish under /es", () => {
    expect(metaAt("/es/accessibility", "es")).toEqual({
      title: expect.stringMatching(/^Accesibilidad/),
      description: expect.stringMatching(`^El compromiso de ${site.name} con la accesibilidad`),
      canonical: "https://example.test/es/accessibility",
    });
  });
});

describe("the accessibility page", () => {
  it("in English, shows the product's words and the office's hours as the site lists them", () => {
    renderPage("en");
    expect(screen.getByRole("heading", { level: 1, name: "Accessibility" })).toBeVisible();
    for (const name of [
      "Our Commitment to Accessibility",
      "Accessibility Features",
      "Accessibility Settings",
      "Keyboard Shortcuts",
      "Need Help or Have Feedback?",
    ])
      expect(screen.getByRole("heading", { level: 2, name })).toBeVisible();
    const siteShortcuts = screen.getByRole("table", { name: "Site shortcuts" });
    expect(within(siteShortcuts).getByText("Go to the home page")).toBeVisible();
    const standard = screen.getByRole("table", { name: "Standard keys" });
    expect(within(standard).getByText("Space")).toBeVisible();
    expect(within(standard).getByText("Escape")).toBeVisible();
    expect(screen.getByRole("link", { name: "Send us a message" })).toHaveAttribute(
      "href",
      "/contact",
    );
    expect(
      screen.getByText(
        "Scale every page from 12 to 24 pixels; the layout reflows instead of cutting text off.",
      ),
    ).toBeVisible();
    expect(screen.getByText(/We reply within 24 hours\.$/)).toBeVisible();
    expect(officeHoursIds).toHaveLength(site.officeHours.length);
    for (const { days, hours } of site.officeHours)
      expect(screen.getByText(`${days}: ${hours}`)).toBeVisible();
  });

  it("in Spanish, shows only Spanish, and its links stay in Spanish", () => {
    renderPage("es");
    expect(screen.getByRole("heading", { level: 1, name: "Accesibilidad" })).toBeVisible();
    expect(screen.getByRole("heading", { name: "Atajos de teclado" })).toBeVisible();
    const siteShortcuts = screen.getByRole("table", { name: "Atajos del sitio" });
    expect(within(siteShortcuts).getByText(/^Ir a la página de inicio \(H por/)).toBeVisible();
    expect(within(siteShortcuts).getByText("Ir a Propiedades")).toBeVisible();
    expect(screen.getByText("Lunes a viernes: de 9:00 a. m. a 5:00 p. m.")).toBeVisible();
    expect(screen.getByRole("link", { name: "Envíenos un mensaje" })).toHaveAttribute(
      "href",
      "/es/contact",
    );

    const en = createTranslator("en", messagesFor("en", ["a11y", "accessibility"]));
    const es = createTranslator("es", messagesFor("es", ["a11y", "accessibility"]));
    const values = { name: site.name, min: "12", max: "24", base: "16", hours: "24" };
    const ids = Object.keys(messagesFor("en", ["a11y", "accessibility"]));
    const untranslated = new Set(
      ids.filter((id) => en.t(id) !== es.t(id)).map((id) => en.t(id, values)),
    );
    // Words the JSX once held, and the ones the domain still holds for its tests.
    for (const text of ["Small", "Medium", "Keys", "Action", "Phone", "Email", "Office Hours"])
      untranslated.add(text);
    const leftovers = visibleTexts().filter((text) => untranslated.has(text));
    expect(leftovers).toEqual([]);
  });
});
