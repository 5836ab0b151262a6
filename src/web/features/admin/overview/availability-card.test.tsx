import { screen, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type AdminProperty, unitsToConfirm } from "#domain/admin";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { answer, handle, refuse } from "#tests/support/api-mocks";
import { advance, fakeClock } from "#tests/support/fake-clock";
import { answerOverviewCards } from "#tests/support/overview-cards";
import { renderWithQuery } from "#tests/support/render-with-query";
import { agencyYear, formatShortDate } from "#web/lib/format-date-time";
import { figuresHandlers, sampleProperty, sampleUnit } from "../properties/test-support";
import { useAdminProperties } from "../use-admin-properties";
import { OverviewTab } from "./overview-tab";

/** Thursday, Nov 26, 2026, noon in Connecticut. */
const NOW = new Date("2026-11-26T17:00:00.000Z");

const unit = (id: number, unitNumber: string, confirmedAt: string, available = true) =>
  sampleUnit(id, { unitNumber, available, availabilityConfirmedAt: confirmedAt });

/** Two active buildings and an inactive one, their units confirmed at various dates. */
function sample(): AdminProperty[] {
  return [
    sampleProperty(1, {
      title: "Pearl Street Lofts",
      units: [
        // 11:30 PM on Nov 3 in Connecticut, already Nov 4 in UTC.
        unit(1, "2B", "2026-11-04T04:30:00.000Z"),
        // Confirmed six days ago: fresh.
        unit(2, "3A", "2026-11-20T15:00:00.000Z"),
        // Long unconfirmed, but let: renters do not see it as available.
        unit(3, "4C", "2026-06-01T15:00:00.000Z", false),
      ].map((u) => ({ ...u, propertyId: 1 })),
    }),
    sampleProperty(2, {
      title: "Elm Court",
      units: [{ ...unit(4, "1", "2026-10-20T15:00:00.000Z"), propertyId: 2 }],
    }),
    sampleProperty(3, {
      title: "Hidden House",
      active: false,
      units: [{ ...unit(5, "9", "2026-01-01T15:00:00.000Z"), propertyId: 3 }],
    }),
  ];
}

function Dashboard() {
  return <OverviewTab state={useAdminProperties()} />;
}

const card = () => screen.getByRole("region", { name: "Availability to confirm" });
const rows = () => within(card()).queryAllByRole("listitem");
const confirmButton = (name: string) =>
  within(card()).getByRole("button", { name: `Still available: ${name}` });

/** The dashboard's list from a server that keeps what "Still available" changes. */
function serveList(properties: AdminProperty[]) {
  const confirmed: number[] = [];
  answer(
    handle(adminPropertiesApi.list, () => properties),
    ...figuresHandlers(() => properties),
    handle(adminPropertiesApi.confirmAvailability, ({ params }) => {
      const id = Number(params.id);
      confirmed.push(id);
      const owner = properties.find((p) => p.units.some((u) => u.id === id))!;
      const index = owner.units.findIndex((u) => u.id === id);
      owner.units[index] = { ...owner.units[index]!, availabilityConfirmedAt: NOW.toISOString() };
      return owner.units[index]!;
    }),
  );
  return confirmed;
}

beforeEach(() => {
  fakeClock();
  vi.setSystemTime(NOW);
  vi.spyOn(toast, "success").mockImplementation(() => 1);
  vi.spyOn(toast, "error").mockImplementation(() => 1);
  // The listing alerts and showings cards ask for their own figures.
  answerOverviewCards();
});

afterEach(() => {
  vi.mocked(toast.success).mockRestore();
  vi.mocked(toast.error).mockRestore();
  vi.useRealTimers();
});

