import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { applicationsApi } from "#domain/api/applications";
import { waitlistsApi } from "#domain/api/waitlists";
import type { AdminApplicationDetail } from "#domain/applications";
import { answer, handle } from "#tests/support/api-mocks";
import { renderWithQuery } from "#tests/support/render-with-query";
import { spyOnToasts } from "#tests/support/toast-spy";
import { ApplicationsTab } from "./applications-tab";

spyOnToasts();

/**
 * The Applications tab with the API mocked from its contracts: the list with its duplicate
 * flag, one application opened whole, a denial that rests on a screening report refused until
 * the screening company's facts are given, then sent with them, and the offer of a home in a
 * building before 1978 with its lead-paint disclosure.
 */
const application: AdminApplicationDetail = {
  id: "6f1f7b8e-1c1a-4a57-9a52-9d1f3f5d2a11",
  status: "screening",
  place: "Elm Court, unit 2B",
  unitId: 7,
  source: "online",
  paperFormPath: null,
  name: "Rosa Díaz",
  email: "rosa@example.com",
  lang: "es",
  adults: 2,
  duplicate: true,
  createdAt: "2027-03-01T15:00:00.000Z",
  submittedAt: "2027-03-02T15:00:00.000Z",
  statusChangedAt: "2027-03-03T15:00:00.000Z",
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
  household: { children: 2, pets: "One cat", moveIn: "2027-04-01", accommodations: "" },
  applicants: [
    {
      id: "0d8b2c4e-7f5a-4c3b-8e1d-2a9b6c4d1e01",
      primary: true,
      name: "Rosa Díaz",
      email: "rosa@example.com",
      lang: "es",
      part: { phone: "860-555-0101", income: [{ source: "housing_voucher", monthlyAmount: 900 }] },
      age: 67,
      consentedAt: "2027-03-02T15:00:00.000Z",
      submittedAt: "2027-03-02T15:00:00.000Z",
    },
  ],
  income: { monthly: 900, vouchers: 900, tenantShare: 600 },
  screeningFee: 50,
  decision: null,
  notices: [],
  offer: null,
  duplicates: [
    {
      id: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
      place: "Elm Court, unit 3C",
      status: "denied",
      createdAt: "2026-12-01T15:00:00.000Z",
    },
  ],
  allowed: ["approved", "denied", "waitlisted", "withdrawn"],
};

let current: AdminApplicationDetail;
let decisions: unknown[];
let offers: unknown[];
let moves: unknown[];
let waitlistQueries: Record<string, unknown>[];

beforeEach(() => {
  current = structuredClone(application);
  decisions = [];
  offers = [];
  moves = [];
  waitlistQueries = [];
  answer(
    handle(applicationsApi.list, () => ({
      items: [
        (({
          unit,
          household,
          applicants,
          income,
          screeningFee,
          decision,
          notices,
          offer,
          duplicates,
          allowed,
          ...row
        }) => row)(current),
      ],
      nextCursor: null,
      waiting: 0,
    })),
    handle(applicationsApi.get, () => current),
    handle(adminPropertiesApi.choices, () => ({
      items: [{ id: 3, title: "Elm Court", units: [{ id: 7, unitNumber: "2B" }] }],
      total: 1,
    })),
    handle(waitlistsApi.list, ({ query }) => {
      waitlistQueries.push(query as Record<string, unknown>);
      return {
        items: [
          {
            id: "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
            name: "Wes Waiting",
            email: "wes@example.com",
            lang: "en" as const,
            bedrooms: 2,
            status: "waiting" as const,
            position: 1,
            joinedAt: "2027-01-01T15:00:00.000Z",
            lastConfirmedAt: "2027-01-01T15:00:00.000Z",
            checkSentAt: null,
            invitedAt: null,
            applicationId: null,
            moves: [],
          },
        ],
        nextCursor: null,
      };
    }),
    handle(waitlistsApi.move, ({ body }) => {
      moves.push(body);
      return { from: 1, to: 1, message: "Moved from place 1 to place 1." };
    }),
    handle(applicationsApi.decide, ({ body }) => {
      decisions.push(body);
      current = {
        ...current,
        status: (body as { status: "denied" | "approved" }).status,
        allowed: [],
      };
      if (current.status === "approved") current.allowed = ["withdrawn"];
      return current;
    }),
    handle(applicationsApi.offer, ({ body }) => {
      offers.push(body);
      return current;
    }),
  );
});

async function openIt() {
  renderWithQuery(<ApplicationsTab />, { route: "/admin-dashboard?tab=applications" });
  const list = await screen.findByRole("list", { name: "Applications" });
  expect(within(list).getByText("Possible duplicate")).toBeInTheDocument();
  await userEvent.click(within(list).getByRole("button", { name: /Open/ }));
  return screen.findByRole("dialog", { name: "Application of Rosa Díaz" });
}

