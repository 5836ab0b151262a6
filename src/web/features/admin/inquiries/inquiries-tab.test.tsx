import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminInquiry } from "#domain/admin-inquiries";
import { inquiriesApi } from "#domain/api/inquiries";
import { type Answer, answer, handle, networkFailure, refuse } from "#tests/support/api-mocks";
import { renderWithQuery } from "#tests/support/render-with-query";
import { InquiriesTab } from "./inquiries-tab";
import { useUnhandledCount } from "./use-inquiry-list";

const jane: AdminInquiry = {
  id: 2,
  name: "Jane Doe",
  email: "jane@example.com",
  phone: "(860) 555-0142",
  subject: "Tour of unit 2B",
  message: "Hello,\n\nCould I see the unit on Saturday?",
  property: { id: 7, title: "Elm Court" },
  unit: { id: 31, unitNumber: "2B" },
  createdAt: "2026-11-22T20:04:00.000Z",
  handledAt: null,
};

const bob: AdminInquiry = {
  id: 1,
  name: "Bob Roe",
  email: "bob@example.com",
  phone: "",
  subject: "Parking",
  message: "Is there parking?",
  property: null,
  unit: null,
  createdAt: "2026-11-20T14:00:00.000Z",
  handledAt: "2026-11-21T15:30:00.000Z",
};

const handledAt = "2026-11-23T14:00:00.000Z";

/**
 * The server's side: the stored inquiries, listed by filter with the unhandled count, and marked
 * by PATCH. A test replaces an answer with `listFailure` or `markAnswer`, or holds a PATCH.
 */
let stored: AdminInquiry[];
let statuses: string[];
/** Every list request's query, as sent. */
let queries: Record<string, unknown>[];
/** Rows a page holds (the server's is 50); a test lowers it to see several pages. */
let pageSize: number;
let marks: { id: string; body: unknown }[];
let listFailure: (() => Answer<typeof inquiriesApi.list>) | null;
let markAnswer: (() => Answer<typeof inquiriesApi.setHandled>) | null;
/** While set, a PATCH (or a list request) waits for it before the server does its part. */
let markGate: Promise<void> | null;
let listGate: Promise<void> | null;

beforeEach(() => {
  stored = [jane, bob];
  statuses = [];
  queries = [];
  pageSize = 50;
  marks = [];
  listFailure = null;
  markAnswer = null;
  markGate = null;
  listGate = null;
  answer(
    handle(inquiriesApi.list, async ({ query }) => {
      statuses.push(query.status ?? "");
      queries.push({ ...query });
      await listGate;
      if (listFailure) return listFailure();
      const wanted = (inquiry: AdminInquiry) =>
        query.status === "handled"
          ? inquiry.handledAt !== null
          : query.status === "unhandled"
            ? inquiry.handledAt === null
            : true;
      const words = (query.q ?? "").toLowerCase();
      const found = stored
        .filter(wanted)
        .filter((i) =>
          `${i.name} ${i.email} ${i.subject} ${i.message}`.toLowerCase().includes(words),
        );
      // The cursor here is the next row's position ("at50").
      const start = query.cursor ? Number(query.cursor.slice(2)) : 0;
      const end = start + pageSize;
      return {
        inquiries: found.slice(start, end),
        unhandled: stored.filter((inquiry) => inquiry.handledAt === null).length,
        nextCursor: end < found.length ? `at${end}` : null,
      };
    }),
    handle(inquiriesApi.setHandled, async ({ params, body }) => {
      marks.push({ id: params.id, body });
      await markGate;
      if (markAnswer) return markAnswer();
      const { handled } = inquiriesApi.setHandled.body.parse(body);
      const inquiry = stored.find((item) => String(item.id) === params.id);
      if (!inquiry) return refuse(404, "This inquiry no longer exists.");
      const updated = { ...inquiry, handledAt: handled ? handledAt : null };
      stored = stored.map((item) => (item.id === updated.id ? updated : item));
      return updated;
    }),
  );
  vi.spyOn(toast, "success").mockImplementation(() => 1);
  vi.spyOn(toast, "error").mockImplementation(() => 1);
});

afterEach(() => {
  // Only the toast spies: the console.error guard restores its own after this.
  vi.mocked(toast.success).mockRestore();
  vi.mocked(toast.error).mockRestore();
});

