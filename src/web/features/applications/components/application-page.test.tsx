import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { applicationsApi } from "#domain/api/applications";
import { type ApplicantView, applicationMessages } from "#domain/applications";
import english from "#domain/i18n/messages/en/apply.json";
import { createTranslator } from "#domain/i18n/translator";
import { answer, handle, refuse } from "#tests/support/api-mocks";
import { messagesFor } from "#web/i18n/catalogue.server";
import { I18nProvider } from "#web/i18n/i18n-provider";
import { namespaces } from "#web/i18n/namespaces";
import { QueryProvider, queryClient } from "#web/lib/query";
import { ApplicationPage } from "./application-page";

/**
 * The application an invitation's link opens, in the browser's test DOM with the API mocked from
 * its contracts: the draft saved as the renter types, the missing answers marked on submit before
 * anything is sent, the other adults invited, the offer accepted; in English and Spanish; and no
 * label asks what fair-housing law protects.
 */

const view: ApplicantView = {
  place: "Elm Court, unit 2B",
  unit: {
    id: 7,
    number: "2B",
    propertyId: 3,
    building: "Elm Court",
    address: "12 Elm Street, Hartford, CT 06103",
    rent: 1500,
    bedrooms: 2,
    yearBuilt: 1965,
  },
  status: "draft",
  applicant: {
    name: "Rosa Díaz",
    email: "rosa@example.com",
    lang: "en",
    primary: true,
    submittedAt: null,
  },
  part: {},
  household: {},
  adults: [],
  offer: null,
  pamphletUrl: null,
  expiresAt: "2027-03-31T15:00:00.000Z",
};

let saves: unknown[];
beforeEach(() => {
  saves = [];
  queryClient().clear();
});

function serve(current: ApplicantView) {
  answer(
    handle(applicationsApi.view, () => current),
    handle(applicationsApi.save, ({ body }) => {
      saves.push(body);
      return current;
    }),
  );
}

const spanish = createTranslator("es", messagesFor("es", namespaces));

function renderPage(lang: "en" | "es" = "en") {
  const page = (
    <QueryProvider>
      <ApplicationPage token="t0ken" />
    </QueryProvider>
  );
  render(lang === "es" ? <I18nProvider translator={spanish}>{page}</I18nProvider> : page);
}

/** The words fair-housing law keeps out of an application (CGS 46a-64c). */
const protectedWords =
  /marital|married|spouse|husband|wife|national origin|citizen|immigra|passport|race|ethnic|religio|sexual|gender|ancestry|arrest|criminal record|conviction|felon|pregnan/i;