describe("the Applications tab", () => {
  it("opens an application whole: the duplicate, the household and the tenant's share", async () => {
    const panel = await openIt();
    expect(
      await within(panel).findByText(/Possible duplicate: the same address/),
    ).toBeInTheDocument();
    expect(
      within(panel).getByText("Elm Court, unit 3C, Denied, Dec 1, 2026, 10:00 AM"),
    ).toBeInTheDocument();
    expect(within(panel).getByText("$600")).toBeInTheDocument();
    expect(within(panel).getByText(/Income: Housing voucher, \$900 a month/)).toBeInTheDocument();
  });

  it("refuses a denial on a screening report without the company's facts, then sends the notice's", async () => {
    const panel = await openIt();
    await userEvent.selectOptions(await within(panel).findByLabelText("Step"), "denied");
    await userEvent.selectOptions(within(panel).getByLabelText("Why"), "screening-report");
    await userEvent.click(
      within(panel).getByRole("button", { name: "Save and e-mail the applicants" }),
    );
    expect(
      await within(panel).findByText("Enter the screening company's name."),
    ).toBeInTheDocument();
    expect(
      within(panel).getByText("Enter the screening company's phone number."),
    ).toBeInTheDocument();
    expect(decisions).toEqual([]);

    await userEvent.type(within(panel).getByLabelText("Screening company"), "Keystone Screening");
    await userEvent.type(within(panel).getByLabelText("Its address"), "PO Box 100, Chester, PA");
    await userEvent.type(within(panel).getByLabelText("Its phone"), "1-800-555-0199");
    await userEvent.type(within(panel).getByLabelText("Credit score used (optional)"), "580");
    await userEvent.type(
      within(panel).getByLabelText("Key factors that hurt the score (one a line, at most 5)"),
      "Serious delinquency{enter}Too many inquiries",
    );
    await userEvent.click(
      within(panel).getByRole("button", { name: "Save and e-mail the applicants" }),
    );
    await waitFor(() => expect(decisions).toHaveLength(1));
    expect(decisions[0]).toMatchObject({
      status: "denied",
      reason: "screening-report",
      adverseAction: {
        agencyName: "Keystone Screening",
        agencyAddress: "PO Box 100, Chester, PA",
        agencyPhone: "1-800-555-0199",
        score: {
          value: 580,
          low: 300,
          high: 850,
          factors: ["Serious delinquency", "Too many inquiries"],
        },
      },
    });
  });

  it("offers the home of a building before 1978 with the lead-paint disclosure", async () => {
    current = { ...current, status: "approved", allowed: ["withdrawn"] };
    const panel = await openIt();
    await within(panel).findByRole("heading", { name: "Offer the home" });
    await userEvent.click(
      within(panel).getByLabelText("Records or reports of lead-based paint are available"),
    );
    await userEvent.type(within(panel).getByLabelText("Which records and reports"), "2019 report");
    await userEvent.type(within(panel).getByLabelText("Key deposit (optional)"), "50");
    await userEvent.click(within(panel).getByRole("button", { name: "Send the offer" }));
    await waitFor(() => expect(offers).toHaveLength(1));
    expect(offers[0]).toEqual({
      rent: 1500,
      deposit: 1500,
      charges: [{ kind: "key_deposit", amount: 50 }],
      leadPaint: {
        hazardsKnown: false,
        hazards: "",
        reportsAvailable: true,
        reports: "2019 report",
      },
    });
  });

  it("shows a building's waiting list in order, and moves someone only with a reason", async () => {
    renderWithQuery(<ApplicationsTab />, { route: "/admin-dashboard?tab=applications" });
    const section = await screen.findByRole("region", { name: "Waiting lists" });
    await userEvent.selectOptions(await within(section).findByLabelText("Building"), "3");
    const list = await within(section).findByRole("list", { name: "Waiting list" });
    expect(within(list).getByText(/1\. Wes Waiting/)).toBeInTheDocument();
    expect(waitlistQueries.at(-1)).toMatchObject({ propertyId: "3" });
    await userEvent.click(within(list).getByRole("button", { name: "Move Wes Waiting" }));
    const dialog = await screen.findByRole("dialog", { name: "Move Wes Waiting" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Move" }));
    expect(await within(dialog).findByText(/Say why this person is moved/)).toBeInTheDocument();
    expect(moves).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText("Reason"), "Ground floor for a wheelchair");
    await userEvent.click(within(dialog).getByRole("button", { name: "Move" }));
    await waitFor(() =>
      expect(moves).toEqual([{ position: 1, reason: "Ground floor for a wheelchair" }]),
    );
  });
});
