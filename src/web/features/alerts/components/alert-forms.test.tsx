import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { type AlertSubscription, type AlertUpdate, alertMessages } from "#domain/alerts";
import { alertsApi } from "#domain/api/alerts";
import { createTranslator } from "#domain/i18n/translator";
import type { Locale } from "#domain/locale";
import { answer, handle, networkFailure } from "#tests/support/api-mocks";
import { testQueryClient } from "#tests/support/render-with-query";
import { messagesFor } from "#web/i18n/catalogue.server";
import { I18nProvider } from "#web/i18n/i18n-provider";
import { ROOT_NAMESPACES } from "#web/i18n/namespaces";
import { QueryProvider } from "#web/lib/query";
import { AlertManagePage } from "./alert-manage-page";
import { AlertSubscribeDialog } from "./alert-subscribe-dialog";

/** A page in one language with the namespaces its loader sends: the root's and `alerts`. */
function inPage(locale: Locale, ui: ReactNode) {
  const translator = createTranslator(locale, messagesFor(locale, [...ROOT_NAMESPACES, "alerts"]));
  return render(
    <MemoryRouter>
      <I18nProvider translator={translator}>
        <QueryProvider client={testQueryClient()}>{ui}</QueryProvider>
      </I18nProvider>
    </MemoryRouter>,
  );
}

const towns = ["Hartford", "New Britain", "West Hartford"];

describe("the subscribe dialog", () => {
  it("starts from the page's filters and sends the criteria, frequency and language", async () => {
    const sent: unknown[] = [];
    answer(
      handle(alertsApi.subscribe, ({ body }) => {
        sent.push(body);
        return { success: true as const, message: alertMessages.checkEmail };
      }),
    );
    inPage(
      "en",
      <AlertSubscribeDialog filters={{ beds: 2, maxRent: 1800 }} towns={towns} initiallyOpen />,
    );
    const dialog = screen.getByRole("dialog", { name: "Get alerts for new homes" });
    expect(within(dialog).getByLabelText("Bedrooms (at least)")).toHaveValue("2");
    expect(within(dialog).getByLabelText("Maximum rent")).toHaveValue("1800");
    expect(within(dialog).getByLabelText("As soon as one opens")).toBeChecked();
    await userEvent.type(within(dialog).getByLabelText("Email"), "Rosa@Example.com");
    await userEvent.click(within(dialog).getByLabelText("West Hartford"));
    await userEvent.click(within(dialog).getByLabelText("A daily summary at 8 AM"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send me alerts" }));
    expect(await within(dialog).findByText(alertMessages.checkEmail)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        email: "Rosa@Example.com",
        criteria: { bedroomsMin: 2, rentMax: 1800, towns: ["West Hartford"] },
        frequency: "daily",
        lang: "en",
      },
    ]);
  });

  it("refuses a bad address before sending, in Spanish on a Spanish page", async () => {
    const sent: unknown[] = [];
    answer(
      handle(alertsApi.subscribe, ({ body }) => {
        sent.push(body);
        return { success: true as const, message: alertMessages.checkEmail };
      }),
    );
    inPage("es", <AlertSubscribeDialog filters={{}} towns={towns} initiallyOpen />);
    const dialog = screen.getByRole("dialog", { name: "Reciba alertas de viviendas nuevas" });
    await userEvent.type(within(dialog).getByLabelText("Correo electrónico"), "rosa@");
    await userEvent.click(within(dialog).getByRole("button", { name: "Enviarme alertas" }));
    expect(
      await within(dialog).findByText("Escriba un correo electrónico válido."),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("says that the accessibility, pets and utilities filters are not part of alerts", () => {
    inPage(
      "es",
      <AlertSubscribeDialog filters={{ beds: 1, pets: "allowed" }} towns={towns} initiallyOpen />,
    );
    expect(screen.getByRole("dialog")).toHaveTextContent(
      "los filtros de accesibilidad, mascotas y servicios incluidos todavía no forman parte de ellas.",
    );
  });

  it("says nothing of those filters when none is chosen", () => {
    inPage("en", <AlertSubscribeDialog filters={{ beds: 1 }} towns={towns} initiallyOpen />);
    expect(screen.getByRole("dialog")).not.toHaveTextContent("not part of them");
  });

  it("says so when the request cannot be sent, and keeps the form", async () => {
    answer(handle(alertsApi.subscribe, () => networkFailure));
    inPage("en", <AlertSubscribeDialog filters={{}} towns={towns} initiallyOpen />);
    const dialog = screen.getByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText("Email"), "rosa@example.com");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send me alerts" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "We could not send your request.",
    );
    expect(within(dialog).getByLabelText("Email")).toHaveValue("rosa@example.com");
  });
});

const subscription: AlertSubscription = {
  email: "rosa@example.com",
  criteria: { bedroomsMin: 2, rentMax: 1800, towns: ["Hartford"] },
  frequency: "instant",
  lang: "en",
  status: "active",
  towns,
};

describe("the manage page", () => {
  it("shows the alert, pauses and resumes it, and saves new criteria", async () => {
    const bodies: unknown[] = [];
    let current = subscription;
    answer(
      handle(alertsApi.update, ({ params, body: sent }) => {
        expect(params.token).toBe("t".repeat(43));
        const body = sent as AlertUpdate;
        bodies.push(body);
        current = {
          ...current,
          ...(body.paused === undefined ? {} : { status: body.paused ? "paused" : "active" }),
          ...(body.criteria ? { criteria: body.criteria } : {}),
          ...(body.frequency ? { frequency: body.frequency } : {}),
        };
        return current;
      }),
    );
    inPage("en", <AlertManagePage token={"t".repeat(43)} initial={subscription} />);
    expect(screen.getByText("Alerts for rosa@example.com")).toBeInTheDocument();
    expect(screen.getByText("2+ bedrooms, up to $1,800, in Hartford")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Pause alerts" }));
    expect(await screen.findByText(alertMessages.paused)).toBeInTheDocument();
    expect(screen.getByText("Paused")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Resume alerts" }));
    expect(await screen.findByText(alertMessages.resumed)).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText("Bedrooms (at least)"), "3");
    await userEvent.click(screen.getByLabelText("New Britain"));
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(alertMessages.updated)).toBeInTheDocument();
    expect(
      screen.getByText("3+ bedrooms, up to $1,800, in Hartford or New Britain"),
    ).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({
      criteria: { bedroomsMin: 3, rentMax: 1800, towns: ["Hartford", "New Britain"] },
      frequency: "instant",
    });
  });

  it("unsubscribes, in Spanish", async () => {
    answer(
      handle(alertsApi.unsubscribe, () => ({
        success: true as const,
        message: alertMessages.unsubscribed,
      })),
    );
    inPage(
      "es",
      <AlertManagePage token={"t".repeat(43)} initial={{ ...subscription, lang: "es" }} />,
    );
    expect(screen.getByText("2+ dormitorios, hasta $1,800, en Hartford")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Cancelar la suscripción" }));
    expect(
      await screen.findByRole("heading", { name: "Canceló la suscripción" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Canceló la suscripción. Ya no recibirá estas alertas."),
    ).toBeInTheDocument();
  });
});
