import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authApi } from "#domain/api/auth";
import { notificationsApi } from "#domain/api/notifications";
import type { Notification } from "#domain/notifications";
import { answer, handle, networkFailure, refuse } from "#tests/support/api-mocks";
import { signInForTest } from "#tests/support/signed-in";
import { spyOnToasts } from "#tests/support/toast-spy";
import { AuthProvider, useAuth } from "#web/features/auth/auth-provider";
import { queryClient } from "#web/lib/query";
import { NotificationHistory } from "./components/notification-history";
import {
  createNotificationStore,
  NOTIFICATIONS_KEY,
  type NotificationStore,
} from "./notification-store";

spyOnToasts();

/** Wednesday, January 8, 2025, 10:30 at the office (EST), as the history's own tests. */
const NOW = new Date("2025-01-08T10:30:00-05:00");
const at = (day: number, hour: number) => new Date(Date.UTC(2025, 0, day, hour + 5)).toISOString();

function item(overrides: Partial<Notification> & Pick<Notification, "id" | "title">): Notification {
  return {
    message: `About ${overrides.title}`,
    type: "info",
    category: "system",
    priority: "low",
    read: false,
    timestamp: at(8, 9),
    ...overrides,
  };
}

/** The browser's own. */
const local = [
  item({ id: "local-new", title: "Local newest", timestamp: at(8, 10) }),
  item({ id: "local-old", title: "Local oldest", timestamp: at(2, 12), read: true }),
];

/** The server's: a maintenance request's news (ids are uuids there). */
const SCHEDULED = "11111111-1111-4111-8111-111111111111";
const COMMENT = "22222222-2222-4222-8222-222222222222";
const server = [
  item({
    id: SCHEDULED,
    title: "Repair scheduled",
    category: "maintenance",
    priority: "urgent",
    timestamp: at(8, 9),
    actionUrl: "/tenant-portal",
  }),
  item({
    id: COMMENT,
    title: "New comment from the office",
    category: "maintenance",
    timestamp: at(7, 15),
    read: true,
  }),
];

/** The server's list, answered from `list` as it is at the time of each call. */
function serveList(list: () => Notification[] = () => server) {
  const reads = { count: 0 };
  answer(
    handle(notificationsApi.list, () => {
      reads.count++;
      return { notifications: list() };
    }),
  );
  return reads;
}

function SignOut() {
  const { logout } = useAuth();
  return (
    <button type="button" onClick={logout}>
      Sign out
    </button>
  );
}

function renderHistory(store: NotificationStore = createNotificationStore()) {
  localStorage.setItem(NOTIFICATIONS_KEY, JSON.stringify(local));
  const Stub = createRoutesStub([
    {
      path: "/notifications",
      Component: () => (
        <>
          <SignOut />
          <NotificationHistory store={store} />
        </>
      ),
    },
  ]);
  render(
    <AuthProvider>
      <Stub initialEntries={["/notifications"]} />
    </AuthProvider>,
  );
  return { store, user: userEvent.setup() };
}

const card = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling;
const allTitles = [...local, ...server].map((n) => n.title);
/** The titles of the listed notifications, in the order shown. */
const titles = () =>
  screen
    .getAllByRole("listitem")
    .map((li) => allTitles.find((title) => li.textContent?.includes(title)));
const ids = (store: NotificationStore) => store.getSnapshot().map((n) => n.id);

