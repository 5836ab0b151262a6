import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminInquiry, InquiriesResponse } from "#domain/admin-inquiries";
import { InquiriesTab } from "./inquiries-tab";

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

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let listAnswer: (url: string) => Response | Promise<Response>;
let patchAnswer: (id: number, body: { handled: boolean }) => Response;

beforeEach(() => {
  calls = [];
  listAnswer = () =>
    json(200, { inquiries: [jane, bob], unhandled: 1 } satisfies InquiriesResponse);
  patchAnswer = (id, body) => {
    const base = id === jane.id ? jane : bob;
    return json(200, {
      ...base,
      handledAt: body.handled ? "2026-11-23T14:00:00.000Z" : null,
    });
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body });
      if (method === "GET" && url.startsWith("/api/admin/inquiries?")) return listAnswer(url);
      const match = /^\/api\/admin\/inquiries\/(\d+)$/.exec(url);
      if (method === "PATCH" && match) return patchAnswer(Number(match[1]), body);
      throw new Error(`Unexpected request ${method} ${url}`);
    }),
  );
  vi.spyOn(toast, "success").mockImplementation(() => 1);
  vi.spyOn(toast, "error").mockImplementation(() => 1);
});

afterEach(() => {
  vi.unstubAllGlobals();
  // Only the toast spies: the console.error guard restores its own after this.
  vi.mocked(toast.success).mockRestore();
  vi.mocked(toast.error).mockRestore();
});

function show(onUnhandledCountChange = vi.fn()) {
  render(
    <MemoryRouter>
      <InquiriesTab onUnhandledCountChange={onUnhandledCountChange} />
    </MemoryRouter>,
  );
  return onUnhandledCountChange;
}

const item = (subject: string) => screen.getByRole("article", { name: subject });

describe("InquiriesTab", () => {
  it("lists the inquiries with how to answer and what they concern", async () => {
    const onCount = show();
    expect(screen.getByRole("status")).toHaveTextContent("Loading inquiries...");
    const first = await screen.findByRole("article", { name: "Tour of unit 2B" });
    expect(calls[0]!.url).toBe("/api/admin/inquiries?status=all");
    expect(onCount).toHaveBeenLastCalledWith(1);

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

  it("sends the chosen filter", async () => {
    show();
    await screen.findByRole("article", { name: "Parking" });
    listAnswer = () => json(200, { inquiries: [bob], unhandled: 1 });
    await userEvent.click(screen.getByRole("radio", { name: "Handled" }));
    expect(screen.getByRole("group", { name: "Show" })).toBeInTheDocument();
    await screen.findByRole("article", { name: "Parking" });
    expect(calls.at(-1)!.url).toBe("/api/admin/inquiries?status=handled");
    await userEvent.click(screen.getByRole("radio", { name: "Unhandled" }));
    expect(calls.at(-1)!.url).toBe("/api/admin/inquiries?status=unhandled");
  });

  it("marks an inquiry handled, and back, keeping the count up to date", async () => {
    const onCount = show();
    const first = await screen.findByRole("article", { name: "Tour of unit 2B" });
    await userEvent.click(within(first).getByRole("button", { name: "Mark as handled" }));
    expect(calls.at(-1)).toEqual({
      url: "/api/admin/inquiries/2",
      method: "PATCH",
      body: { handled: true },
    });
    expect(await within(first).findByText("Handled on Nov 23, 2026, 9:00 AM")).toBeInTheDocument();
    expect(toast.success).toHaveBeenLastCalledWith("Inquiry marked as handled");
    expect(onCount).toHaveBeenLastCalledWith(0);
    expect(screen.getByText("0 unhandled")).toBeInTheDocument();

    await userEvent.click(within(first).getByRole("button", { name: "Mark as not handled" }));
    expect(calls.at(-1)!.body).toEqual({ handled: false });
    expect(
      await within(first).findByRole("button", { name: "Mark as handled" }),
    ).toBeInTheDocument();
    expect(toast.success).toHaveBeenLastCalledWith("Inquiry marked as not handled");
    expect(onCount).toHaveBeenLastCalledWith(1);
  });

  it("says so when marking fails, and leaves the inquiry as it was", async () => {
    show();
    const first = await screen.findByRole("article", { name: "Tour of unit 2B" });
    patchAnswer = () => json(500, { error: "internal", message: "Internal Server Error" });
    await userEvent.click(within(first).getByRole("button", { name: "Mark as handled" }));
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to update inquiry", expect.anything()),
    );
    expect(within(first).getByRole("button", { name: "Mark as handled" })).toBeInTheDocument();
  });

  it("reloads the list when the inquiry no longer exists", async () => {
    show();
    const first = await screen.findByRole("article", { name: "Tour of unit 2B" });
    patchAnswer = () =>
      json(404, { error: "not_found", message: "This inquiry no longer exists." });
    listAnswer = () => json(200, { inquiries: [bob], unhandled: 0 });
    await userEvent.click(within(first).getByRole("button", { name: "Mark as handled" }));
    await vi.waitFor(() =>
      expect(screen.queryByRole("article", { name: "Tour of unit 2B" })).not.toBeInTheDocument(),
    );
    expect(toast.error).toHaveBeenCalledWith("Failed to update inquiry", {
      description: "This inquiry no longer exists.",
    });
  });

  it("clamps a long message behind 'Show more'", async () => {
    listAnswer = () =>
      json(200, { inquiries: [{ ...jane, message: "word ".repeat(200) }], unhandled: 1 });
    show();
    const first = await screen.findByRole("article", { name: "Tour of unit 2B" });
    const more = within(first).getByRole("button", { name: "Show more" });
    expect(more).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(more);
    expect(within(first).getByRole("button", { name: "Show less" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    expect(within(item("Tour of unit 2B")).queryByRole("button", { name: "Show more" })).toBeNull();
  });

  it("shows 'No inquiries yet' with none at all", async () => {
    listAnswer = () => json(200, { inquiries: [], unhandled: 0 });
    const onCount = show();
    expect(await screen.findByRole("heading", { name: "No inquiries yet" })).toBeInTheDocument();
    expect(onCount).toHaveBeenLastCalledWith(0);
  });

  it("shows 'No inquiries match this filter' when a filter finds none", async () => {
    show();
    await screen.findByRole("article", { name: "Parking" });
    listAnswer = () => json(200, { inquiries: [], unhandled: 1 });
    await userEvent.click(screen.getByRole("radio", { name: "Unhandled" }));
    expect(
      await screen.findByRole("heading", { name: "No inquiries match this filter" }),
    ).toBeInTheDocument();
  });

  it("shows 'Failed to load inquiries', and Try Again loads again", async () => {
    listAnswer = () => Promise.reject(new TypeError("Failed to fetch"));
    show();
    expect(
      await screen.findByRole("heading", { name: "Failed to load inquiries" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(/Server connection failed/);
    listAnswer = () => json(200, { inquiries: [jane], unhandled: 1 });
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("article", { name: "Tour of unit 2B" })).toBeInTheDocument();
  });
});
