import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { createTranslator } from "#domain/i18n/translator";
import { type Locale, localeFromPath } from "#domain/locale";
import { messagesFor } from "#web/i18n/catalogue.server";
import { I18nProvider } from "#web/i18n/i18n-provider";
import { namespaces } from "#web/i18n/namespaces";
import NotificationSettingsRoute, { meta as settingsMeta } from "./notification-settings";
import NotificationsRoute, { meta as historyMeta } from "./notifications";

beforeEach(() => localStorage.clear());

/** What a route's meta function is given at `pathname`: the messages its loaders sent. */
function metaArgs(pathname: string) {
  const locale: Locale = localeFromPath(pathname);
  const data = { locale, messages: messagesFor(locale, ["notifications"]) };
  return {
    location: { pathname },
    matches: [{ data, loaderData: data }],
  } as never;
}

describe("the notification pages", () => {
  it("are kept out of search results, in either language", () => {
    const history = historyMeta(metaArgs("/notifications")) ?? [];
    expect(history).toContainEqual({ name: "robots", content: "noindex" });
    expect(history[0]).toMatchObject({ title: expect.stringContaining("Notification History") });
    const settings = settingsMeta(metaArgs("/settings/notifications")) ?? [];
    expect(settings).toContainEqual({ name: "robots", content: "noindex" });
    expect(settings[0]).toMatchObject({
      title: expect.stringContaining("Notification Preferences"),
    });

    const spanish = historyMeta(metaArgs("/es/notifications")) ?? [];
    expect(spanish).toContainEqual({ name: "robots", content: "noindex" });
    expect(spanish[0]).toMatchObject({
      title: expect.stringContaining("Historial de notificaciones"),
    });
    expect(settingsMeta(metaArgs("/es/settings/notifications"))?.[0]).toMatchObject({
      title: expect.stringContaining("Preferencias de notificaciones"),
    });
  });

  it("stand outside the shared layout with the logo home and a way back", async () => {
    const Stub = createRoutesStub([
      { path: "/notifications", Component: NotificationsRoute },
      { path: "/settings/notifications", Component: NotificationSettingsRoute },
    ]);
    const view = render(<Stub initialEntries={["/notifications"]} />);
    expect(await screen.findByRole("heading", { name: "Notification History" })).toBeVisible();
    expect(screen.getByRole("link", { name: /home$/ })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
    expect(screen.getByRole("link", { name: /Español$/ })).toHaveAttribute(
      "href",
      "/es/notifications",
    );
    view.unmount();

    render(<Stub initialEntries={["/settings/notifications"]} />);
    expect(await screen.findByRole("heading", { name: "Notification Preferences" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Notification History" })).toHaveAttribute(
      "href",
      "/notifications",
    );
  });

  it("answer in Spanish under /es, with the ways back in Spanish too", async () => {
    const spanish = createTranslator("es", messagesFor("es", namespaces));
    const inSpanish = (Page: () => ReactNode) => () => (
      <I18nProvider translator={spanish}>
        <Page />
      </I18nProvider>
    );
    const Stub = createRoutesStub([
      { path: "/es/notifications", Component: inSpanish(NotificationsRoute) },
      { path: "/es/settings/notifications", Component: inSpanish(NotificationSettingsRoute) },
    ]);
    const view = render(<Stub initialEntries={["/es/notifications"]} />);
    expect(
      await screen.findByRole("heading", { name: "Historial de notificaciones" }),
    ).toBeVisible();
    expect(screen.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/es");
    expect(screen.getByRole("link", { name: /English$/ })).toHaveAttribute(
      "href",
      "/notifications",
    );
    view.unmount();

    render(<Stub initialEntries={["/es/settings/notifications"]} />);
    expect(
      await screen.findByRole("heading", { name: "Preferencias de notificaciones" }),
    ).toBeVisible();
    expect(screen.getByRole("link", { name: "Historial de notificaciones" })).toHaveAttribute(
      "href",
      "/es/notifications",
    );
  });
});
