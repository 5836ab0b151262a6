import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { showingsApi } from "#domain/api/showings";
import { addDays, officeClock, officeIso } from "#domain/office-time";
import { type AdminShowing, showingAdminMessages } from "#domain/showings";
import { adminShowing } from "#tests/support/admin-showing";
import { answer, handle, refuse } from "#tests/support/api-mocks";
import { renderWithQuery } from "#tests/support/render-with-query";
import { spyOnToasts } from "#tests/support/toast-spy";
import { ShowingsTab } from "./showings-tab";

spyOnToasts();

const HOUR = 3_600_000;
/** An ISO time with the office's offset, as the API writes it. */
const at = (ms: number) => officeIso(new Date(ms));
const showing = (values: Partial<AdminShowing>) =>
  adminShowing({ start: at(Date.now() + 2 * HOUR), end: at(Date.now() + 2.5 * HOUR), ...values });

let rows: AdminShowing[];
let asked: { query: Record<string, unknown> }[];
let acts: { id: string; action: string }[];
let followUps: { id: string; followUp: string }[];

beforeEach(() => {
  rows = [];
  asked = [];
  acts = [];
  followUps = [];
  answer(
    handle(showingsApi.list, ({ query }) => {
      asked.push({ query: query as Record<string, unknown> });
      const from = (query as { from?: string }).from ?? officeClock(new Date()).day;
      return {
        from,
        to: addDays(from, Number((query as { days?: number }).days ?? 1) - 1),
        timeZone: "America/New_York" as const,
        showings: rows,
        nextCursor: null,
        requested: rows.filter((r) => r.status === "requested").length,
      };
    }),
    handle(showingsApi.act, ({ params, body }) => {
      const id = String(params.id);
      const action = (body as { action: string }).action;
      acts.push({ id, action });
      const row = rows.find((r) => r.id === id)!;
      if (action === "confirm") row.status = "booked";
      if (action === "decline" || action === "cancel") row.status = "cancelled";
      return { showing: row, message: showingAdminMessages.confirmed };
    }),
    handle(showingsApi.followUp, ({ params, body }) => {
      const id = String(params.id);
      const followUp = (body as { followUp: "application_sent" | "lead_lost" }).followUp;
      followUps.push({ id, followUp });
      const row = rows.find((r) => r.id === id)!;
      row.followUp = followUp;
      return { showing: row, message: showingAdminMessages.applicationSent };
    }),
    handle(showingsApi.get, ({ params }) => ({
      showing: rows.find((r) => r.id === String(params.id))!,
      inquiries: [
        {
          id: 1,
          name: "Ana Ruiz",
          email: "ana@example.com",
          subject: "Tour request",
          message: "Is 2B still free?",
          createdAt: at(Date.now() - 48 * HOUR),
          handled: false,
        },
      ],
    })),
  );
});

describe("the Showings tab", () => {
  it("shows today's showings with their state and confirms a request", async () => {
    rows = [
      showing({ status: "requested", name: "Rosa Díaz", lang: "es", occupied: true }),
      showing({ note: "I will come with my brother." }),
    ];
    const user = userEvent.setup();
    renderWithQuery(<ShowingsTab />);
    expect(await screen.findByText(/1 waiting for confirmation/)).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: /^Showings on / });
    const [request, booked] = within(list).getAllByRole("listitem");
    expect(request).toHaveTextContent("Requested");
    expect(request).toHaveTextContent("Tenant at home");
    expect(request).toHaveTextContent("Spanish");
    expect(booked).toHaveTextContent("I will come with my brother.");
    // A showing still ahead can be cancelled, not marked.
    expect(within(booked!).getByRole("button", { name: "Cancel showing" })).toBeInTheDocument();
    expect(within(booked!).queryByRole("button", { name: "Completed" })).toBeNull();
    await user.click(within(request!).getByRole("button", { name: "Confirm" }));
    expect(acts).toEqual([{ id: rows[0]!.id, action: "confirm" }]);
    expect(toast.success).toHaveBeenCalledWith(showingAdminMessages.confirmed);
    expect(asked[0]!.query).toMatchObject({ days: "1" });
  });

  it("asks before declining, and shows the unit's inquiries on request", async () => {
    rows = [showing({ status: "requested" })];
    const user = userEvent.setup();
    renderWithQuery(<ShowingsTab />);
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Decline this request?");
    await user.click(within(dialog).getByRole("button", { name: "Decline request" }));
    expect(acts).toEqual([{ id: rows[0]!.id, action: "decline" }]);
    await user.click(screen.getByRole("button", { name: "The unit's inquiries" }));
    const inquiries = await screen.findByRole("list", {
      name: "Inquiries about Elm Court, Unit 2B",
    });
    expect(inquiries).toHaveTextContent("Is 2B still free?");
    expect(inquiries).toHaveTextContent("This renter");
  });

  it("marks the outcome once the time has come, then sends the application", async () => {
    rows = [
      showing({ start: at(Date.now() - HOUR), end: at(Date.now() - HOUR / 2) }),
      showing({ status: "completed", start: at(Date.now() - 3 * HOUR) }),
    ];
    const user = userEvent.setup();
    renderWithQuery(<ShowingsTab />);
    // An hour and three ago: perhaps yesterday in Connecticut, so in two days' lists.
    await screen.findAllByRole("list", { name: /^Showings on / });
    const [past, done] = screen
      .getAllByRole("listitem")
      .filter((item) => item.parentElement?.getAttribute("aria-label")?.startsWith("Showings on"));
    expect(within(past!).getByRole("button", { name: "No-show" })).toBeInTheDocument();
    expect(within(past!).queryByRole("button", { name: "Cancel showing" })).toBeNull();
    await user.click(within(done!).getByRole("button", { name: "Send application" }));
    expect(followUps).toEqual([{ id: rows[1]!.id, followUp: "application_sent" }]);
  });

  it("pages through the week, and says when there is nothing", async () => {
    const user = userEvent.setup();
    renderWithQuery(<ShowingsTab />, { route: "/?tab=showings&view=week" });
    expect(await screen.findByText("No showings this week")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next week" }));
    const today = officeClock(new Date()).day;
    await screen.findByText(/to /);
    expect(asked.at(-1)!.query).toMatchObject({ days: "7", from: addDays(today, 7) });
  });

  it("says when the showings cannot be loaded", async () => {
    answer(handle(showingsApi.list, () => refuse(500, "Something went wrong on our side.")));
    renderWithQuery(<ShowingsTab />);
    expect(await screen.findByText("Could not load the showings.")).toBeInTheDocument();
  });
});