describe("/apply/:token", () => {
  it("shows the unit, then saves the draft a moment after the renter types", async () => {
    serve(view);
    renderPage();
    expect(await screen.findByText("For Elm Court, unit 2B")).toBeInTheDocument();
    expect(
      screen.getByText(/12 Elm Street, Hartford, CT 06103 · Rent: \$1,500 a month/),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Phone"), "860-555-0101");
    await waitFor(() => expect(saves.length).toBeGreaterThan(0), { timeout: 3000 });
    expect(saves.at(-1)).toMatchObject({ part: { phone: "860-555-0101" }, household: {} });
    expect(await screen.findByText("All changes saved.")).toBeInTheDocument();
  });

  it("marks each missing answer on submit and sends nothing to submit", async () => {
    let submitted = 0;
    serve(view);
    answer(
      handle(applicationsApi.submit, () => {
        submitted++;
        return view;
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Submit my application" }));
    const summary = await screen.findByRole("region", { name: "Please complete these answers:" });
    expect(within(summary).getByText(applicationMessages.phone)).toBeInTheDocument();
    expect(within(summary).getByText(applicationMessages.consent)).toBeInTheDocument();
    expect(screen.getByLabelText("Phone")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Children who will live with you")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(submitted).toBe(0);
  });

  it("invites another adult of the household by e-mail", async () => {
    serve(view);
    const invited: unknown[] = [];
    answer(
      handle(applicationsApi.inviteAdult, ({ body }) => {
        invited.push(body);
        return {
          ...view,
          adults: [{ name: "Luis Díaz", email: "luis@example.com", submitted: false }],
        };
      }),
    );
    renderPage();
    await userEvent.type(await screen.findByLabelText("Their name"), "Luis Díaz");
    await userEvent.type(screen.getByLabelText("Their e-mail"), "luis@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send their link" }));
    expect(await screen.findByText("Link sent to luis@example.com.")).toBeInTheDocument();
    expect(invited).toEqual([{ name: "Luis Díaz", email: "luis@example.com" }]);
    expect(screen.getByText("Not yet submitted")).toBeInTheDocument();
  });

  it("says so when the link does not work", async () => {
    answer(handle(applicationsApi.view, () => refuse(404, applicationMessages.linkInvalid)));
    renderPage();
    expect(await screen.findByRole("heading", { name: "Link Not Valid" })).toBeInTheDocument();
    expect(screen.getByText(applicationMessages.linkInvalid)).toBeInTheDocument();
  });

  it("shows the offer with the lead-paint disclosure, and accepts it once acknowledged", async () => {
    const offered: ApplicantView = {
      ...view,
      status: "approved",
      applicant: { ...view.applicant, submittedAt: "2027-03-01T15:00:00.000Z" },
      offer: {
        rent: 1500,
        deposit: 1500,
        charges: [{ kind: "key_deposit", amount: 50 }],
        leadPaint: {
          hazardsKnown: false,
          hazards: "",
          reportsAvailable: true,
          reports: "2019 report",
        },
        offeredAt: "2027-03-02T15:00:00.000Z",
        acceptedAt: null,
        leadPaintAcknowledgedAt: null,
      },
      pamphletUrl: "https://www.epa.gov/lead",
    };
    serve(offered);
    const accepted: unknown[] = [];
    answer(
      handle(applicationsApi.accept, ({ body }) => {
        accepted.push(body);
        return { ...offered, offer: { ...offered.offer!, acceptedAt: "2027-03-03T15:00:00.000Z" } };
      }),
    );
    renderPage();
    expect(
      await screen.findByRole("heading", { name: "The offer of the home" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Lead Warning Statement/)).toBeInTheDocument();
    expect(
      screen.getByText("Records and reports available to you: 2019 report"),
    ).toBeInTheDocument();
    const accept = screen.getByRole("button", { name: "Accept the offer" });
    expect(accept).toBeDisabled();
    await userEvent.click(
      screen.getByLabelText("I received the lead-based paint disclosure and the EPA pamphlet"),
    );
    await userEvent.click(accept);
    expect(await screen.findByText(/You accepted the offer/)).toBeInTheDocument();
    expect(accepted).toEqual([{ leadPaintAcknowledged: true }]);
    expect(screen.getByText("Approved")).toBeInTheDocument();
  });

  it("speaks Spanish under /es, its refusals too", async () => {
    serve({ ...view, applicant: { ...view.applicant, lang: "es" }, place: "Elm Court, unidad 2B" });
    renderPage("es");
    expect(await screen.findByText("Para Elm Court, unidad 2B")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Enviar mi solicitud" }));
    const summary = await screen.findByRole("region", { name: "Complete estas respuestas:" });
    expect(within(summary).getByText("Escriba un número de teléfono válido.")).toBeInTheDocument();
  });

  it("asks nothing the law protects: no label of the form names it", async () => {
    serve({
      ...view,
      part: { homes: [{}], income: [{}] },
    });
    renderPage();
    await screen.findByLabelText("Phone");
    const labels = [...document.querySelectorAll("label, legend, h2, h3, option")].map(
      (element) => element.textContent ?? "",
    );
    expect(labels.length).toBeGreaterThan(25);
    expect(labels.filter((label) => protectedWords.test(label))).toEqual([]);
  });
});

describe("the page's words for the application's refusals", () => {
  it("hold each English text of the domain, unchanged", () => {
    for (const [key, text] of Object.entries(applicationMessages)) {
      const id = `apply.error.${key}` as keyof typeof english;
      if (id in english) expect(english[id], id).toBe(text);
    }
    const ids = Object.keys(english).filter((id) => id.startsWith("apply.error."));
    expect(ids.length).toBeGreaterThan(20);
    for (const id of ids) {
      expect(Object.keys(applicationMessages)).toContain(id.slice("apply.error.".length));
    }
  });
});
