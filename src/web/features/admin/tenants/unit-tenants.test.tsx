import { screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { Toaster, toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adminMaintenanceApi } from "#domain/api/admin-maintenance";
import { maintenanceStaffMessages, type Tenant, tenantMessages } from "#domain/maintenance";
import { answer, handle, refuse } from "#tests/support/api-mocks";
import { renderWithQuery } from "#tests/support/render-with-query";
import { choicesHandler } from "../buildings/test-support";
import { PropertiesTab } from "../properties/properties-tab";
import { done, sampleProperty, sampleUnit } from "../properties/test-support";
import { tenantsHandler } from "./test-support";

const properties = [
  sampleProperty(1, {
    units: [
      sampleUnit(11, { unitNumber: "2B" }),
      sampleUnit(12, { unitNumber: "3C", available: false }),
    ],
  }),
  sampleProperty(2, {
    title: "Oak Row",
    units: [sampleUnit(21, { propertyId: 2, unitNumber: "1A" })],
  }),
];

const ann: Tenant = {
  id: "t1",
  name: "Ann Lee",
  email: "ann@example.com",
  unit: { id: 12, unitNumber: "3C", propertyId: 1, propertyName: "Maple Court" },
  invitedAt: "2026-03-01T12:00:00.000Z",
  lastSignInAt: "2026-03-02T12:00:00.000Z",
  language: "en",
};

let tenants: Tenant[];
let tenantCalls: number;

beforeEach(() => {
  tenants = [ann];
  tenantCalls = 0;
  answer(choicesHandler(properties));
  answer(
    tenantsHandler(
      () => tenants,
      () => {
        tenantCalls += 1;
      },
    ),
  );
});

afterEach(() => {
  toast.dismiss();
});

function show() {
  renderWithQuery(
    <>
      <PropertiesTab
        state={{
          properties,
          nextCursor: null,
          stats: null,
          status: "loaded",
          error: null,
          retryDisabled: false,
          reload: vi.fn(async () => {}),
        }}
      />
      <Toaster />
    </>,
  );
}

async function fill(user: UserEvent, label: string, value: string) {
  const field = within(screen.getByRole("dialog")).getByLabelText(label);
  await user.clear(field);
  if (value) await user.type(field, value);
}

describe("Tenants on the Properties tab", () => {
  it("lists each unit's tenants under its row", async () => {
    show();
    const list = await screen.findByRole("list", { name: "Tenants of Unit 3C in Maple Court" });
    expect(list).toHaveTextContent("Ann Lee");
    expect(list).toHaveTextContent("ann@example.com");
    expect(
      screen.queryByRole("list", { name: "Tenants of Unit 2B in Maple Court" }),
    ).not.toBeInTheDocument();
    expect(
      screen.getByRole("button", { name: "Invite tenant to Unit 1A in Oak Row" }),
    ).toBeInTheDocument();
  });

  it("checks the invitation's fields, sends it, says so and lists the tenant", async () => {
    const user = userEvent.setup();
    const sent: { unit: string; body: unknown }[] = [];
    answer(
      handle(adminMaintenanceApi.invite, ({ params, body }) => {
        sent.push({ unit: params.id, body });
        const bob: Tenant = {
          ...ann,
          id: "t2",
          name: "Bob Ray",
          email: "bob@example.com",
          unit: { id: 11, unitNumber: "2B", propertyId: 1, propertyName: "Maple Court" },
          lastSignInAt: null,
          language: "es",
        };
        tenants = [ann, bob];
        return { status: 201, body: bob };
      }),
    );
    show();
    await screen.findByRole("list", { name: "Tenants of Unit 3C in Maple Court" });
    const opener = screen.getByRole("button", { name: "Invite tenant to Unit 2B in Maple Court" });
    await user.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Invite tenant" });
    expect(dialog).toHaveTextContent("Unit 2B, Maple Court");

    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await within(dialog).findByText(tenantMessages.name)).toBeInTheDocument();
    expect(within(dialog).getByText(tenantMessages.email)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");

    await fill(user, "Name", "Bob Ray");
    await fill(user, "E-mail", "not-an-address");
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await within(dialog).findByText(tenantMessages.email)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await fill(user, "E-mail", " Bob@Example.com ");
    // English unless staff say otherwise: the invitation and every later e-mail follow it.
    const language = within(dialog).getByLabelText("Language of their e-mails");
    expect(language).toHaveDisplayValue("English");
    await user.selectOptions(language, "es");
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText(tenantMessages.invited)).toBeInTheDocument();
    expect(sent).toEqual([
      { unit: "11", body: { name: "Bob Ray", email: "bob@example.com", language: "es" } },
    ]);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    const list = await screen.findByRole("list", { name: "Tenants of Unit 2B in Maple Court" });
    expect(list).toHaveTextContent("Bob Ray");
    expect(list).toHaveTextContent("invited, not signed in yet · e-mails in Español");
  });

  it("shows the server's refusal in the dialog (a staff address, a unit gone)", async () => {
    const user = userEvent.setup();
    let refusal = refuse(409, tenantMessages.staffAddress);
    answer(handle(adminMaintenanceApi.invite, () => refusal));
    show();
    await user.click(
      await screen.findByRole("button", { name: "Invite tenant to Unit 2B in Maple Court" }),
    );
    await fill(user, "Name", "Office Person");
    await fill(user, "E-mail", "office@example.com");
    await user.click(screen.getByRole("button", { name: "Send invitation" }));
    const alert = await within(screen.getByRole("dialog")).findByRole("alert");
    expect(alert).toHaveTextContent(maintenanceStaffMessages.inviteFailed);
    expect(alert).toHaveTextContent(tenantMessages.staffAddress);
    expect(screen.getByRole("dialog")).toBeInTheDocument();

    refusal = refuse(404, tenantMessages.unitNotFound);
    await user.click(screen.getByRole("button", { name: "Send invitation" }));
    await waitFor(() =>
      expect(within(screen.getByRole("dialog")).getByRole("alert")).toHaveTextContent(
        tenantMessages.unitNotFound,
      ),
    );
  });

  it("moves a tenant to a unit of another building", async () => {
    const user = userEvent.setup();
    const moves: { id: string; body: unknown }[] = [];
    answer(
      handle(adminMaintenanceApi.moveTenant, ({ params, body }) => {
        moves.push({ id: params.id, body });
        const moved = {
          ...ann,
          unit: { id: 21, unitNumber: "1A", propertyId: 2, propertyName: "Oak Row" },
        };
        tenants = [moved];
        return moved;
      }),
    );
    show();
    const opener = await screen.findByRole("button", { name: "Move Ann Lee" });
    await user.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Move Ann Lee" });
    expect(dialog).toHaveTextContent("Now in Unit 3C, Maple Court.");
    await user.click(within(dialog).getByRole("button", { name: "Move tenant" }));
    expect(within(dialog).getByText(maintenanceStaffMessages.chooseUnit)).toBeInTheDocument();
    expect(within(dialog).getByRole("option", { name: "Unit 3C (current)" })).toBeDisabled();

    await user.selectOptions(within(dialog).getByLabelText("New unit"), "Unit 1A, Oak Row");
    await user.click(within(dialog).getByRole("button", { name: "Move tenant" }));
    expect(await screen.findByText(tenantMessages.moved)).toBeInTheDocument();
    expect(moves).toEqual([{ id: "t1", body: { unitId: 21 } }]);
    expect(
      await screen.findByRole("list", { name: "Tenants of Unit 1A in Oak Row" }),
    ).toHaveTextContent("Ann Lee");
  });

  it("ends a tenant's access after a confirmation", async () => {
    const user = userEvent.setup();
    const ended: string[] = [];
    answer(
      handle(adminMaintenanceApi.endAccess, ({ params }) => {
        ended.push(params.id);
        tenants = [];
        return done(tenantMessages.ended);
      }),
    );
    show();
    await user.click(await screen.findByRole("button", { name: "End access of Ann Lee" }));
    const confirm = screen.getByRole("alertdialog", { name: "End Ann Lee's access?" });
    expect(confirm).toHaveTextContent(maintenanceStaffMessages.endConfirm);
    await user.click(within(confirm).getByRole("button", { name: "End access" }));
    expect(await screen.findByText(tenantMessages.ended)).toBeInTheDocument();
    expect(ended).toEqual(["t1"]);
    await waitFor(() =>
      expect(
        screen.queryByRole("list", { name: "Tenants of Unit 3C in Maple Court" }),
      ).not.toBeInTheDocument(),
    );
    // Each of the two cards asked for its units' tenants once, and again after the end.
    expect(tenantCalls).toBe(4);
  });

  it("says when the tenants could not be loaded, with Try Again", async () => {
    const user = userEvent.setup();
    let fail = true;
    answer(
      handle(adminMaintenanceApi.tenants, ({ query }) => {
        if (fail) return refuse(500, "Database unavailable");
        const here = query.units?.split(",").includes("12") ? [ann] : [];
        return { tenants: here, nextCursor: null, total: here.length };
      }),
    );
    show();
    // Each card says so under its own units.
    await waitFor(() => expect(screen.getAllByRole("alert")).toHaveLength(2));
    const alert = within(screen.getByRole("region", { name: "Units of Maple Court" })).getByRole(
      "alert",
    );
    expect(alert).toHaveTextContent(maintenanceStaffMessages.tenantsLoadFailed);
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try Again" }));
    expect(
      await screen.findByRole("list", { name: "Tenants of Unit 3C in Maple Court" }),
    ).toBeInTheDocument();
  });
});
