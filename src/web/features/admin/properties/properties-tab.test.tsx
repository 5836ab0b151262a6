import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentProps } from "react";
import { Toaster, toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type AdminProperty, adminMessages } from "#domain/admin";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { answer, handle, networkFailure, refuse } from "#tests/support/api-mocks";
import { renderWithQuery } from "#tests/support/render-with-query";
import { formatShortDate } from "#web/lib/format-date-time";
import { useListAddress } from "#web/lib/list-address";
import { tenantsHandler } from "../tenants/test-support";
import { useAdminProperties } from "../use-admin-properties";
import { PropertiesTab } from "./properties-tab";
import {
  dashboardFigures,
  done,
  figuresHandlers,
  sampleProperty,
  sampleUnit,
} from "./test-support";

// The tab lists each unit's tenants: none, unless a test says so.
beforeEach(() => {
  answer(tenantsHandler(() => []));
});

afterEach(() => {
  // Sonner keeps its toasts between renders: dismissed ones are not shown to the next test.
  toast.dismiss();
});

type State = ComponentProps<typeof PropertiesTab>["state"];

function state(values: Partial<State> = {}): State {
  return {
    properties: [],
    nextCursor: null,
    stats: dashboardFigures(values.properties ?? []).stats,
    status: "loaded",
    error: null,
    retryDisabled: false,
    reload: vi.fn(async () => {}),
    ...values,
  };
}

function renderTab(values: Partial<State> = {}) {
  const tabState = state(values);
  renderWithQuery(
    <>
      <PropertiesTab state={tabState} />
      <Toaster />
    </>,
  );
  return tabState;
}

/** The tab on the dashboard's own list, loaded (100 ms after mount) from the admin list. */
function LiveTab() {
  return <PropertiesTab state={useAdminProperties()} />;
}

