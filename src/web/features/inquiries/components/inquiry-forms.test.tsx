import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { showingsApi } from "#domain/api/showings";
import { createTranslator } from "#domain/i18n/translator";
import { contactMessages } from "#domain/inquiries";
import type { Locale } from "#domain/locale";
import { answer, handle } from "#tests/support/api-mocks";
import { messagesFor } from "#web/i18n/catalogue.server";
import { I18nProvider } from "#web/i18n/i18n-provider";
import { type Namespace, ROOT_NAMESPACES } from "#web/i18n/namespaces";
import { ContactForm } from "./contact-form";
import { ScheduleTourDialog } from "./schedule-tour-dialog";

/** A page in one language with the namespaces its loaders send: the root's and `contact`. */
function inPage(locale: Locale, ui: ReactNode, namespaces: readonly Namespace[] = ["contact"]) {
  const translator = createTranslator(
    locale,
    messagesFor(locale, [...ROOT_NAMESPACES, ...namespaces]),
  );
  return render(
    <MemoryRouter>
      <I18nProvider translator={translator}>{ui}</I18nProvider>
    </MemoryRouter>,
  );
}

const unit = { id: 3, title: "Asylum Hill Apartments, Unit 1A", buildingId: 1 };

describe("the contact form", () => {
  it("in English: the product's labels and the schema's messages, word for word", async () => {
    inPage("en", <ContactForm />);
    const form = screen.getByRole("form", { name: "Send Us a Message" });
    for (const label of ["Name", "Email", "Phone", "Subject", "Message"]) {
      expect(within(form).getByLabelText(label)).toBeInTheDocument();
    }
    await userEvent.click(within(form).getByRole("button", { name: "Send Message" }));
    for (const message of [
      contactMessages.name,
      contactMessages.email,
      contactMessages.phone,
      contactMessages.subject,
      contactMessages.message,
    ]) {
      expect(await within(form).findByText(message)).toBeInTheDocument();
    }
  });

  it("in Spanish: labels, button and every validation message", async () => {
    inPage("es", <ContactForm />);
    const form = screen.getByRole("form", { name: "Envíenos un mensaje" });
    for (const label of ["Nombre", "Correo electrónico", "Teléfono", "Asunto", "Mensaje"]) {
      expect(within(form).getByLabelText(label)).toBeInTheDocument();
    }
    await userEvent.click(within(form).getByRole("button", { name: "Enviar mensaje" }));
    for (const message of [
      "El nombre debe tener al menos 2 caracteres.",
      "Escriba un correo electrónico válido.",
      "Escriba un número de teléfono válido.",
      "El asunto debe tener al menos 2 caracteres.",
      "El mensaje debe tener al menos 10 caracteres.",
    ]) {
      expect(await within(form).findByText(message)).toBeInTheDocument();
    }
    expect(within(form).getByLabelText("Nombre")).toHaveAttribute("aria-invalid", "true");
  });

  it("in Spanish: a text too long gets the schema's limit, translated", async () => {
    inPage("es", <ContactForm />);
    const subject = screen.getByLabelText("Asunto");
    await userEvent.click(subject);
    await userEvent.paste("a".repeat(151));
    await userEvent.tab();
    expect(
      await screen.findByText("El asunto puede tener como máximo 150 caracteres."),
    ).toBeInTheDocument();
  });
});

/** The unit's open showing times, as the slots API answers them (none: the inquiry form). */
let openTimes: { start: string; end: string }[] = [];
const booked: unknown[] = [];

beforeEach(() => {
  openTimes = [];
  booked.length = 0;
  answer(
    handle(showingsApi.slots, () => ({ timeZone: "America/New_York" as const, slots: openTimes })),
    handle(showingsApi.book, ({ body }) => {
      booked.push(body);
      const start = (body as { start: string }).start;
      return {
        id: "6f1c1b8e-3a7e-4c55-9d5e-0a3c1f7b2d11",
        status: "booked" as const,
        start,
        end: start,
        unit: { id: 3, number: "1A", building: "Asylum Hill Apartments", address: "1 Elm St" },
        name: "Ana Ruiz",
        email: "ana@example.com",
      };
    }),
  );
});

