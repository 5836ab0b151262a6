import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import {
  CONSENT_STORAGE_KEY,
  consentText,
  createConsentRecord,
  DATA_RETENTION_YEARS,
  LEGAL_LAST_UPDATED,
} from "#domain/consent";
import enConsent from "#domain/i18n/messages/en/consent.json";
import enPrivacy from "#domain/i18n/messages/en/privacy.json";
import enTerms from "#domain/i18n/messages/en/terms.json";
import esConsent from "#domain/i18n/messages/es/consent.json";
import esPrivacy from "#domain/i18n/messages/es/privacy.json";
import esTerms from "#domain/i18n/messages/es/terms.json";
import { createTranslator } from "#domain/i18n/translator";
import type { Locale } from "#domain/locale";
import { retention, retentionKinds, retentionPeriod } from "#domain/retention";
import { messagesFor } from "#web/i18n/catalogue.server";
import { I18nProvider } from "#web/i18n/i18n-provider";
import { namespaces } from "#web/i18n/namespaces";
import Privacy, { meta as privacyMeta } from "#web/routes/privacy";
import Terms, { meta as termsMeta } from "#web/routes/terms";
import { resetConsent } from "../consent-store";
import { ConsentBanner } from "./consent-banner";
import { ConsentChoicePanel } from "./consent-choice-panel";
import { legalLastUpdated } from "./legal-document";

const translators = {
  en: createTranslator("en", messagesFor("en", namespaces)),
  es: createTranslator("es", messagesFor("es", namespaces)),
};

/** A page at its address in a language, with the privacy banner after it as root.tsx mounts it. */
function renderPage(Page: ComponentType, path: string, locale: Locale) {
  const address = locale === "es" ? `/es${path}` : path;
  const Stub = createRoutesStub([
    {
      path: address,
      Component: () => (
        <I18nProvider translator={translators[locale]}>
          <main>
            <Page />
          </main>
          <ConsentBanner />
        </I18nProvider>
      ),
    },
  ]);
  return render(<Stub initialEntries={[address]} />);
}

/** What a route's meta function returns at an address, given the messages the loaders sent. */
function metaOf(meta: typeof privacyMeta | typeof termsMeta, pathname: string, locale: Locale) {
  const messages = messagesFor(locale, namespaces);
  const args = {
    matches: [{ id: "root", data: { publicUrl: "https://example.test", locale, messages } }],
    location: { pathname },
  };
  const tags = (meta as (args: unknown) => unknown)(args) as Record<string, unknown>[];
  return {
    title: tags.find((tag) => "title" in tag)?.title,
    description: tags.find((tag) => tag.name === "description")?.content,
    canonical: tags.find((tag) => tag.rel === "canonical")?.href,
  };
}

beforeEach(() => {
  resetConsent();
  localStorage.clear();
  sessionStorage.clear();
});

describe("the catalogues of the legal pages and the banner", () => {
  it("hold the banner's English words exactly as the domain writes them", () => {
    const { t } = translators.en;
    expect(t("consent.banner.heading")).toBe(consentText.heading);
    expect(t("consent.banner.body", { years: DATA_RETENTION_YEARS })).toBe(consentText.body);
    expect(t("consent.banner.accept")).toBe(consentText.accept);
    expect(t("consent.banner.details")).toBe(consentText.details);
    expect(t("consent.banner.decline")).toBe(consentText.decline);
    expect(t("consent.banner.close")).toBe(consentText.close);
  });

  it("write the date of the legal texts in each language", () => {
    expect(legalLastUpdated("en-US")).toBe(LEGAL_LAST_UPDATED);
    expect(legalLastUpdated("es-US")).toBe("22 de noviembre de 2026");
  });

  it("translate every message into Spanish", () => {
    for (const [english, spanish] of [
      [enConsent, esConsent],
      [enPrivacy, esPrivacy],
      [enTerms, esTerms],
    ] as const) {
      for (const [id, text] of Object.entries(english)) {
        expect((spanish as Record<string, string>)[id], id).not.toBe(text);
      }
    }
  });
});

