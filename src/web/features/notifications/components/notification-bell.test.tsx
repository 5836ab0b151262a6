import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTranslator } from "#domain/i18n/translator";
import type { Notification } from "#domain/notifications";
import { messagesFor } from "#web/i18n/catalogue.server";
import { I18nProvider } from "#web/i18n/i18n-provider";
import { namespaces } from "#web/i18n/namespaces";
import { NOTIFICATIONS_KEY, notificationStore } from "../notification-store";
import { localizedSamples } from "../sample-notifications";
import { MobileNotificationsLink } from "./mobile-notifications-link";
import { NotificationBell } from "./notification-bell";

const NOW = new Date(2025, 0, 8, 10, 30);
const english = createTranslator("en", messagesFor("en", namespaces));
const stored = () => JSON.parse(localStorage.getItem(NOTIFICATIONS_KEY) ?? "[]") as Notification[];

function renderBell() {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <>
          <NotificationBell />
          <MobileNotificationsLink />
        </>
      ),
    },
    { path: "/notifications", Component: () => <h1>History page</h1> },
    { path: "/properties", Component: () => <h1>Properties page</h1> },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return userEvent.setup();
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe("the header's notification bell", () => {
  it("says and shows how many are unread", async () => {
    // The page's own store: seeded with the samples, as on a first visit.
    renderBell();
    const unread = localizedSamples(NOW, english.t).filter((n) => !n.read).length;
    const bell = await screen.findByRole("button", { name: `Notifications, ${unread} unread` });
    expect(bell).toHaveTextContent(String(unread));
    expect(screen.getByRole("link", { name: `Notifications, ${unread} unread` })).toHaveAttribute(
      "href",
      "/notifications",
    );
  });

  it("opens the latest five, marks one read when chosen, and leads to the history and settings", async () => {
    const user = renderBell();
    const unread = stored().filter((n) => !n.read).length;
    await user.click(await screen.findByRole("button", { name: /^Notifications, \d+ unread$/ }));
    const menu = await screen.findByRole("menu");
    const items = within(menu).getAllByRole("menuitem");
    // Five notifications, then the two links.
    expect(items).toHaveLength(7);
    expect(items[0]).toHaveTextContent("Emergency water shut-off");
    expect(within(menu).getByRole("menuitem", { name: "View all notifications" })).toHaveAttribute(
      "href",
      "/notifications",
    );
    expect(within(menu).getByRole("menuitem", { name: "Notification settings" })).toHaveAttribute(
      "href",
      "/settings/notifications",
    );
    await user.click(items[0]!);
    expect(stored().find((n) => n.id === "sample-water-shutoff")?.read).toBe(true);
    // The menu stays open (nothing to follow), hiding the page behind it from assistive tech.
    expect(
      screen.getByRole("button", { name: `Notifications, ${unread - 1} unread`, hidden: true }),
    ).toBeInTheDocument();

    const withLink = within(menu).getByRole("menuitem", { name: /New homes available/ });
    await user.click(withLink);
    expect(await screen.findByRole("heading", { name: "Properties page" })).toBeVisible();
    expect(stored().find((n) => n.id === "sample-new-listings")?.read).toBe(true);
  });

  it("is named plainly when nothing is unread", async () => {
    localStorage.setItem(NOTIFICATIONS_KEY, "[]");
    // The shared store may hold an earlier test's list: unsubscribed, it reads again on mount.
    const user = renderBell();
    const bell = await screen.findByRole("button", { name: "Notifications" });
    await user.click(bell);
    expect(await screen.findByText("You have no notifications yet.")).toBeVisible();
    expect(notificationStore.getSnapshot()).toEqual([]);
  });

  it("speaks Spanish on a Spanish page, where a first visit is seeded in Spanish", async () => {
    const spanish = createTranslator("es", messagesFor("es", namespaces));
    const Stub = createRoutesStub([
      {
        path: "/es",
        Component: () => (
          <I18nProvider translator={spanish}>
            <NotificationBell />
            <MobileNotificationsLink />
          </I18nProvider>
        ),
      },
    ]);
    render(<Stub initialEntries={["/es"]} />);
    const user = userEvent.setup();
    const unread = localizedSamples(NOW, english.t).filter((n) => !n.read).length;
    const bell = await screen.findByRole("button", {
      name: `Notificaciones, ${unread} sin leer`,
    });
    expect(
      screen.getByRole("link", { name: `Notificaciones, ${unread} sin leer` }),
    ).toHaveAttribute("href", "/es/notifications");
    await user.click(bell);
    const menu = await screen.findByRole("menu");
    const items = within(menu).getAllByRole("menuitem");
    expect(items[0]).toHaveTextContent("Corte de agua de emergencia");
    expect(items[0]).toHaveTextContent(/Sin leer:/);
    expect(items[0]).toHaveTextContent(/(Hoy|Ayer), \d{1,2}:\d{2}\s[ap]\.\s?m\./);
    expect(
      within(menu).getByRole("menuitem", { name: "Ver todas las notificaciones" }),
    ).toHaveAttribute("href", "/es/notifications");
    expect(
      within(menu).getByRole("menuitem", { name: "Configuración de notificaciones" }),
    ).toHaveAttribute("href", "/es/settings/notifications");
    expect(
      within(menu).getByRole("menuitem", { name: /Nuevas viviendas disponibles/ }),
    ).toHaveAttribute("href", "/es/properties");
    expect(stored()[0]?.title).toBe("Corte de agua de emergencia");
  });
});
