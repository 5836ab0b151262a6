import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { outgoingMailApi } from "#domain/api/outgoing-mail";
import { type OutgoingMessage, outgoingMailMessages } from "#domain/outgoing-mail";
import { answer, handle, networkFailure, refuse } from "#tests/support/api-mocks";
import { renderWithQuery } from "#tests/support/render-with-query";
import { OutgoingMailTab } from "./outgoing-mail-tab";

const failed: OutgoingMessage = {
  id: "6f1c1a52-5d7e-4c43-9a83-0c5f0b7d1a01",
  kind: "document_request",
  to: "dana@example.com",
  subject: "Charter Oak Rentals: please upload your documents",
  status: "failed",
  attempts: 9,
  lastError:
    "Could not send e-mail through the SMTP server mail.example.com: Greeting never received",
  createdAt: "2026-11-23T10:00:00.000Z",
  sentAt: null,
  failedAt: "2026-11-23T14:00:00.000Z",
  retryable: true,
};

const sent: OutgoingMessage = {
  id: "6f1c1a52-5d7e-4c43-9a83-0c5f0b7d1a02",
  kind: "inquiry_notice",
  to: "leasing@charteroakrentals.com",
  subject: "[Charter Oak Rentals] Parking",
  status: "sent",
  attempts: 1,
  lastError: null,
  createdAt: "2026-11-23T09:00:00.000Z",
  sentAt: "2026-11-23T09:00:01.000Z",
  failedAt: null,
  retryable: false,
};

let stored: OutgoingMessage[];
let retries: string[];
let failList: boolean;
/** Rows a page holds (the server's is 50), and every list request's query as sent. */
let pageSize: number;
let queries: Record<string, unknown>[];

const counts = () => ({
  queued: stored.filter((m) => m.status === "queued").length,
  sent: stored.filter((m) => m.status === "sent").length,
  failed: stored.filter((m) => m.status === "failed").length,
});

beforeEach(() => {
  stored = [failed, sent];
  retries = [];
  failList = false;
  pageSize = 50;
  queries = [];
  answer(
    handle(outgoingMailApi.list, async ({ query }) => {
      if (failList) return networkFailure;
      queries.push({ ...query });
      const found = stored.filter((m) => !query.status || m.status === query.status);
      // The cursor here is the next row's position ("at50").
      const start = query.cursor ? Number(query.cursor.slice(2)) : 0;
      const end = start + pageSize;
      const nextCursor = end < found.length ? `at${end}` : null;
      return { messages: found.slice(start, end), nextCursor, counts: counts() };
    }),
    handle(outgoingMailApi.retry, async ({ params }) => {
      retries.push(params.id);
      const message = stored.find((m) => m.id === params.id);
      if (!message) return refuse(404, outgoingMailMessages.notFound);
      if (message.status !== "failed") return refuse(409, outgoingMailMessages.notFailed);
      const queued = { ...message, status: "queued" as const, failedAt: null, retryable: false };
      stored = stored.map((m) => (m.id === message.id ? queued : m));
      return queued;
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

describe("the Outgoing mail tab", () => {
  it("lists each message with its status, kind, recipient and why it failed", async () => {
    renderWithQuery(<OutgoingMailTab />);
    const list = await screen.findByRole("list", { name: "Outgoing mail" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText("Failed")).toBeInTheDocument();
    expect(within(items[0]!).getByText("Document request")).toBeInTheDocument();
    expect(within(items[0]!).getByText("To dana@example.com")).toBeInTheDocument();
    expect(within(items[0]!).getByText(/Greeting never received/)).toBeInTheDocument();
    expect(within(items[0]!).getByText("9 tries")).toBeInTheDocument();
    expect(within(items[1]!).getByText("Sent")).toBeInTheDocument();
    expect(within(items[1]!).queryByRole("button", { name: "Retry" })).toBeNull();
    expect(screen.getByText("0 queued, 1 sent, 1 failed")).toBeInTheDocument();
  });

  it("Retry queues a failed message again and the list follows", async () => {
    const user = userEvent.setup();
    renderWithQuery(<OutgoingMailTab />);
    await user.click(await screen.findByRole("button", { name: "Retry" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(outgoingMailMessages.retried));
    expect(retries).toEqual([failed.id]);
    expect(await screen.findByText("1 queued, 1 sent, 0 failed")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
  });

  it("filters by status, and says when nothing has that status", async () => {
    const user = userEvent.setup();
    renderWithQuery(<OutgoingMailTab />);
    await screen.findByRole("list", { name: "Outgoing mail" });
    await user.click(screen.getByRole("radio", { name: "Queued" }));
    expect(await screen.findByText(outgoingMailMessages.emptyFiltered)).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "Sent" }));
    const list = await screen.findByRole("list", { name: "Outgoing mail" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
  });

  it("says so when nothing was ever sent", async () => {
    stored = [];
    renderWithQuery(<OutgoingMailTab />);
    expect(await screen.findByText(outgoingMailMessages.empty)).toBeInTheDocument();
  });

  it("shows a load failure with Try Again, which recovers", async () => {
    failList = true;
    const user = userEvent.setup();
    renderWithQuery(<OutgoingMailTab />);
    expect(await screen.findByText(outgoingMailMessages.loadFailed)).toBeInTheDocument();
    failList = false;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("list", { name: "Outgoing mail" })).toBeInTheDocument();
  });
});

describe("OutgoingMailTab: pages", () => {
  function Address() {
    return <p data-testid="address">{useLocation().search}</p>;
  }

  it("shows no pager for one page, walks pages by the cursor, and a filter starts again", async () => {
    const user = userEvent.setup();
    renderWithQuery(
      <>
        <OutgoingMailTab />
        <Address />
      </>,
    );
    await screen.findByRole("list", { name: "Outgoing mail" });
    expect(screen.queryByRole("navigation", { name: "Outgoing mail pages" })).toBeNull();

    stored = Array.from({ length: 5 }, (_, n) => ({
      ...sent,
      id: `${sent.id.slice(0, -2)}1${n}`,
      subject: `Sent ${n}`,
    }));
    pageSize = 2;
    await user.click(screen.getByRole("radio", { name: "Sent" }));
    expect(await screen.findByText("Sent 0")).toBeInTheDocument();
    const pager = await screen.findByRole("navigation", { name: "Outgoing mail pages" });
    await user.click(within(pager).getByRole("button", { name: "Next page" }));
    expect(await screen.findByText("Sent 2")).toBeInTheDocument();
    expect(screen.queryByText("Sent 0")).toBeNull();
    expect(screen.getByTestId("address")).toHaveTextContent("?status=sent&cursor=at2");
    expect(queries.at(-1)).toEqual({ status: "sent", cursor: "at2" });

    await user.click(screen.getByRole("radio", { name: "All" }));
    await waitFor(() => expect(queries.at(-1)).toEqual({}));
    expect(screen.getByTestId("address")).toHaveTextContent(/^$/);
  });
});