describe("the privacy policy", () => {
  it("reads in English at /privacy, as it always has", () => {
    renderPage(Privacy, "/privacy", "en");
    expect(screen.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument();
    expect(screen.getByText(`Last updated: ${LEGAL_LAST_UPDATED}`)).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "On this page" })).toBeInTheDocument();
    for (const heading of ["What we collect", "Cookies and browser storage", "Your rights"]) {
      expect(screen.getByRole("heading", { level: 2, name: heading })).toBeInTheDocument();
    }
    const main = screen.getByRole("main");
    expect(main).toHaveTextContent("2 years (730 days) from your last activity");
    expect(within(main).getByText("Inquiries.").tagName).toBe("STRONG");
    expect(within(main).getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
      "href",
      "/terms",
    );
    expect(main).toHaveTextContent("Phone: (860) 555-0142");
  });

  it("says how long each kind of data is kept from the retention table the purges read, in both languages", () => {
    const words = {
      en: {
        years: (n: number) => `${n} year${n === 1 ? "" : "s"}`,
        days: (n: number) => `${n} days`,
      },
      es: {
        years: (n: number) => `${n} año${n === 1 ? "" : "s"}`,
        days: (n: number) => `${n} días`,
      },
    };
    for (const locale of ["en", "es"] as const) {
      const { unmount } = renderPage(Privacy, "/privacy", locale);
      const section = screen
        .getByRole("heading", {
          level: 2,
          name: locale === "en" ? "How long we keep it" : "Cuánto tiempo la conservamos",
        })
        .closest("section")!;
      const items = within(section).getAllByRole("listitem");
      expect(items).toHaveLength(retentionKinds.length);
      retentionKinds.forEach((kind, i) => {
        const { unit, count } = retentionPeriod(retention[kind].days);
        expect(items[i]).toHaveTextContent(words[locale][unit](count));
      });
      // The table's own figures: the sent mail's 180 days, the unconfirmed alert's 7.
      expect(section).toHaveTextContent(words[locale].days(retention.sentMail.days));
      expect(section).toHaveTextContent(words[locale].days(retention.alertsUnconfirmed.days));
      unmount();
    }
  });

  it("reads in Spanish at /es/privacy, with its links in Spanish", () => {
    renderPage(Privacy, "/privacy", "es");
    expect(
      screen.getByRole("heading", { level: 1, name: "Política de privacidad" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Última actualización: 22 de noviembre de 2026")).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "En esta página" })).toBeInTheDocument();
    for (const heading of ["Qué información recopilamos", "Sus derechos", "Vivienda justa"]) {
      expect(screen.getByRole("heading", { level: 2, name: heading })).toBeInTheDocument();
    }
    const main = screen.getByRole("main");
    expect(main).toHaveTextContent("2 años (730 días) a partir de su última actividad");
    expect(main).toHaveTextContent("No discriminamos por motivos de raza");
    expect(within(main).getByText("Consultas.").tagName).toBe("STRONG");
    expect(within(main).getByRole("link", { name: "Términos del servicio" })).toHaveAttribute(
      "href",
      "/es/terms",
    );
    for (const link of within(main).getAllByRole("link", {
      name: "leasing@charteroakrentals.com",
    })) {
      expect(link).toHaveAttribute("href", "mailto:leasing@charteroakrentals.com");
    }
    expect(main).toHaveTextContent("Teléfono: (860) 555-0142");
    expect(main).not.toHaveTextContent(/Last updated|Phone:|E-mail:/);
  });

  it("has a title and a description in each language", () => {
    expect(metaOf(privacyMeta, "/privacy", "en")).toEqual({
      title: "Privacy Policy | Charter Oak Rentals",
      description:
        "What Charter Oak Rentals collects through this site, why, how long it is kept (2 years from your last activity) and how to reach us about your information.",
      canonical: "https://example.test/privacy",
    });
    const spanish = metaOf(privacyMeta, "/es/privacy", "es");
    expect(spanish.title).toBe("Política de privacidad | Charter Oak Rentals");
    expect(spanish.description).toContain("2 años a partir de su última actividad");
    expect(spanish.canonical).toBe("https://example.test/es/privacy");
  });
});

describe("the terms of service", () => {
  it("reads in English at /terms, as it always has", () => {
    renderPage(Terms, "/terms", "en");
    expect(screen.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Governing law" })).toBeInTheDocument();
    const main = screen.getByRole("main");
    expect(main).toHaveTextContent("not an offer to rent");
    expect(within(main).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy",
    );
  });

  it("reads in Spanish at /es/terms, with its links in Spanish", () => {
    renderPage(Terms, "/terms", "es");
    expect(
      screen.getByRole("heading", { level: 1, name: "Términos del servicio" }),
    ).toBeInTheDocument();
    for (const heading of ["Información de los anuncios", "Sin garantía", "Ley aplicable"]) {
      expect(screen.getByRole("heading", { level: 2, name: heading })).toBeInTheDocument();
    }
    const main = screen.getByRole("main");
    expect(main).toHaveTextContent("no es una oferta de alquiler");
    expect(within(main).getByRole("link", { name: "Política de privacidad" })).toHaveAttribute(
      "href",
      "/es/privacy",
    );
  });

  it("has a title and a description in each language", () => {
    expect(metaOf(termsMeta, "/terms", "en")).toEqual({
      title: "Terms of Service | Charter Oak Rentals",
      description:
        "The rules for using the Charter Oak Rentals website: listings information, applications, fair housing and the law that applies.",
      canonical: "https://example.test/terms",
    });
    expect(metaOf(termsMeta, "/es/terms", "es").title).toBe(
      "Términos del servicio | Charter Oak Rentals",
    );
  });
});

describe("the privacy banner in Spanish", () => {
  it("asks in Spanish and links to the Spanish policy", async () => {
    renderPage(() => <h1>Inicio</h1>, "/", "es");
    const banner = screen.getByRole("region", { name: "Privacidad y cookies" });
    expect(banner).toHaveTextContent("2 años a partir de su última actividad");
    expect(within(banner).getByRole("link", { name: "Más detalles" })).toHaveAttribute(
      "href",
      "/es/privacy",
    );
    for (const name of ["Aceptar todo", "Rechazar", "Cerrar el aviso de privacidad"]) {
      expect(within(banner).getByRole("button", { name })).toBeInTheDocument();
    }
    await userEvent.setup().click(within(banner).getByRole("button", { name: "Rechazar" }));
    expect(screen.queryByRole("region", { name: "Privacidad y cookies" })).not.toBeInTheDocument();
  });

  it("and the choice panel tells the answer in Spanish, with its date", async () => {
    localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify(createConsentRecord("accepted", new Date("2026-11-20T12:00:00Z"))),
    );
    renderPage(ConsentChoicePanel, "/privacy", "es");
    expect(screen.getByText(/Usted aceptó el 20 de noviembre de 2026/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Cambiar mi elección" }));
    expect(screen.getByText(/Todavía no ha respondido/)).toHaveFocus();
  });
});
