import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { createTranslator } from "#domain/i18n/translator";
import type { Locale } from "#domain/locale";
import { ApplyStartPage } from "#web/features/applications/components/apply-start-page";
import { WaitlistJoinPage } from "#web/features/waitlists/components/waitlist-pages";
import { messagesFor } from "#web/i18n/catalogue.server";
import { I18nProvider } from "#web/i18n/i18n-provider";
import { ROOT_NAMESPACES } from "#web/i18n/namespaces";
import { fieldErrors, formValues } from "./plain-form";

/**
 * The public plain forms (they work without scripts) check their answers in the browser too,
 * with the API's own schema: refused answers are marked beside their fields, the first refused
 * field takes focus, and nothing is sent; answers the schema takes are sent to the page's action.
 */
function renderForm(page: "apply" | "waitlist", locale: Locale = "en") {
  const sent: Record<string, string>[] = [];
  // The root's words (the shared form messages among them) and the pages' own.
  const translator = createTranslator(
    locale,
    messagesFor(locale, [...ROOT_NAMESPACES, "apply", "waitlist"]),
  );
  const Page =
    page === "apply"
      ? () => (
          <ApplyStartPage
            unit={{ id: 4, number: "2B", building: "Elm Court", address: "1 Elm Street" }}
            result={undefined}
          />
        )
      : () => <WaitlistJoinPage building={{ id: 3, name: "Elm Court" }} result={undefined} />;
  const Stub = createRoutesStub([
    {
      path: "/form",
      Component: Page,
      action: async ({ request }) => {
        sent.push(Object.fromEntries(await request.formData()) as Record<string, string>);
        return null;
      },
    },
  ]);
  render(
    <I18nProvider translator={translator}>
      <Stub initialEntries={["/form"]} />
    </I18nProvider>,
  );
  return sent;
}

describe("the plain forms' check in the browser", () => {
  it("Apply Now marks a missing name and a wrong address, sends nothing, then sends the answers", async () => {
    const sent = renderForm("apply");
    await userEvent.type(screen.getByLabelText("E-mail"), "rosa@");
    await userEvent.click(screen.getByRole("button", { name: "E-mail me the link" }));
    expect(await screen.findByText("Enter a name of 2 to 100 characters.")).toBeVisible();
    expect(screen.getByText("Please enter a valid email address.")).toBeVisible();
    expect(screen.getByLabelText("Your name")).toHaveFocus();
    expect(sent).toEqual([]);

    await userEvent.type(screen.getByLabelText("Your name"), "Rosa Díaz");
    await userEvent.type(screen.getByLabelText("E-mail"), "example.com");
    await userEvent.click(screen.getByRole("button", { name: "E-mail me the link" }));
    await expect.poll(() => sent).toEqual([{ name: "Rosa Díaz", email: "rosa@example.com" }]);
  });

  it("the waiting list's join marks its refusals in Spanish and sends nothing", async () => {
    const sent = renderForm("waitlist", "es");
    await userEvent.type(screen.getByLabelText("Su nombre"), "L");
    await userEvent.click(screen.getByRole("button", { name: "Unirme a la lista de espera" }));
    expect(await screen.findByText("Escriba un nombre de 2 a 100 caracteres.")).toBeVisible();
    expect(screen.getByLabelText("Su nombre")).toHaveFocus();
    expect(sent).toEqual([]);
  });
});

describe("fieldErrors and formValues", () => {
  it("keep each listed field's first refusal, and read a missing field as empty", () => {
    const issues = [
      { path: ["name"], message: "first" },
      { path: ["name"], message: "second" },
      { path: ["lang"], message: "not a field of the form" },
    ];
    expect(fieldErrors(issues, ["name", "email"] as const)).toEqual({ name: "first" });
    const form = new FormData();
    form.set("name", "Rosa");
    expect(formValues(form, ["name", "email"] as const)).toEqual({ name: "Rosa", email: "" });
  });
});
