import { render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import en from "#domain/i18n/messages/en/contact.json";
import { createTranslator } from "#domain/i18n/translator";
import type { Locale } from "#domain/locale";
import { site } from "#domain/site";
import { messagesFor } from "#web/i18n/catalogue.server";
import { I18nProvider } from "#web/i18n/i18n-provider";
import { type Namespace, ROOT_NAMESPACES } from "#web/i18n/namespaces";
import Contact, { meta as contactMeta } from "./contact";
import Services, { meta as servicesMeta } from "./services";

/** A page in one language with only the namespaces its loaders send (a missing id fails). */
function inPage(locale: Locale, namespace: Namespace, ui: ReactNode) {
  const translator = createTranslator(locale, messagesFor(locale, [...ROOT_NAMESPACES, namespace]));
  return render(
    <MemoryRouter>
      <I18nProvider translator={translator}>{ui}</I18nProvider>
    </MemoryRouter>,
  );
}

// The contact page scrolls to the top on arrival; jsdom has no scrolling.
beforeEach(() => {
  vi.spyOn(window, "scrollTo").mockImplementation(() => {});
});

/** A page's meta tags as its route gives them, from its loaders' messages in one language. */
function metaOf(meta: (args: never) => unknown, pathname: string, namespace: Namespace) {
  const locale: Locale = pathname.startsWith("/es") ? "es" : "en";
  const args = {
    location: { pathname },
    matches: [
      {
        id: "root",
        data: {
          publicUrl: "https://example.com",
          locale,
          messages: messagesFor(locale, ROOT_NAMESPACES),
        },
      },
      { id: "page", data: { locale, messages: messagesFor(locale, [namespace]) } },
    ],
  };
  return meta(args as never) as Record<string, string>[];
}

describe("the pages' titles and descriptions", () => {
  it("are Spanish under /es, with the canonical address in Spanish", () => {
    const tags = metaOf(contactMeta, "/es/contact", "contact");
    expect(tags).toContainEqual({ title: "Contáctenos | Charter Oak Rentals" });
    expect(tags.find((tag) => tag.name === "description")?.content).toMatch(
      /^Llame al \(860\) 555-0142, escriba a leasing@charteroakrentals.com/,
    );
    expect(tags).toContainEqual(
      expect.objectContaining({ rel: "canonical", href: "https://example.com/es/contact" }),
    );
    const services = metaOf(servicesMeta, "/es/services", "services");
    expect(services).toContainEqual({ title: "Servicios | Charter Oak Rentals" });
  });

  it("are the product's English at the English addresses", () => {
    const tags = metaOf(servicesMeta, "/services", "services");
    expect(tags).toContainEqual({ title: "Services | Charter Oak Rentals" });
    expect(tags).toContainEqual({
      name: "description",
      content:
        "How Charter Oak Rentals helps renters find a home and owners fill and care for their buildings in Hartford, Connecticut.",
    });
    const contact = metaOf(contactMeta, "/contact", "contact");
    expect(contact).toContainEqual({
      name: "description",
      content:
        "Call (860) 555-0142, write to leasing@charteroakrentals.com or send us a message. Office at 85 Pearl Street, Suite 400, Hartford, CT 06103.",
    });
  });
});

describe("/contact", () => {
  it("the English catalogue's office hours are the agency's (src/domain/site.ts)", () => {
    const rows = ["weekdays", "saturday", "sunday"] as const;
    expect(
      rows.map((row) => ({
        days: en[`contact.hours.${row}.days`],
        hours: en[`contact.hours.${row}.hours`],
      })),
    ).toEqual(site.officeHours);
  });

  it("speaks Spanish under /es, with the agency's address, phone and e-mail as they are", () => {
    inPage("es", "contact", <Contact />);
    expect(screen.getByRole("heading", { level: 1, name: "Contáctenos" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Nuestra oficina" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: site.phone })).toHaveAttribute("href", site.phoneHref);
    const hours = screen.getByRole("heading", { name: "Horario de oficina" }).parentElement!;
    expect(hours).toHaveTextContent("Lunes a viernes9:00 a. m. a 5:00 p. m.");
    expect(hours).toHaveTextContent("DomingoCerrado");
    expect(screen.getByRole("form", { name: "Envíenos un mensaje" })).toBeInTheDocument();
  });

  it("keeps the product's English words at /contact", () => {
    inPage("en", "contact", <Contact />);
    expect(screen.getByRole("heading", { level: 1, name: "Contact Us" })).toBeInTheDocument();
    const hours = screen.getByRole("heading", { name: "Office Hours" }).parentElement!;
    expect(hours).toHaveTextContent("Monday - Friday9:00 AM - 5:00 PM");
    expect(hours).toHaveTextContent("Saturday10:00 AM - 2:00 PM");
    expect(hours).toHaveTextContent("SundayClosed");
  });
});

describe("/services", () => {
  it("speaks Spanish under /es, and its links stay in Spanish", () => {
    inPage("es", "services", <Services />);
    expect(
      screen.getByRole("heading", { level: 1, name: "Nuestros servicios" }),
    ).toBeInTheDocument();
    const cta = screen.getByRole("heading", { name: "¿Listo para comenzar?" }).parentElement!;
    expect(within(cta).getByRole("link", { name: "Ver propiedades" })).toHaveAttribute(
      "href",
      "/es/properties",
    );
    expect(within(cta).getByRole("link", { name: "Contáctenos" })).toHaveAttribute(
      "href",
      "/es/contact",
    );
  });

  it("keeps the product's English words and addresses at /services", () => {
    inPage("en", "services", <Services />);
    expect(screen.getByRole("heading", { level: 1, name: "Our Services" })).toBeInTheDocument();
    expect(screen.getByText("Tenant Screening")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse Properties" })).toHaveAttribute(
      "href",
      "/properties",
    );
  });
});
