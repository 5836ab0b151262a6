import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { notificationsApi } from "#domain/api/notifications";
import { createTranslator } from "#domain/i18n/translator";
import {
  defaultNotificationPreferences,
  type NotificationPreferences,
} from "#domain/notification-preferences";
import { answer, handle, refuse } from "#tests/support/api-mocks";
import { signInForTest } from "#tests/support/signed-in";
import { spyOnToasts } from "#tests/support/toast-spy";
import { AuthProvider } from "#web/features/auth/auth-provider";
import { messagesFor } from "#web/i18n/catalogue.server";
import { I18nProvider } from "#web/i18n/i18n-provider";
import { namespaces } from "#web/i18n/namespaces";
import { queryClient } from "#web/lib/query";
import { createPreferencesStore, PREFERENCES_KEY } from "../preferences-store";
import { NotificationPreferences as PreferencesPage } from "./notification-preferences";

spyOnToasts();

/** What the server holds for the signed-in tenant: no maintenance e-mails. */
const onServer: NotificationPreferences = {
  ...defaultNotificationPreferences,
  email: { ...defaultNotificationPreferences.email, maintenance: false },
};

function renderPage(wrap: (page: ReactNode) => ReactNode = (page) => page) {
  render(<AuthProvider>{wrap(<PreferencesPage store={createPreferencesStore()} />)}</AuthProvider>);
  return userEvent.setup();
}

const emailCard = () => screen.getByRole("region", { name: "Email" });

beforeEach(() => {
  localStorage.clear();
  // The page's query cache outlives a test: each starts without the last one's preferences.
  queryClient().clear();
});
afterEach(() => vi.clearAllMocks());

describe("Notification Preferences of a signed-in person", () => {
  it("loads them from the server and saves them there, not in the browser", async () => {
    signInForTest();
    const saved: unknown[] = [];
    answer(
      handle(notificationsApi.preferences, () => ({ preferences: onServer, saved: true })),
      handle(notificationsApi.savePreferences, ({ body }) => {
        saved.push(body);
        return { preferences: body as NotificationPreferences, saved: true };
      }),
    );
    const user = renderPage();
    const maintenance = within(await screen.findByRole("region", { name: "Email" })).getByRole(
      "switch",
      { name: "Maintenance requests" },
    );
    expect(maintenance).not.toBeChecked();

    await user.click(maintenance);
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Notification preferences saved successfully"),
    );
    expect(saved).toEqual([defaultNotificationPreferences]);
    expect(localStorage.getItem(PREFERENCES_KEY)).toBeNull();
    expect(screen.queryByRole("button", { name: "Save Changes" })).toBeNull();
  });

  it("says when they cannot be loaded, and tries again", async () => {
    signInForTest();
    let fail = true;
    answer(
      handle(notificationsApi.preferences, () =>
        fail ? refuse(503, "Service unavailable") : { preferences: onServer, saved: true },
      ),
    );
    const user = renderPage();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Your notification preferences could not be loaded",
    );
    expect(screen.queryByRole("switch")).toBeNull();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(
      within(await screen.findByRole("region", { name: "Email" })).getByRole("switch", {
        name: "Maintenance requests",
      }),
    ).not.toBeChecked();
  });

  it("says when they cannot be saved, and keeps the edits", async () => {
    signInForTest();
    answer(
      handle(notificationsApi.preferences, () => ({ preferences: onServer, saved: true })),
      handle(notificationsApi.savePreferences, () => refuse(500, "Something went wrong")),
    );
    const user = renderPage();
    await screen.findByRole("region", { name: "Email" });
    await user.click(within(emailCard()).getByRole("switch", { name: "Maintenance requests" }));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to save preferences");
    expect(toast.error).toHaveBeenCalledWith("Failed to save preferences");
    expect(within(emailCard()).getByRole("switch", { name: "Maintenance requests" })).toBeChecked();
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeEnabled();
  });

  it("speaks Spanish on the Spanish page, failures included", async () => {
    signInForTest();
    answer(handle(notificationsApi.preferences, () => refuse(503, "Service unavailable")));
    const spanish = createTranslator("es", messagesFor("es", namespaces));
    renderPage((page) => <I18nProvider translator={spanish}>{page}</I18nProvider>);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "No se pudieron cargar sus preferencias de notificaciones",
    );
    expect(screen.getByRole("button", { name: "Intentar de nuevo" })).toBeVisible();
  });
});

describe("Notification Preferences of an anonymous visitor", () => {
  it("stay in the browser: no server call", async () => {
    let reads = 0;
    answer(
      handle(notificationsApi.preferences, () => {
        reads++;
        return { preferences: onServer, saved: true };
      }),
    );
    const user = renderPage();
    const maintenance = within(await screen.findByRole("region", { name: "Email" })).getByRole(
      "switch",
      { name: "Maintenance requests" },
    );
    expect(maintenance).toBeChecked();
    await user.click(maintenance);
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY)!).email.maintenance).toBe(false);
    expect(reads).toBe(0);
  });
});
