import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { showingsApi } from "#domain/api/showings";
import type { AdminShowing } from "#domain/showings";
import { adminShowing } from "#tests/support/admin-showing";
import { answer, handle, refuse } from "#tests/support/api-mocks";
import { renderWithQuery } from "#tests/support/render-with-query";
import { TodaysShowingsCard } from "./todays-showings-card";

const showing = adminShowing;

const serve = (showings: AdminShowing[], requested = 0) =>
  answer(
    handle(showingsApi.list, ({ query }) => {
      expect(query).toMatchObject({ days: "1" });
      return {
        from: "2026-12-03",
        to: "2026-12-03",
        timeZone: "America/New_York" as const,
        showings,
        nextCursor: null,
        requested,
      };
    }),
  );

describe("the Overview's showings of today", () => {
  it("lists today's held showings, not the cancelled ones, with the requests to confirm", async () => {
    serve(
      [
        showing({}),
        showing({ status: "cancelled", name: "Cy Lee" }),
        showing({ status: "requested", name: "Rosa Díaz" }),
      ],
      1,
    );
    renderWithQuery(<TodaysShowingsCard />);
    const card = await screen.findByRole("region", { name: "Today's showings" });
    expect(await within(card).findByText("2 today · 1 request to confirm")).toBeInTheDocument();
    const items = within(card).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "10:00 AMElm Court, Unit 2B: Ana RuizBooked",
      "10:00 AMElm Court, Unit 2B: Rosa DíazRequested",
    ]);
    expect(within(card).getByRole("link", { name: "Open Showings" })).toHaveAttribute(
      "href",
      "/?tab=showings",
    );
  });

  it("says when there is none, and when they cannot be loaded", async () => {
    serve([]);
    const { unmount } = renderWithQuery(<TodaysShowingsCard />);
    expect(await screen.findByText("No showings today.")).toBeInTheDocument();
    unmount();
    answer(handle(showingsApi.list, () => refuse(500, "Something went wrong on our side.")));
    renderWithQuery(<TodaysShowingsCard />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load today's showings.");
  });
});
