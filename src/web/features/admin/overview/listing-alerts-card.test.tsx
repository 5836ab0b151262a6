import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { AlertSubscriber, AlertSummary } from "#domain/admin-alerts";
import { adminAlertsApi } from "#domain/api/admin-alerts";
import { answer, handle, refuse } from "#tests/support/api-mocks";
import { answerOverviewCards } from "#tests/support/overview-cards";
import { renderWithQuery } from "#tests/support/render-with-query";
import type { AdminPropertiesState } from "../use-admin-properties";
import { ListingAlertsCard } from "./listing-alerts-card";
import { OverviewTab } from "./overview-tab";

const summary: AlertSummary = {
  active: 12,
  paused: 2,
  awaitingConfirmation: 1,
  renters: 9,
  byFrequency: { instant: 5, daily: 7 },
  topCriteria: [
    {
      criteria: { bedroomsMin: 2, rentMax: 1800, towns: ["Hartford"] },
      words: "2+ bedrooms, up to $1,800, in Hartford",
      renters: 14,
    },
    { criteria: { rentMax: 1500 }, words: "up to $1,500", renters: 1 },
  ],
};

const none: AlertSummary = {
  active: 0,
  paused: 0,
  awaitingConfirmation: 0,
  renters: 0,
  byFrequency: { instant: 0, daily: 0 },
  topCriteria: [],
};

function subscriber(n: number, values: Partial<AlertSubscriber> = {}): AlertSubscriber {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    email: `renter${n}@example.com`,
    criteria: { bedroomsMin: 2 },
    words: "2+ bedrooms",
    frequency: "instant",
    status: "active",
    lang: "en",
    createdAt: "2026-11-02T15:00:00.000Z",
    lastActivityAt: "2026-11-03T15:00:00.000Z",
    lastAlertAt: null,
    ...values,
  };
}

const card = () => screen.getByRole("region", { name: "Listing alerts" });