describe("PropertiesTab", () => {
  it("shows the empty state, whose button opens the Add New Building dialog and gets focus back", async () => {
    const user = userEvent.setup();
    renderTab();
    expect(screen.getByRole("heading", { name: "Building Management" })).toBeInTheDocument();
    expect(screen.getByText("No Buildings Yet")).toBeInTheDocument();
    const addFirst = screen.getByRole("button", { name: "Add Your First Building" });
    await user.click(addFirst);
    expect(screen.getByRole("dialog", { name: "Add New Building" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(addFirst).toHaveFocus();
  });

  it("shows skeleton cards while loading, and the error with Try Again", async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithQuery(<PropertiesTab state={state({ status: "loading" })} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading buildings...");
    expect(screen.queryByText("No Buildings Yet")).not.toBeInTheDocument();
    unmount();

    const { reload } = renderTab({ status: "error", error: adminMessages.loadFailed });
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to load properties from server");
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("holds Try Again as 'Please wait...' while a retry would do nothing", () => {
    renderTab({ status: "error", error: adminMessages.tooManyRequests, retryDisabled: true });
    expect(screen.getByRole("alert")).toHaveTextContent(adminMessages.tooManyRequests);
    expect(screen.getByRole("button", { name: "Please wait..." })).toBeDisabled();
  });

  it("lists a building's first 5 units, then how many more, with each unit's facts", () => {
    const units = Array.from({ length: 7 }, (_, i) =>
      sampleUnit(i + 1, { unitNumber: `${i + 1}A`, available: i !== 1 }),
    );
    renderTab({
      properties: [
        sampleProperty(1, { featured: true, active: false, units }),
        sampleProperty(2, { title: "Oak Row", units: units.slice(0, 6) }),
        sampleProperty(3, { title: "Elm House" }),
      ],
    });
    expect(screen.getByText("Total Buildings:")).toHaveTextContent("Total Buildings: 3");

    const maple = screen.getByRole("article", { name: "Maple Court" });
    const rows = within(maple).getAllByRole("listitem");
    expect(rows.map((row) => within(row).getByText(/^Unit /).textContent)).toEqual([
      "Unit 1A",
      "Unit 2A",
      "Unit 3A",
      "Unit 4A",
      "Unit 5A",
    ]);
    expect(within(maple).getByText("+ 2 more units")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("Available")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Occupied")).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent("2 bedrooms · 1 bath · $1,450/month");
    expect(within(maple).getByText("Featured")).toBeInTheDocument();
    expect(within(maple).getByText("Inactive")).toBeInTheDocument();
    expect(
      within(maple).getByRole("button", { name: "Edit Unit 1A in Maple Court" }),
    ).toBeInTheDocument();
    expect(within(maple).getByRole("button", { name: "Edit Maple Court" })).toBeInTheDocument();

    const oak = screen.getByRole("article", { name: "Oak Row" });
    expect(within(oak).getByText("+ 1 more unit")).toBeInTheDocument();
    expect(within(oak).queryByText("Inactive")).not.toBeInTheDocument();

    const elm = screen.getByRole("article", { name: "Elm House" });
    expect(within(elm).getByText("No Units Yet")).toBeInTheDocument();
  });

  it("deletes a building after the confirmation, then refetches the list at once", async () => {
    const user = userEvent.setup();
    const lists: AdminProperty[][] = [[sampleProperty(4)], []];
    let listCalls = 0;
    const deleted: string[] = [];
    answer(
      handle(adminPropertiesApi.list, () => lists[Math.min(listCalls++, 1)]!),
      ...figuresHandlers(() => lists[Math.min(listCalls, 1)]!),
      handle(adminPropertiesApi.deleteProperty, ({ params }) => {
        deleted.push(params.id);
        return done("Property deleted successfully!");
      }),
    );
    renderWithQuery(
      <>
        <LiveTab />
        <Toaster />
      </>,
    );
    await user.click(await screen.findByRole("button", { name: "Delete Maple Court" }));
    const confirm = screen.getByRole("alertdialog");
    expect(confirm).toHaveTextContent(adminMessages.deletePropertyConfirm);
    await user.click(within(confirm).getByRole("button", { name: "Delete Building" }));
    expect(await screen.findByText("Property deleted successfully!")).toBeInTheDocument();
    expect(deleted).toEqual(["4"]);
    // The write's invalidation refetches the list, though the last request is under 2 s old.
    expect(await screen.findByText("No Buildings Yet")).toBeInTheDocument();
    expect(listCalls).toBe(2);
  });

  it("says why a delete failed: the server's words, or that the server is unreachable", async () => {
    const user = userEvent.setup();
    answer(
      handle(adminPropertiesApi.deleteProperty, () =>
        refuse(404, "This property no longer exists."),
      ),
      handle(adminPropertiesApi.deleteUnit, () => networkFailure),
    );
    renderTab({
      properties: [sampleProperty(4, { units: [sampleUnit(9, { unitNumber: "2B" })] })],
    });
    await user.click(screen.getByRole("button", { name: "Delete Maple Court" }));
    await user.click(screen.getByRole("button", { name: "Delete Building" }));
    expect(await screen.findByText("This property no longer exists.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Delete Unit 2B in Maple Court" }));
    expect(screen.getByRole("alertdialog")).toHaveTextContent(adminMessages.deleteUnitConfirm);
    await user.click(screen.getByRole("button", { name: "Delete Unit" }));
    expect(await screen.findByText("Error deleting unit")).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Maple Court" })).toBeInTheDocument();
  });

  it("confirms an available unit as still available from its row, and shows the new date", async () => {
    const user = userEvent.setup();
    const today = new Date().toISOString();
    let confirmedAt = "2026-03-01T12:00:00.000Z";
    const confirmed: string[] = [];
    const units = () => [
      sampleUnit(9, { propertyId: 4, unitNumber: "2B", availabilityConfirmedAt: confirmedAt }),
      sampleUnit(10, { propertyId: 4, unitNumber: "3C", available: false }),
    ];
    answer(
      handle(adminPropertiesApi.list, () => [sampleProperty(4, { units: units() })]),
      ...figuresHandlers(() => [sampleProperty(4, { units: units() })]),
      handle(adminPropertiesApi.confirmAvailability, ({ params }) => {
        confirmed.push(params.id);
        confirmedAt = today;
        return units()[0]!;
      }),
    );
    renderWithQuery(
      <>
        <LiveTab />
        <Toaster />
      </>,
    );
    const row = (await screen.findByText("Unit 2B")).closest("li")!;
    expect(row).toHaveTextContent("Last confirmed Mar 1");
    // A let unit has nothing to confirm.
    expect(
      screen.queryByRole("button", { name: "Still available: Unit 3C, Maple Court" }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Still available: Unit 2B, Maple Court" }));

    expect(
      await screen.findByText("Unit 2B, Maple Court: availability confirmed."),
    ).toBeInTheDocument();
    expect(confirmed).toEqual(["9"]);
    expect(row).toHaveTextContent(`Last confirmed ${formatShortDate(today)}`);
  });
});

describe("PropertiesTab at size: a page at a time, searched on the server", () => {
  /** The tab as the dashboard wires it: the address's search and page choose the load. */
  function PagedTab() {
    const address = useListAddress(["q"]);
    return (
      <PropertiesTab state={useAdminProperties({ q: address.filters.q, cursor: address.cursor })} />
    );
  }

  it("asks for the words typed and for the next page, and shows the server's count", async () => {
    const user = userEvent.setup();
    const asked: Record<string, string>[] = [];
    const first = [
      sampleProperty(1, { title: "Elm Court" }),
      sampleProperty(2, { title: "Oak Row" }),
    ];
    answer(
      handle(adminPropertiesApi.list, ({ query }) => {
        asked.push(query);
        if (query.q === "oak") return [sampleProperty(2, { title: "Oak Row" })];
        if (query.cursor === "page-2") return [sampleProperty(3, { title: "Maple House" })];
        return { status: 200, body: first, headers: { "x-next-cursor": "page-2" } };
      }),
      handle(adminPropertiesApi.stats, () => ({
        totalProperties: 41,
        availableUnits: 0,
        totalUnits: 0,
        occupancyRate: 0,
        lastUpdated: null,
      })),
      handle(adminPropertiesApi.unitsToConfirm, () => ({ items: [], total: 0, nextCursor: null })),
      tenantsHandler(() => []),
    );
    renderWithQuery(<PagedTab />);
    expect(await screen.findByRole("heading", { name: "Elm Court" })).toBeInTheDocument();
    expect(screen.getByText("41")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(await screen.findByRole("heading", { name: "Maple House" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Elm Court" })).not.toBeInTheDocument();
    expect(asked.at(-1)).toMatchObject({ cursor: "page-2" });
    await user.click(screen.getByRole("button", { name: "First page" }));
    expect(await screen.findByRole("heading", { name: "Elm Court" })).toBeInTheDocument();

    await user.type(screen.getByRole("searchbox", { name: "Search buildings" }), "oak");
    expect(await screen.findByRole("heading", { name: "Oak Row" })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(screen.queryByRole("heading", { name: "Elm Court" })).not.toBeInTheDocument(),
    );
    // Asked once the typing stopped, not once per letter.
    expect(asked.filter((query) => query.q !== undefined).map((query) => query.q)).toEqual(["oak"]);
  });
});
