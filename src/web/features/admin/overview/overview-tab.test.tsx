import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { answer, handle, refuse } from "#tests/support/api-mocks";
import { advance, fakeClock } from "#tests/support/fake-clock";
import { answerOverviewCards } from "#tests/support/overview-cards";
import { renderWithQuery } from "#tests/support/render-with-query";
import { formatDateTime } from "#web/lib/format-date-time";
import {
  dashboardFigures,
  figuresHandlers,
  sampleProperty,
  sampleUnit,
} from "../properties/test-support";
import { type AdminPropertiesState, useAdminProperties } from "../use-admin-properties";
import { OverviewTab } from "./overview-tab";

const unit = (id: number, available: boolean, updatedAt = "2026-01-01T00:00:00.000Z") =>
  sampleUnit(id, { unitNumber: `${id}`, available, updatedAt });

const property = (id: number, title: string, units: ReturnType<typeof unit>[], updatedAt: string) =>
  sampleProperty(id, { title, units, updatedAt });

/** 3 buildings, 10 units, 4 of them available: 60% occupied. */
const sample = [
  property(
    1,
    "Elm Court",
    [unit(1, true), unit(2, false), unit(3, false), unit(4, false)],
    "2026-03-01T10:00:00.000Z",
  ),
  property(
    2,
    "Oak Terrace",
    [unit(5, true), unit(6, true), unit(7, false)],
    "2026-02-01T10:00:00.000Z",
  ),
  property(
    3,
    "Maple House",
    [unit(8, true), unit(9, false), unit(10, false, "2026-11-22T20:04:00.000Z")],
    "2026-01-15T10:00:00.000Z",
  ),
];

/**
 * The dashboard's state: the figures (as the server counts them) go with a list the server
 * sent, which an error keeps on screen; before any answer there are none.
 */
function state(overrides: Partial<AdminPropertiesState> = {}): AdminPropertiesState {
  const properties = overrides.properties ?? [];
  const status = overrides.status ?? "loaded";
  const answered = status === "loaded" || (status === "error" && properties.length > 0);
  return {
    properties: [],
    nextCursor: null,
    ...(answered ? dashboardFigures(properties) : { stats: null, due: null }),
    status: "loaded",
    error: null,
    refreshing: false,
    retryDisabled: false,
    lastRequestAt: null,
    reload: vi.fn(async () => {}),
    ...overrides,
  };
}

function show(value: AdminPropertiesState) {
  return renderWithQuery(<OverviewTab state={value} />);
}

const card = (name: string) => screen.getByRole("region", { name });

// The listing alerts and showings cards ask for their own figures (their own tests answer them).
beforeEach(answerOverviewCards);

afterEach(() => {
  vi.useRealTimers();
});