describe("the Schedule Tour dialog", () => {
  it("books one of the unit's open times, Connecticut time, when its building has hours", async () => {
    openTimes = [
      { start: "2027-06-05T10:00:00-04:00", end: "2027-06-05T10:30:00-04:00" },
      { start: "2027-06-05T10:45:00-04:00", end: "2027-06-05T11:15:00-04:00" },
      { start: "2027-06-07T09:00:00-04:00", end: "2027-06-07T09:30:00-04:00" },
    ];
    inPage("en", <ScheduleTourDialog unit={unit} initiallyOpen />);
    const dialog = screen.getByRole("dialog", { name: "Schedule a Tour" });
    const day = await within(dialog).findByLabelText("Day");
    expect(within(dialog).getByText(/Times are Connecticut time\.$/)).toBeInTheDocument();
    expect([...(day as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      "Saturday, June 5, 2027",
      "Monday, June 7, 2027",
    ]);
    const times = within(dialog).getByRole("group", { name: "Time" });
    expect(
      within(times)
        .getAllByRole("radio")
        .map((r) => r.closest("label")!.textContent),
    ).toEqual(["10:00 AM", "10:45 AM"]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Book this time" }));
    expect(await within(dialog).findByText("Choose one of the times offered.")).toBeInTheDocument();
    await userEvent.click(within(times).getByLabelText("10:45 AM"));
    await userEvent.type(within(dialog).getByLabelText("Name"), "Ana Ruiz");
    await userEvent.type(within(dialog).getByLabelText("Email"), "ana@example.com");
    await userEvent.type(within(dialog).getByLabelText("Phone"), "8605550100");
    await userEvent.click(within(dialog).getByRole("button", { name: "Book this time" }));
    const done = await within(dialog).findByRole("status");
    expect(done).toHaveTextContent("Your showing is booked");
    expect(done).toHaveTextContent(
      "Saturday, June 5, 2027, 10:45 AM, Connecticut time. We e-mailed you the details",
    );
    expect(booked).toEqual([
      expect.objectContaining({ start: "2027-06-05T10:45:00-04:00", lang: "en", note: "" }),
    ]);
  });

  it("in English: the product's words", async () => {
    inPage("en", <ScheduleTourDialog unit={unit} initiallyOpen />);
    const dialog = screen.getByRole("dialog", { name: "Schedule a Tour" });
    expect(await within(dialog).findByLabelText("Preferred days and times")).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        "Tell us when you would like to see Asylum Hill Apartments, Unit 1A. We will confirm by phone or e-mail.",
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Request Tour" }));
    expect(await within(dialog).findByText(contactMessages.preferredTimes)).toBeInTheDocument();
    expect(within(dialog).getByText(contactMessages.name)).toBeInTheDocument();
  });

  it("in Spanish: title, fields, hint, button and validation", async () => {
    inPage("es", <ScheduleTourDialog unit={unit} initiallyOpen />);
    const dialog = screen.getByRole("dialog", { name: "Programe una visita" });
    await within(dialog).findByLabelText("Días y horarios preferidos");
    expect(
      within(dialog).getByText(/^Díganos cuándo le gustaría ver Asylum Hill/),
    ).toBeInTheDocument();
    const times = within(dialog).getByLabelText("Días y horarios preferidos");
    expect(times).toHaveAccessibleDescription(/^Por ejemplo/);
    await userEvent.click(within(dialog).getByRole("button", { name: "Solicitar visita" }));
    expect(
      await within(dialog).findByText("Díganos qué días y horarios le convienen."),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("Escriba un correo electrónico válido.")).toBeInTheDocument();

    await userEvent.click(times);
    await userEvent.paste("a".repeat(501));
    await userEvent.tab();
    expect(
      await within(dialog).findByText(
        "Escriba sus días y horarios preferidos en 500 caracteres como máximo.",
      ),
    ).toBeInTheDocument();
  });
});
