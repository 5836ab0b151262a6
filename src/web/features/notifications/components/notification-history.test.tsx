import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTranslator } from "#domain/i18n/translator";
import type { Notification } from "#domain/notifications";
import { messagesFor } from "#web/i18n/catalogue.server";
import { I18nProvider } from "#web/i18n/i18n-provider";
import { namespaces } from "#web/i18n/namespaces";
import { createNotificationStore, NOTIFICATIONS_KEY } from "../notification-store";
import { NotificationHistory } from "./notification-history";

/**
 * Wednesday, January 8, 2025, 10:30 at the office (EST, UTC-5): the page shows days and times in
 * the office's zone. The filters count the machine's local days, which are the same days for
 * these moments in any zone from UTC-12 to UTC+3.
 */
const NOW = new Date("2025-01-08T10:30:00-05:00");
const at = (day: number, hour: number) => new Date(Date.UTC(2025, 0, day, hour + 5)).toISOString();

const items: Notification[] = [
  {
    id: "leak",
    title: "Water leak repaired",
    message: "The plumber fixed the basement pipe.",
    type: "success",
    category: "maintenance",
    priority: "medium",
    read: false,
    timestamp: at(8, 9),
  },
  {
    id: "storm",
    title: "Storm warning",
    message: "Please move cars off Elm Street.",
    type: "warning",
    category: "emergency",
    priority: "urgent",
    read: false,
    timestamp: at(8, 7),
  },
  {
    id: "listings",
    title: "New homes available",
    message: "Three new apartments are open for viewing.",
    type: "info",
    category: "communication",
    priority: "low",
    read: false,
    timestamp: at(7, 15),
    actionUrl: "/properties",
  },
  {
    id: "rent",
    title: "Rent received",
    message: "Thank you for your payment.",
    type: "success",
    category: "payment",
    priority: "low",
    read: true,
    timestamp: at(2, 12),
  },
];

function renderHistory(list: Notification[] = items) {
  localStorage.setItem(NOTIFICATIONS_KEY, JSON.stringify(list));
  const store = createNotificationStore();
  const Stub = createRoutesStub([
    { path: "/notifications", Component: () => <NotificationHistory store={store} /> },
    { path: "/properties", Component: () => <h1>Properties page</h1> },
  ]);
  render(<Stub initialEntries={["/notifications"]} />);
  return { store, user: userEvent.setup() };
}

/** The Spanish page, /es/notifications. */
function renderSpanishHistory(list: Notification[] = items) {
  localStorage.setItem(NOTIFICATIONS_KEY, JSON.stringify(list));
  const store = createNotificationStore();
  const spanish = createTranslator("es", messagesFor("es", namespaces));
  const Stub = createRoutesStub([
    {
      path: "/es/notifications",
      Component: () => (
        <I18nProvider translator={spanish}>
          <NotificationHistory store={store} />
        </I18nProvider>
      ),
    },
  ]);
  render(<Stub initialEntries={["/es/notifications"]} />);
  return { store, user: userEvent.setup() };
}