beforeEach(() => {
  localStorage.clear();
  // The page's query cache outlives a test: each starts without the last one's list.
  queryClient().clear();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe("the notification centre of a signed-in person", () => {
  it("shows the server's notifications merged with the browser's, newest first, in the cards and filters", async () => {
    signInForTest();
    serveList();
    const { store, user } = renderHistory();
    expect(await screen.findByText("Repair scheduled")).toBeVisible();
    expect(ids(store)).toEqual(["local-new", SCHEDULED, COMMENT, "local-old"]);
    expect(titles()).toEqual([
      "Local newest",
      "Repair scheduled",
      "New comment from the office",
      "Local oldest",
    ]);
    expect(card("Total")).toHaveTextContent("4");
    expect(card("Unread")).toHaveTextContent("2");
    expect(card("Emergency")).toHaveTextContent("1");

    await user.click(screen.getByRole("button", { name: "Filters" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Category" }), "Maintenance");
    expect(screen.getByText("Showing 2 of 4 notifications")).toBeVisible();
    expect(screen.queryByText("Local newest")).toBeNull();
  });

  it("exports the server's notifications with the browser's", async () => {
    signInForTest();
    serveList();
    let blob: Blob | undefined;
    vi.spyOn(URL, "createObjectURL").mockImplementation((b) => {
      blob = b as Blob;
      return "blob:export";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const { user } = renderHistory();
    await screen.findByText("Repair scheduled");
    await user.click(screen.getByRole("button", { name: "Export" }));
    const exported = JSON.parse(await blob!.text()) as Notification[];
    expect(exported.map((n) => n.id)).toEqual(["local-new", SCHEDULED, COMMENT, "local-old"]);
    click.mockRestore();
  });

  it("sends each change of a server notification to the server, and keeps the browser's local", async () => {
    signInForTest();
    // The server keeps each change: the list read again after one shows it.
    let onServer = server;
    serveList(() => onServer);
    const calls: string[] = [];
    answer(
      handle(notificationsApi.markRead, ({ params, body }) => {
        const { read } = body as { read: boolean };
        calls.push(`markRead ${params.id} ${read}`);
        onServer = onServer.map((n) => (n.id === params.id ? { ...n, read } : n));
        return { ...server.find((n) => n.id === params.id)!, read };
      }),
      handle(notificationsApi.remove, ({ params }) => {
        calls.push(`remove ${params.id}`);
        onServer = onServer.filter((n) => n.id !== params.id);
        return { success: true as const, message: "Notification deleted" };
      }),
      handle(notificationsApi.markAllRead, () => {
        calls.push("markAllRead");
        onServer = onServer.map((n) => ({ ...n, read: true }));
        return { success: true as const, message: "All notifications marked as read" };
      }),
      handle(notificationsApi.clear, () => {
        calls.push("clear");
        onServer = [];
        return { success: true as const, message: "All notifications cleared" };
      }),
    );
    const { store, user } = renderHistory();
    await screen.findByText("Repair scheduled");

    // Marked read by following its link, then unread again, then read.
    act(() => store.markRead(SCHEDULED));
    expect(store.getSnapshot().find((n) => n.id === SCHEDULED)?.read).toBe(true);
    act(() => store.markUnread(SCHEDULED));
    expect(store.getSnapshot().find((n) => n.id === SCHEDULED)?.read).toBe(false);
    await waitFor(() =>
      expect(calls).toEqual([`markRead ${SCHEDULED} true`, `markRead ${SCHEDULED} false`]),
    );

    // Mark all read: both kinds (the browser's stored in the browser, as before).
    const stored = () => JSON.parse(localStorage.getItem(NOTIFICATIONS_KEY)!) as Notification[];
    expect(stored().find((n) => n.id === "local-new")?.read).toBe(false);
    await user.click(screen.getByRole("button", { name: "Mark All Read" }));
    expect(card("Unread")).toHaveTextContent("0");
    expect(stored().every((n) => n.read)).toBe(true);
    await waitFor(() => expect(calls).toContain("markAllRead"));

    // Delete one from the list; deleting one of the browser's calls nothing.
    await user.click(
      screen.getByRole("button", { name: "Delete notification: New comment from the office" }),
    );
    expect(screen.queryByText("New comment from the office")).toBeNull();
    await waitFor(() => expect(calls).toContain(`remove ${COMMENT}`));
    await user.click(screen.getByRole("button", { name: "Delete notification: Local oldest" }));
    expect(stored().map((n) => n.id)).toEqual(["local-new"]);

    // Clear all: both kinds.
    await user.click(screen.getByRole("button", { name: "Clear All" }));
    await user.click(
      within(screen.getByRole("alertdialog")).getByRole("button", { name: "Clear All" }),
    );
    expect(screen.getByText("You have no notifications yet.")).toBeVisible();
    expect(stored()).toEqual([]);
    await waitFor(() => expect(calls).toContain("clear"));
    expect(calls).toHaveLength(5);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("puts a notification back as it was when the server refuses the change, and says so", async () => {
    signInForTest();
    serveList();
    answer(
      handle(notificationsApi.markRead, () => refuse(500, "Something went wrong")),
      handle(notificationsApi.remove, () => networkFailure),
      handle(notificationsApi.clear, () => refuse(503, "Service unavailable")),
      handle(notificationsApi.markAllRead, () => refuse(500, "Something went wrong")),
    );
    const { store, user } = renderHistory();
    await screen.findByText("Repair scheduled");
    const scheduled = () => store.getSnapshot().find((n) => n.id === SCHEDULED);

    act(() => store.markRead(SCHEDULED));
    expect(scheduled()?.read).toBe(true);
    await waitFor(() => expect(scheduled()?.read).toBe(false));
    expect(toast.error).toHaveBeenCalledWith("That change could not be saved. Please try again.");

    await user.click(
      screen.getByRole("button", { name: "Delete notification: New comment from the office" }),
    );
    // Shown gone at once, then back once the network fails.
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(2));
    expect(screen.getByText("New comment from the office")).toBeVisible();
    expect(ids(store)).toEqual(["local-new", SCHEDULED, COMMENT, "local-old"]);

    await user.click(screen.getByRole("button", { name: "Mark All Read" }));
    await waitFor(() => expect(card("Unread")).toHaveTextContent("1"));
    expect(scheduled()?.read).toBe(false);

    await user.click(screen.getByRole("button", { name: "Clear All" }));
    await user.click(
      within(screen.getByRole("alertdialog")).getByRole("button", { name: "Clear All" }),
    );
    // The browser's are gone; the server's come back.
    await waitFor(() => expect(ids(store)).toEqual([SCHEDULED, COMMENT]));
    expect(toast.error).toHaveBeenCalledTimes(4);
  });

  it("fetches again when the page comes back into focus", async () => {
    signInForTest();
    let list = server;
    const reads = serveList(() => list);
    const { store } = renderHistory();
    await screen.findByText("Repair scheduled");
    expect(reads.count).toBe(1);
    const fresh = item({
      id: "33333333-3333-4333-8333-333333333333",
      title: "Repair completed",
      timestamp: at(8, 10),
    });
    list = [fresh, ...server];
    act(() => {
      window.dispatchEvent(new Event("focus"));
    });
    expect(await screen.findByText("Repair completed")).toBeVisible();
    expect(ids(store)[0]).toBe(fresh.id);
  });

  it("drops the server's notifications from view on signing out", async () => {
    signInForTest();
    serveList();
    answer(handle(authApi.logout, () => ({ success: true as const, message: "Signed out" })));
    const { store, user } = renderHistory();
    await screen.findByText("Repair scheduled");
    await user.click(screen.getByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(screen.queryByText("Repair scheduled")).toBeNull());
    expect(ids(store)).toEqual(["local-new", "local-old"]);
    expect(card("Total")).toHaveTextContent("2");
  });
});

describe("the notification centre of an anonymous visitor", () => {
  it("makes no server call and shows the browser's notifications as before", async () => {
    const reads = serveList();
    const { store, user } = renderHistory();
    expect(await screen.findByText("Local newest")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Mark All Read" }));
    await user.click(screen.getByRole("button", { name: "Delete notification: Local newest" }));
    // Long enough for a fetch the page should not have made to have arrived.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads.count).toBe(0);
    expect(store.serverOwner).toBeUndefined();
    expect(ids(store)).toEqual(["local-old"]);
  });
});