describe("the Overview's availability to confirm", () => {
  it("lists the available units of active buildings unconfirmed for 14 days or more, oldest first", async () => {
    serveList(sample());
    renderWithQuery(<Dashboard />);
    expect(card()).toHaveAttribute("aria-busy", "true");
    await advance(100);

    expect(card()).not.toHaveAttribute("aria-busy");
    expect(rows().map((row) => row.textContent)).toEqual([
      "Elm CourtUnit 1 · Last confirmed Oct 20Still available",
      "Pearl Street LoftsUnit 2B · Last confirmed Nov 3Still available",
    ]);
    expect(confirmButton("Unit 1, Elm Court")).toBeEnabled();
    expect(confirmButton("Unit 2B, Pearl Street Lofts")).toBeEnabled();
    // Fresh, let, or in a building hidden from the public: not listed.
    expect(within(card()).queryByText(/Unit 3A|Unit 4C|Hidden House/)).not.toBeInTheDocument();
  });

  it("confirms a unit in one click: the API is called, the unit leaves, focus goes to the next", async () => {
    const confirmed = serveList(sample());
    renderWithQuery(<Dashboard />);
    await advance(100);

    const first = confirmButton("Unit 1, Elm Court");
    first.focus();
    first.click();
    await advance(0);

    expect(confirmed).toEqual([4]);
    expect(toast.success).toHaveBeenCalledWith("Unit 1, Elm Court: availability confirmed.");
    expect(rows()).toHaveLength(1);
    expect(within(card()).queryByText("Elm Court")).not.toBeInTheDocument();
    expect(confirmButton("Unit 2B, Pearl Street Lofts")).toHaveFocus();

    confirmButton("Unit 2B, Pearl Street Lofts").click();
    await advance(0);

    expect(confirmed).toEqual([4, 1]);
    expect(
      within(card()).getByText("Every available unit was confirmed in the last 14 days."),
    ).toBeInTheDocument();
    expect(within(card()).getByRole("heading", { name: "Availability to confirm" })).toHaveFocus();
  });

  it("keeps the unit listed and says why when the confirmation fails", async () => {
    answer(
      handle(adminPropertiesApi.list, () => sample()),
      ...figuresHandlers(sample),
      handle(adminPropertiesApi.confirmAvailability, () =>
        refuse(404, "This unit no longer exists."),
      ),
    );
    renderWithQuery(<Dashboard />);
    await advance(100);

    confirmButton("Unit 2B, Pearl Street Lofts").click();
    await advance(0);

    expect(toast.error).toHaveBeenCalledWith(
      "Could not confirm Unit 2B, Pearl Street Lofts as still available.",
      { description: "This unit no longer exists." },
    );
    expect(confirmButton("Unit 2B, Pearl Street Lofts")).toBeInTheDocument();
  });

  it("says so when every available unit was confirmed in the last 14 days", async () => {
    const fresh = () => [sampleProperty(1, { units: [unit(1, "1", "2026-11-13T15:00:00.000Z")] })];
    answer(handle(adminPropertiesApi.list, fresh), ...figuresHandlers(fresh));
    renderWithQuery(<Dashboard />);
    await advance(100);

    expect(rows()).toHaveLength(0);
    expect(card()).toHaveTextContent("Every available unit was confirmed in the last 14 days.");
  });

  it("is left out while the list cannot be loaded (the error card above says why)", async () => {
    answer(
      handle(adminPropertiesApi.list, () => refuse(500, "x")),
      ...figuresHandlers(() => []),
    );
    renderWithQuery(<Dashboard />);
    await advance(100);

    expect(screen.getByRole("alert")).toBeInTheDocument();
    expect(
      screen.queryByRole("region", { name: "Availability to confirm" }),
    ).not.toBeInTheDocument();
  });
});

describe("formatShortDate", () => {
  it("writes the day in Connecticut, with the year only when it is not this one", () => {
    const thisYear = agencyYear(NOW);
    expect(formatShortDate("2026-11-04T04:30:00.000Z", { thisYear })).toBe("Nov 3");
    expect(formatShortDate("2025-12-31T15:00:00.000Z", { thisYear })).toBe("Dec 31, 2025");
    expect(formatShortDate(null, { thisYear })).toBe("—");
    expect(formatShortDate("2025-12-31T15:00:00.000Z", { thisYear, intl: "es-US" })).toBe(
      "31 de diciembre de 2025",
    );
  });
});

describe("unitsToConfirm", () => {
  it("counts a unit confirmed exactly 14 days ago as due, a moment later than that as not", () => {
    const building = (confirmedAt: string) => [
      sampleProperty(1, { units: [unit(1, "1", confirmedAt)] }),
    ];
    expect(unitsToConfirm(building("2026-11-12T17:00:00.000Z"), NOW)).toHaveLength(1);
    expect(unitsToConfirm(building("2026-11-12T17:00:00.001Z"), NOW)).toEqual([]);
  });
});