/** The dashboard's tab badge: the unhandled count, from its own query. */
function Badge() {
  const count = useUnhandledCount();
  return <p data-testid="badge">{count ?? "none"}</p>;
}

/** Where the tab's filters and page live. */
function Address() {
  return <p data-testid="address">{useLocation().search}</p>;
}

function show() {
  renderWithQuery(
    <>
      <Badge />
      <InquiriesTab />
      <Address />
    </>,
  );
}

const item = (subject: string) => screen.getByRole("article", { name: subject });
const badge = () => screen.getByTestId("badge");

describe("InquiriesTab", () => {
  it("lists the inquiries with how to answer and what they concern", async () => {
    show();
    expect(screen.getByRole("status")).toHaveTextContent("Loading inquiries...");
    const first = await screen.findByRole("article", { name: "Tour of unit 2B" });
    // The badge and the 'All' list are one query: one request.
    expect(statuses).toEqual(["all"]);
    expect(screen.getByText("1 unhandled")).toBeInTheDocument();
    expect(badge()).toHaveTextContent("1");

    const articles = screen.getAllByRole("article");
    expect(articles.map((a) => within(a).getByRole("heading").textContent)).toEqual([
      "Tour of unit 2B",
      "Parking",
    ]);
    expect(within(first).getByText("From Jane Doe")).toBeInTheDocument();
    expect(within(first).getByText("Nov 22, 2026, 3:04 PM")).toHaveAttribute(
      "datetime",
      jane.createdAt,
    );
    // Whitespace is kept: the paragraph holds the message as written.
    expect(within(first).getByText(/Could I see the unit/).textContent).toBe(jane.message);
    expect(within(first).getByRole("link", { name: /Reply by email/ })).toHaveAttribute(
      "href",
      "mailto:jane@example.com?subject=Re%3A%20Tour%20of%20unit%202B",
    );
    expect(within(first).getByRole("link", { name: /555-0142/ })).toHaveAttribute(
      "href",
      "tel:8605550142",
    );
    expect(within(first).getByRole("link", { name: "Elm Court" })).toHaveAttribute(
      "href",
      "/buildings/7",
    );
    expect(within(first).getByRole("link", { name: "Unit 2B" })).toHaveAttribute(
      "href",
      "/properties/31",
    );

    const handled = item("Parking");
    expect(within(handled).getByText("Handled on Nov 21, 2026, 10:30 AM")).toBeInTheDocument();
    // No phone given: no phone link.
    const hrefs = within(handled)
      .getAllByRole("link")
      .map((a) => a.getAttribute("href"));
    expect(hrefs.some((href) => href?.startsWith("tel:"))).toBe(false);
    expect(
      within(handled).getByRole("button", { name: "Mark as not handled" }),
    ).toBeInTheDocument();
  });

  it("sends the chosen filter, and keeps the count while another filter loads", async () => {
    const user = userEvent.setup();
    show();
    await screen.findByRole("article", { name: "Parking" });
    await user.click(screen.getByRole("radio", { name: "Handled" }));
    expect(screen.getByRole("group", { name: "Show" })).toBeInTheDocument();
    expect(screen.getByText("1 unhandled")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Tour of unit 2B" })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole("article", { name: "Parking" })).toBeInTheDocument();
    expect(statuses.at(-1)).toBe("handled");
    await user.click(screen.getByRole("radio", { name: "Unhandled" }));
    await waitFor(() => expect(statuses.at(-1)).toBe("unhandled"));
  });

  it("marks an inquiry handled, and back, keeping the counts up to date", async () => {
    const user = userEvent.setup();
    show();
    const first = await screen.findByRole("article", { name: "Tour of unit 2B" });
    await user.click(within(first).getByRole("button", { name: "Mark as handled" }));
    expect(await within(first).findByText("Handled on Nov 23, 2026, 9:00 AM")).toBeInTheDocument();
    expect(marks).toEqual([{ id: "2", body: { handled: true } }]);
    await waitFor(() =>
      expect(toast.success).toHaveBeenLastCalledWith("Inquiry marked as handled"),
    );
    expect(screen.getByText("0 unhandled")).toBeInTheDocument();
    expect(badge()).toHaveTextContent("0");

    await user.click(within(first).getByRole("button", { name: "Mark as not handled" }));
    expect(
      await within(first).findByRole("button", { name: "Mark as handled" }),
    ).toBeInTheDocument();
    expect(marks.at(-1)!.body).toEqual({ handled: false });
    await waitFor(() =>
      expect(toast.success).toHaveBeenLastCalledWith("Inquiry marked as not handled"),
    );
    expect(screen.getByText("1 unhandled")).toBeInTheDocument();
    expect(badge()).toHaveTextContent("1");
  });

  it("changes the inquiry and both counts at once, before the server answers", async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    markGate = held;
    show();
    const first = await screen.findByRole("article", { name: "Tour of unit 2B" });
    const button = within(first).getByRole("button", { name: "Mark as handled" });
    await user.click(button);
    // Still waiting for the server: the change is already on screen, the button waits.
    expect(within(first).getByText(/^Handled on /)).toBeInTheDocument();
    expect(button).toHaveAccessibleName("Mark as not handled");
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByText("0 unhandled")).toBeInTheDocument();
    expect(badge()).toHaveTextContent("0");
    expect(toast.success).not.toHaveBeenCalled();

    release();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Inquiry marked as handled"));
    expect(within(first).getByText("Handled on Nov 23, 2026, 9:00 AM")).toBeInTheDocument();
    await waitFor(() => expect(button).not.toHaveAttribute("aria-disabled"));
  });

  it("puts the inquiry and the counts back, and says so, when the server refuses", async () => {
    const user = userEvent.setup();
    show();
    const first = await screen.findByRole("article", { name: "Tour of unit 2B" });
    markAnswer = () => refuse(500, "Internal Server Error");
    // The refetch that follows waits: what is on screen is the rollback's doing.
    let release: () => void = () => {};
    listGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await user.click(within(first).getByRole("button", { name: "Mark as handled" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to update inquiry", {
        description: "Internal Server Error",
      }),
    );
    expect(within(first).getByRole("button", { name: "Mark as handled" })).toBeInTheDocument();
    expect(within(first).queryByText(/^Handled on /)).not.toBeInTheDocument();
    expect(screen.getByText("1 unhandled")).toBeInTheDocument();
    expect(badge()).toHaveTextContent("1");
    release();
    await waitFor(() => expect(statuses).toEqual(["all", "all"]));
  });

  it("reloads the list when the inquiry no longer exists", async () => {
    const user = userEvent.setup();
    show();
    const first = await screen.findByRole("article", { name: "Tour of unit 2B" });
    stored = [bob];
    await user.click(within(first).getByRole("button", { name: "Mark as handled" }));
    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Tour of unit 2B" })).not.toBeInTheDocument(),
    );
    expect(toast.error).toHaveBeenCalledWith("Failed to update inquiry", {
      description: "This inquiry no longer exists.",
    });
    expect(screen.getByText("0 unhandled")).toBeInTheDocument();
  });

  it("keeps an inquiry marked in a filtered view where it is, with the focus on its button", async () => {
    const user = userEvent.setup();
    show();
    await screen.findByRole("article", { name: "Tour of unit 2B" });
    await user.click(screen.getByRole("radio", { name: "Unhandled" }));
    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Parking" })).not.toBeInTheDocument(),
    );
    const first = item("Tour of unit 2B");
    await user.click(within(first).getByRole("button", { name: "Mark as handled" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    // The refetch no longer lists it under 'Unhandled'; it stays until the filter changes.
    await waitFor(() => expect(statuses.filter((s) => s === "unhandled")).toHaveLength(2));
    const undo = within(item("Tour of unit 2B")).getByRole("button", {
      name: "Mark as not handled",
    });
    expect(undo).toHaveFocus();
    await user.click(screen.getByRole("radio", { name: "Handled" }));
    await user.click(screen.getByRole("radio", { name: "Unhandled" }));
    expect(
      await screen.findByRole("heading", { name: "No inquiries match this filter" }),
    ).toBeVisible();
  });

  it("clamps a long message behind 'Show more'", async () => {
    const user = userEvent.setup();
    stored = [{ ...jane, message: "word ".repeat(200) }];
    show();
    const first = await screen.findByRole("article", { name: "Tour of unit 2B" });
    const more = within(first).getByRole("button", { name: "Show more" });
    expect(more).toHaveAttribute("aria-expanded", "false");
    await user.click(more);
    expect(within(first).getByRole("button", { name: "Show less" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    expect(within(item("Tour of unit 2B")).queryByRole("button", { name: "Show more" })).toBeNull();
  });

  it("shows 'No inquiries yet' with none at all", async () => {
    stored = [];
    show();
    expect(await screen.findByRole("heading", { name: "No inquiries yet" })).toBeInTheDocument();
    expect(badge()).toHaveTextContent("0");
  });

  it("shows 'No inquiries match this filter' when a filter finds none", async () => {
    const user = userEvent.setup();
    stored = [jane];
    show();
    await screen.findByRole("article", { name: "Tour of unit 2B" });
    await user.click(screen.getByRole("radio", { name: "Handled" }));
    expect(
      await screen.findByRole("heading", { name: "No inquiries match this filter" }),
    ).toBeInTheDocument();
  });

  it("shows 'Failed to load inquiries', and Try Again loads again", async () => {
    const user = userEvent.setup();
    listFailure = () => networkFailure;
    show();
    expect(
      await screen.findByRole("heading", { name: "Failed to load inquiries" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(/Server connection failed/);
    listFailure = null;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("article", { name: "Tour of unit 2B" })).toBeInTheDocument();
  });

  it("keeps the list when the refetch after a mark fails, and says so above it", async () => {
    const user = userEvent.setup();
    show();
    const first = await screen.findByRole("article", { name: "Tour of unit 2B" });
    listFailure = () => networkFailure;
    await user.click(within(first).getByRole("button", { name: "Mark as handled" }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenLastCalledWith("Inquiry marked as handled"),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(/Failed to load inquiries/);
    // The list (with the change) stays; no full-page error replaces it.
    expect(item("Tour of unit 2B")).toHaveTextContent("Handled on Nov 23, 2026, 9:00 AM");
    expect(screen.queryByRole("heading", { name: "Failed to load inquiries" })).toBeNull();
    listFailure = null;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(item("Parking")).toBeInTheDocument();
  });
});

describe("InquiriesTab: search and pages", () => {
  const many = (count: number): AdminInquiry[] =>
    Array.from({ length: count }, (_, n) => ({
      ...bob,
      id: 100 + count - n,
      subject: `Question ${count - n}`,
      createdAt: new Date(Date.UTC(2026, 10, 1) + (count - n) * 60_000).toISOString(),
    }));

  it("shows no pager for one page, walks pages by the cursor, and a filter starts again", async () => {
    const user = userEvent.setup();
    show();
    await screen.findByRole("article", { name: "Parking" });
    expect(screen.queryByRole("navigation", { name: "Inquiries pages" })).toBeNull();
    expect(screen.getByTestId("address")).toHaveTextContent(/^$/);

    stored = many(5);
    pageSize = 2;
    await user.click(screen.getByRole("radio", { name: "Handled" }));
    await screen.findByRole("article", { name: "Question 5" });
    expect(screen.getByTestId("address")).toHaveTextContent("?status=handled");
    const pager = await screen.findByRole("navigation", { name: "Inquiries pages" });
    await user.click(within(pager).getByRole("button", { name: "Next page" }));
    expect(await screen.findByRole("article", { name: "Question 3" })).toBeInTheDocument();
    expect(screen.queryByRole("article", { name: "Question 5" })).toBeNull();
    expect(screen.getByTestId("address")).toHaveTextContent("?status=handled&cursor=at2");
    expect(queries.at(-1)).toEqual({ status: "handled", cursor: "at2" });
    await user.click(screen.getByRole("button", { name: "First page" }));
    expect(await screen.findByRole("article", { name: "Question 5" })).toBeInTheDocument();

    await user.click(within(pager).getByRole("button", { name: "Next page" }));
    await screen.findByRole("article", { name: "Question 3" });
    await user.click(screen.getByRole("radio", { name: "All" }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ status: "all" }));
    expect(screen.getByTestId("address")).toHaveTextContent(/^$/);
  });

  it("searches once the typing stops, the words in the address", async () => {
    const user = userEvent.setup();
    show();
    await screen.findByRole("article", { name: "Parking" });
    await user.type(screen.getByRole("searchbox", { name: "Search inquiries" }), "saturday");
    await waitFor(() => expect(queries.at(-1)).toEqual({ status: "all", q: "saturday" }));
    expect(queries.filter((q) => "q" in q)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("article", { name: "Parking" })).toBeNull());
    expect(screen.getByRole("article", { name: "Tour of unit 2B" })).toBeInTheDocument();
    expect(screen.getByTestId("address")).toHaveTextContent("?q=saturday");
  });
});
