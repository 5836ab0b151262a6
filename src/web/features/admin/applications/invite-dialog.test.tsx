import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { applicationsApi } from "#domain/api/applications";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { applicationMessages } from "#domain/applications";
import { answer, handle } from "#tests/support/api-mocks";
import { renderWithQuery } from "#tests/support/render-with-query";
import { spyOnToasts } from "#tests/support/toast-spy";
import { InviteToApplyDialog } from "./invite-dialog";

spyOnToasts();

/**
 * Invite to apply, with the API mocked from its contracts: the renter's name and address checked
 * before anything is sent, the invitation in their language, and the documents asked for through
 * a document request of their own (the upload pipeline's link).
 */
let invites: unknown[];
let papers: unknown[];
let requests: unknown[];
const FORM = "/es/apply/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";

beforeEach(() => {
  invites = [];
  papers = [];
  requests = [];
  answer(
    handle(applicationsApi.enterPaper, ({ params, body }) => {
      papers.push({ unit: params.id, ...(body as object) });
      return {
        status: 201,
        body: {
          id: "6d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a",
          message: applicationMessages.paperEntered,
          formPath: FORM,
        },
      };
    }),
    handle(applicationsApi.invite, ({ params, body }) => {
      invites.push({ unit: params.id, ...(body as object) });
      return {
        status: 201,
        body: { id: "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a", message: applicationMessages.invited },
      };
    }),
    handle(tenantFilesApi.createRequest, ({ body }) => {
      requests.push(body);
      const b = body as { tenantName: string; tenantEmail: string; unit: string; note: string };
      return {
        status: 201,
        body: {
          id: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
          tenantName: b.tenantName,
          tenantEmail: b.tenantEmail,
          property: { id: 3, name: "Elm Court", unit: b.unit },
          category: "other" as const,
          maintenanceRequest: null,
          createdAt: "2027-03-01T15:00:00.000Z",
          expiresAt: "2027-03-15T15:00:00.000Z",
          filesReceived: 0,
        },
      };
    }),
  );
});

/** The dialog for Elm Court's unit 2B; `closed` records each time it asks to close. */
async function openDialog() {
  const closed: boolean[] = [];
  renderWithQuery(
    <InviteToApplyDialog
      unit={{ id: 7, label: "Elm Court, Unit 2B", propertyId: 3, unitNumber: "2B" }}
      onOpenChange={(open) => closed.push(!open)}
    />,
  );
  return { closed, dialog: await screen.findByRole("dialog", { name: "Invite to apply" }) };
}

describe("Invite to apply", () => {
  it("checks the address, then invites in Spanish and asks for the documents", async () => {
    const { closed, dialog } = await openDialog();
    await userEvent.type(within(dialog).getByLabelText("Renter's name"), "Rosa Díaz");
    await userEvent.type(within(dialog).getByLabelText("Renter's e-mail"), "rosa@");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send the invitation" }));
    expect(await within(dialog).findByText(applicationMessages.email)).toBeInTheDocument();
    expect(invites).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText("Renter's e-mail"), "example.com");
    await userEvent.selectOptions(
      within(dialog).getByLabelText("Language of the e-mail and the application"),
      "es",
    );
    await userEvent.click(within(dialog).getByLabelText(/Also ask for documents/));
    expect(within(dialog).getByLabelText("Documents asked for")).toHaveValue(
      "A photo ID, and proof of income for the last two months: pay stubs, a benefits letter, or your housing voucher.",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Send the invitation" }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(invites).toEqual([
      { unit: "7", name: "Rosa Díaz", email: "rosa@example.com", lang: "es" },
    ]);
    expect(requests[0]).toMatchObject({
      tenantName: "Rosa Díaz",
      tenantEmail: "rosa@example.com",
      propertyId: 3,
      unit: "2B",
      category: "other",
      language: "es",
    });
    await waitFor(() => expect(closed).toContain(true));
  });

  it("starts a paper application with nothing e-mailed, then offers its form to type it in", async () => {
    const { closed, dialog } = await openDialog();
    await userEvent.type(within(dialog).getByLabelText("Renter's name"), "Pat Paper");
    await userEvent.type(within(dialog).getByLabelText("Renter's e-mail"), "pat@example.com");
    await userEvent.selectOptions(
      within(dialog).getByLabelText("Language of the e-mail and the application"),
      "es",
    );
    await userEvent.click(within(dialog).getByLabelText(/It came on paper/));
    await userEvent.click(
      within(dialog).getByRole("button", { name: "Start the paper application" }),
    );
    const started = await screen.findByRole("dialog", { name: "Paper application started" });
    expect(papers).toEqual([
      { unit: "7", name: "Pat Paper", email: "pat@example.com", lang: "es" },
    ]);
    expect(invites).toEqual([]);
    const form = within(started).getByRole("link", { name: /Open the application form/ });
    expect(form).toHaveAttribute("href", FORM);
    expect(form).toHaveAttribute("target", "_blank");
    expect(closed).toEqual([]);
  });
});