const stored = () => JSON.parse(localStorage.getItem(NOTIFICATIONS_KEY) ?? "[]") as Notification[];
const showing = () => screen.getByText(/^Showing \d+ of \d+ notifications$/).textContent;
const card = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling;

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Notification History", () => {
  it("shows the four summary cards and the day groups, newest first", async () => {
    renderHistory();
    expect(await screen.findByRole("heading", { name: "Notification History" })).toBeVisible();
    expect(screen.getByText("View and manage all your notifications")).toBeVisible();
    expect(card("Total")).toHaveTextContent("4");
    expect(card("Unread")).toHaveTextContent("3");
    expect(card("Emergency")).toHaveTextContent("1");
    expect(card("This Week")).toHaveTextContent("3");
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      "Search & Filter",
      "Today",
      "Yesterday",
      "Thursday, January 2, 2025",
    ]);
    const today = screen.getByRole("region", { name: "Today" });
    expect(within(today).getByText("2 notifications")).toBeVisible();
    expect(within(today).getAllByRole("listitem")[0]).toHaveTextContent("Water leak repaired");
    expect(within(today).getByText("9:00 AM")).toBeVisible();
    expect(screen.getByRole("region", { name: "Yesterday" })).toHaveTextContent("1 notification");
    expect(showing()).toBe("Showing 4 of 4 notifications");
  });

  it("searches title and message without regard to case", async () => {
    const { user } = renderHistory();
    await user.type(await screen.findByPlaceholderText("Search notifications..."), "BASEMENT");
    expect(showing()).toBe("Showing 1 of 4 notifications");
    expect(screen.getByText("Water leak repaired")).toBeVisible();
    expect(screen.queryByText("Storm warning")).toBeNull();
  });

  it("toggles the filter panel and filters by type, category, status and date", async () => {
    const { user } = renderHistory();
    const toggle = await screen.findByRole("button", { name: "Filters" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("combobox", { name: "Type" })).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");

    await user.selectOptions(screen.getByRole("combobox", { name: "Type" }), "Emergency");
    expect(showing()).toBe("Showing 1 of 4 notifications");
    expect(screen.getByText("Storm warning")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Clear Filters" }));
    expect(showing()).toBe("Showing 4 of 4 notifications");
    expect(screen.queryByRole("button", { name: "Clear Filters" })).toBeNull();

    await user.selectOptions(screen.getByRole("combobox", { name: "Category" }), "Payment");
    expect(showing()).toBe("Showing 1 of 4 notifications");
    await user.selectOptions(screen.getByRole("combobox", { name: "Category" }), "All Categories");
    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "Read");
    expect(showing()).toBe("Showing 1 of 4 notifications");
    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "Unread");
    await user.selectOptions(screen.getByRole("combobox", { name: "Date" }), "Yesterday");
    expect(showing()).toBe("Showing 1 of 4 notifications");
    expect(screen.getByText("New homes available")).toBeVisible();
  });

  it("says what to do when the filters match nothing, and clears them", async () => {
    const { user } = renderHistory();
    await user.type(await screen.findByPlaceholderText("Search notifications..."), "zebra");
    expect(screen.getByRole("heading", { name: "No notifications found" })).toBeVisible();
    expect(
      screen.getByText("Try adjusting your search criteria or clear filters to see more results."),
    ).toBeVisible();
    const clear = screen.getAllByRole("button", { name: "Clear Filters" });
    await user.click(clear[clear.length - 1]!);
    expect(screen.getByPlaceholderText("Search notifications...")).toHaveValue("");
    expect(showing()).toBe("Showing 4 of 4 notifications");
  });

  it("marks all read, and then no longer offers it", async () => {
    const { user } = renderHistory();
    await user.click(await screen.findByRole("button", { name: "Mark All Read" }));
    expect(card("Unread")).toHaveTextContent("0");
    expect(screen.queryByRole("button", { name: "Mark All Read" })).toBeNull();
    expect(stored().every((n) => n.read)).toBe(true);
    expect(screen.queryByText(/^Unread:/)).toBeNull();
  });

  it("marks an item read when clicked, and follows its action link", async () => {
    const { user } = renderHistory();
    await user.click(await screen.findByRole("button", { name: "Unread: Storm warning" }));
    expect(stored().find((n) => n.id === "storm")?.read).toBe(true);
    // Read and without a link, it is no longer a control.
    expect(screen.queryByRole("button", { name: "Unread: Storm warning" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Storm warning" })).toBeNull();
    expect(screen.getByText("Storm warning")).toBeVisible();

    const link = screen.getByRole("link", { name: "Unread: New homes available View Details" });
    expect(link).toHaveAccessibleDescription("Three new apartments are open for viewing.");
    await user.click(link);
    expect(await screen.findByRole("heading", { name: "Properties page" })).toBeVisible();
    expect(stored().find((n) => n.id === "listings")?.read).toBe(true);
  });

  it("deletes an item without triggering it", async () => {
    const { user } = renderHistory();
    await user.click(
      await screen.findByRole("button", { name: "Delete notification: New homes available" }),
    );
    expect(screen.queryByText("New homes available")).toBeNull();
    expect(screen.getByRole("heading", { name: "Notification History" })).toBeVisible();
    expect(stored().map((n) => n.id)).toEqual(["leak", "storm", "rent"]);
    expect(showing()).toBe("Showing 3 of 3 notifications");
    await user.click(
      screen.getByRole("button", { name: "Delete notification: Water leak repaired" }),
    );
    expect(card("Unread")).toHaveTextContent("1");
  });

  it("clears everything after a confirmation", async () => {
    const { user } = renderHistory();
    await user.click(await screen.findByRole("button", { name: "Clear All" }));
    const dialog = screen.getByRole("alertdialog", { name: "Clear all notifications?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(stored()).toHaveLength(4);

    await user.click(screen.getByRole("button", { name: "Clear All" }));
    await user.click(
      within(screen.getByRole("alertdialog")).getByRole("button", { name: "Clear All" }),
    );
    expect(stored()).toEqual([]);
    expect(screen.getByRole("heading", { name: "No notifications found" })).toBeVisible();
    expect(screen.getByText("You have no notifications yet.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Clear All" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Mark All Read" })).toBeNull();
    expect(showing()).toBe("Showing 0 of 0 notifications");
  });

  it("exports the filtered list as notifications-yyyy-MM-dd.json", async () => {
    let blob: Blob | undefined;
    const createObjectURL = vi.fn((b: Blob) => {
      blob = b;
      return "blob:export";
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const { user } = renderHistory();
    await user.type(await screen.findByPlaceholderText("Search notifications..."), "storm");
    await user.click(screen.getByRole("button", { name: "Export" }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe("notifications-2025-01-08.json");
    expect(clicked[0]!.href).toBe("blob:export");
    expect(blob?.type).toBe("application/json");
    expect(JSON.parse(await blob!.text())).toEqual([items[1]]);
    click.mockRestore();
  });
});

describe("Historial de notificaciones (the Spanish page)", () => {
  it("speaks Spanish: cards, day headings, counts, times, labels and links", async () => {
    const { user } = renderSpanishHistory();
    expect(
      await screen.findByRole("heading", { name: "Historial de notificaciones" }),
    ).toBeVisible();
    expect(screen.getByText("Vea y administre todas sus notificaciones")).toBeVisible();
    expect(card("Sin leer")).toHaveTextContent("3");
    expect(card("Esta semana")).toHaveTextContent("3");
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(["Buscar y filtrar", "Hoy", "Ayer", "Jueves, 2 de enero de 2025"]);
    const today = screen.getByRole("region", { name: "Hoy" });
    expect(within(today).getByText("2 notificaciones")).toBeVisible();
    expect(within(today).getByText(/^9:00\sa\.\s?m\.$/)).toBeVisible();
    expect(screen.getByRole("region", { name: "Ayer" })).toHaveTextContent("1 notificación");
    expect(screen.getByText("Mostrando 4 de 4 notificaciones")).toBeVisible();
    expect(within(today).getByText("Advertencia")).toBeVisible();
    expect(within(today).getAllByText("Emergencia")[0]).toBeVisible();
    expect(
      screen.getByRole("link", { name: "Sin leer: New homes available Ver detalles" }),
    ).toHaveAttribute("href", "/es/properties");
    expect(screen.getByRole("link", { name: /Configuración/ })).toHaveAttribute(
      "href",
      "/es/settings/notifications",
    );
    expect(
      screen.getByRole("button", { name: "Eliminar notificación: Storm warning" }),
    ).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Filtros" }));
    const type = screen.getByRole("combobox", { name: "Tipo" });
    expect([...type.querySelectorAll("option")].map((o) => o.textContent)).toEqual([
      "Todos los tipos",
      "Información",
      "Éxito",
      "Advertencia",
      "Error",
      "Emergencia",
    ]);
    await user.type(screen.getByPlaceholderText("Buscar notificaciones..."), "zebra");
    expect(screen.getByRole("heading", { name: "No se encontraron notificaciones" })).toBeVisible();
    expect(screen.getByText("Mostrando 0 de 4 notificaciones")).toBeVisible();
  });
});