describe("OverviewTab", () => {
  it("shows the six figures for the list", () => {
    show(state({ properties: sample }));
    expect(within(card("Properties")).getByText("3")).toBeInTheDocument();
    expect(within(card("Available Units")).getByText("4")).toBeInTheDocument();
    expect(within(card("Available Units")).getByText("out of 10 units")).toBeInTheDocument();
    expect(within(card("Occupancy Rate")).getByText("60%")).toBeInTheDocument();
    expect(within(card("Total Units")).getByText("10")).toBeInTheDocument();
    expect(within(card("Available")).getByText("4")).toBeInTheDocument();
    // The latest change is a unit's, shown in Connecticut time.
    expect(within(card("Last Updated")).getByText("Nov 22, 2026, 3:04 PM")).toBeInTheDocument();
  });

  it("shows the figures of every building the server counted, not of the page it sent", () => {
    const figures = dashboardFigures(sample);
    show(
      state({
        properties: sample,
        stats: {
          ...figures.stats,
          totalProperties: 2000,
          totalUnits: 20_000,
          availableUnits: 3000,
        },
        due: { items: [], total: 0, nextCursor: null },
      }),
    );
    expect(within(card("Properties")).getByText("2000")).toBeInTheDocument();
    expect(within(card("Available Units")).getByText("out of 20000 units")).toBeInTheDocument();
    expect(
      within(card("Occupancy by Building")).getByText("The 3 newest of 2000 buildings."),
    ).toBeInTheDocument();
  });

  it("lists each building with its available units", () => {
    show(state({ properties: sample }));
    const list = card("Occupancy by Building");
    expect(within(list).getByRole("link", { name: "Elm Court" })).toHaveAttribute(
      "href",
      "/buildings/1",
    );
    expect(within(list).getByText("1 of 4 units available")).toBeInTheDocument();
    expect(
      within(list).getByRole("progressbar", { name: "Oak Terrace occupancy" }),
    ).toHaveAttribute("aria-valuenow", "33");
  });

  it("shows zeros and a dash with no buildings", () => {
    show(state());
    expect(within(card("Occupancy Rate")).getByText("0%")).toBeInTheDocument();
    expect(within(card("Last Updated")).getByText("—")).toBeInTheDocument();
    expect(screen.getByText("No Buildings Yet")).toBeInTheDocument();
  });

  it("shows skeleton cards until the first answer", () => {
    show(state({ status: "loading" }));
    expect(screen.getByText("Loading dashboard statistics...")).toHaveAttribute("role", "status");
    for (const name of ["Properties", "Occupancy Rate", "Last Updated"]) {
      expect(card(name)).toHaveAttribute("aria-busy", "true");
      expect(within(card(name)).queryByText(/\d|—/)).not.toBeInTheDocument();
    }
  });

  it("shows the error card with its sentence, ended by a full stop", () => {
    show(
      state({
        status: "error",
        error: "Server connection failed. Please check if the server is running.",
      }),
    );
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Dashboard statistics failed to load: Server connection failed. Please check if the server is running.",
    );
    expect(screen.queryByRole("region", { name: "Properties" })).not.toBeInTheDocument();
  });

  it("keeps the last figures under the error card after a failed reload", () => {
    show(
      state({
        status: "error",
        error: "Failed to load properties from server",
        properties: sample,
      }),
    );
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Dashboard statistics failed to load: Failed to load properties from server.",
    );
    expect(within(card("Occupancy Rate")).getByText("60%")).toBeInTheDocument();
  });

  it("holds Retry as 'Please wait...' for 2 s after the request, then retries", async () => {
    fakeClock();
    const answers = [() => refuse(500, "x"), () => []];
    let calls = 0;
    answer(
      handle(adminPropertiesApi.list, () => {
        calls += 1;
        return answers.shift()!();
      }),
      ...figuresHandlers(() => []),
    );
    function Dashboard() {
      return <OverviewTab state={useAdminProperties()} />;
    }
    renderWithQuery(<Dashboard />);
    expect(screen.getByText("Loading dashboard statistics...")).toHaveAttribute("role", "status");
    await advance(100);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Dashboard statistics failed to load: Failed to load properties from server.",
    );
    const wait = screen.getByRole("button", { name: "Please wait..." });
    expect(wait).toBeDisabled();
    await advance(1_999);
    expect(wait).toBeDisabled();
    await advance(1);
    const retry = screen.getByRole("button", { name: "Retry" });
    expect(retry).toBeEnabled();
    retry.click();
    await advance(0);
    expect(calls).toBe(2);
    expect(within(card("Properties")).getByText("0")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows the 429 message, and holds Retry for 30 s, when the server says too many requests", async () => {
    fakeClock();
    let calls = 0;
    answer(
      handle(adminPropertiesApi.list, () => {
        calls += 1;
        return calls === 1 ? refuse(429, "Rate limit exceeded, retry in 30 seconds") : [];
      }),
      ...figuresHandlers(() => []),
    );
    function Dashboard() {
      return <OverviewTab state={useAdminProperties()} />;
    }
    renderWithQuery(<Dashboard />);
    await advance(100);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Dashboard statistics failed to load: Too many requests. Please wait a moment before trying again.",
    );
    await advance(29_999);
    expect(screen.getByRole("button", { name: "Please wait..." })).toBeDisabled();
    expect(calls).toBe(1);
    await advance(1);
    expect(calls).toBe(2);
    expect(within(card("Properties")).getByText("0")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("formatDateTime", () => {
  it("writes Connecticut time, with standard time in winter", () => {
    expect(formatDateTime("2026-01-05T17:30:00.000Z")).toBe("Jan 5, 2026, 12:30 PM");
    expect(formatDateTime(null)).toBe("—");
    expect(formatDateTime("not a date")).toBe("—");
  });
});