describe("the Overview's listing alerts card", () => {
  it("shows the active alerts and the most wanted criteria, one line each", async () => {
    answerOverviewCards();
    answer(handle(adminAlertsApi.summary, () => summary));
    const state: AdminPropertiesState = {
      properties: [],
      nextCursor: null,
      stats: null,
      due: null,
      status: "loaded",
      error: null,
      refreshing: false,
      retryDisabled: false,
      lastRequestAt: null,
      reload: vi.fn(async () => {}),
    };
    renderWithQuery(<OverviewTab state={state} />);
    // Until the answer: a busy card and a status for screen readers.
    expect(card()).toHaveAttribute("aria-busy", "true");
    expect(screen.getByRole("status")).toHaveTextContent("Loading listing alerts...");

    expect(await within(card()).findByText("12")).toBeInTheDocument();
    expect(card()).not.toHaveAttribute("aria-busy");
    expect(within(card()).getByText("active alerts from 9 renters")).toBeInTheDocument();
    expect(
      within(card()).getByText(
        "5 as soon as one opens, 7 daily summaries · 2 paused · 1 awaiting confirmation",
      ),
    ).toBeInTheDocument();
    const wanted = within(card()).getByRole("list", { name: "Most wanted" });
    expect(
      within(wanted)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["2+ bedrooms, up to $1,800, in Hartford: 14 renters", "Up to $1,500: 1 renter"]);
  });

  it("says so when no renter has asked for alerts, with no subscribers to show", async () => {
    answer(handle(adminAlertsApi.summary, () => none));
    renderWithQuery(<ListingAlertsCard />);
    expect(
      await within(card()).findByText("No renter has asked for listing alerts yet."),
    ).toBeInTheDocument();
    expect(within(card()).queryByRole("button", { name: "Subscribers" })).not.toBeInTheDocument();
  });

  it("says why it failed, and Retry loads the figures", async () => {
    const user = userEvent.setup();
    const answers = [() => refuse(503, "The database is not answering."), () => summary];
    answer(handle(adminAlertsApi.summary, () => answers.shift()!()));
    renderWithQuery(<ListingAlertsCard />);
    const alert = await within(card()).findByRole("alert");
    expect(alert).toHaveTextContent(
      "Listing alerts failed to load: The database is not answering.",
    );
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await within(card()).findByText("active alerts from 9 renters")).toBeInTheDocument();
    expect(within(card()).queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("the subscribers", () => {
  it("loads the addresses only when asked, a page at a time, and filters by status", async () => {
    const user = userEvent.setup();
    const asked: Record<string, string>[] = [];
    answer(
      handle(adminAlertsApi.summary, () => summary),
      handle(adminAlertsApi.subscribers, ({ query }) => {
        asked.push(query);
        if (query.status === "pending") {
          return { subscribers: [], total: 0, pageSize: 2, nextCursor: null };
        }
        return query.cursor === "after2"
          ? { subscribers: [subscriber(3)], total: 3, pageSize: 2, nextCursor: null }
          : {
              subscribers: [
                subscriber(1, {
                  email: "rosa@example.com",
                  words: "2+ bedrooms, up to $1,800, in Hartford",
                  frequency: "daily",
                  lang: "es",
                  lastAlertAt: "2026-11-20T14:00:00.000Z",
                }),
                subscriber(2, { status: "paused" }),
              ],
              total: 3,
              pageSize: 2,
              nextCursor: "after2",
            };
      }),
    );
    renderWithQuery(<ListingAlertsCard />);
    const open = await within(card()).findByRole("button", { name: "Subscribers" });
    expect(asked).toEqual([]);

    await user.click(open);
    const dialog = screen.getByRole("dialog", { name: "Subscribers" });
    const list = await within(dialog).findByRole("list", { name: "Subscribers" });
    const [rosa, paused] = within(list).getAllByRole("listitem");
    expect(rosa).toHaveTextContent("rosa@example.com");
    expect(rosa).toHaveTextContent("2+ bedrooms, up to $1,800, in Hartford");
    expect(rosa).toHaveTextContent("Daily summary");
    expect(rosa).toHaveTextContent("Spanish");
    expect(rosa).toHaveTextContent("Asked Nov 2, 2026, 10:00 AM");
    expect(rosa).toHaveTextContent("Last alert Nov 20, 2026, 9:00 AM");
    expect(paused).toHaveTextContent("Paused");
    expect(within(dialog).getByText("1–2 of 3")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Previous" })).toBeDisabled();

    await user.click(within(dialog).getByRole("button", { name: "Next" }));
    expect(await within(dialog).findByText("renter3@example.com")).toBeInTheDocument();
    expect(within(dialog).getByText("3 of 3")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Next" })).toBeDisabled();

    await user.click(within(dialog).getByRole("radio", { name: "Awaiting confirmation" }));
    expect(await within(dialog).findByText("No subscribers yet")).toBeInTheDocument();
    expect(asked).toEqual([{}, { cursor: "after2" }, { status: "pending" }]);

    // Closed, focus goes back to the button that opened it.
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it("says why the list failed, and Try Again loads it", async () => {
    const user = userEvent.setup();
    const answers = [
      () => refuse(500, "Something went wrong."),
      () => ({ subscribers: [subscriber(1)], total: 1, pageSize: 50, nextCursor: null }),
    ];
    answer(
      handle(adminAlertsApi.summary, () => summary),
      handle(adminAlertsApi.subscribers, () => answers.shift()!()),
    );
    renderWithQuery(<ListingAlertsCard />);
    await user.click(await within(card()).findByRole("button", { name: "Subscribers" }));
    const dialog = screen.getByRole("dialog", { name: "Subscribers" });
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("Failed to load subscribers");
    expect(alert).toHaveTextContent("Something went wrong.");
    await user.click(within(alert).getByRole("button", { name: "Try Again" }));
    expect(await within(dialog).findByText("renter1@example.com")).toBeInTheDocument();
  });
});
