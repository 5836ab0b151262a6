import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTranslator } from "#domain/i18n/translator";
import {
  defaultNotificationPreferences,
  notificationPreferencesMessages,
} from "#domain/notification-preferences";
import { spyOnToasts } from "#tests/support/toast-spy";
import { messagesFor } from "#web/i18n/catalogue.server";
import { I18nProvider } from "#web/i18n/i18n-provider";
import { namespaces } from "#web/i18n/namespaces";
import { createPreferencesStore, PREFERENCES_KEY } from "../preferences-store";
import { NotificationPreferences } from "./notification-preferences";

spyOnToasts();

const stored = () => JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? "null");

function renderPreferences(storage: () => Storage | null = () => localStorage) {
  const store = createPreferencesStore(storage);
  render(<NotificationPreferences store={store} />);
  return { store, user: userEvent.setup() };
}

const card = (name: string) => screen.getByRole("region", { name });

beforeEach(() => localStorage.clear());
afterEach(() => vi.clearAllMocks());

describe("Notification Preferences", () => {
  it("shows the defaults: e-mail and in-app on, push off, quiet hours off, instant", async () => {
    renderPreferences();
    expect(await screen.findByRole("heading", { name: "Notification Preferences" })).toBeVisible();
    expect(screen.getByText("Customize how and when you receive notifications")).toBeVisible();
    const email = card("Email");
    expect(within(email).getByText("Sent to your registered e-mail address")).toBeVisible();
    expect(within(email).getByRole("switch", { name: "Enable email notifications" })).toBeChecked();
    for (const name of [
      "Maintenance requests",
      "Payment reminders",
      "System updates",
      "Messages",
      "Emergency alerts",
    ])
      expect(within(card("In-App")).getByRole("switch", { name })).toBeChecked();
    const push = card("Push");
    expect(within(push).getByText("On your mobile device")).toBeVisible();
    expect(
      within(push).getByRole("switch", { name: "Enable push notifications" }),
    ).not.toBeChecked();
    expect(within(push).queryByRole("switch", { name: "Maintenance requests" })).toBeNull();
    expect(screen.getByRole("switch", { name: "Quiet hours" })).not.toBeChecked();
    expect(screen.queryByLabelText("Start time")).toBeNull();
    expect(screen.getByRole("combobox", { name: "Notification frequency" })).toHaveValue("instant");
    expect(
      screen.getByText(
        "Emergency notifications are always delivered instantly regardless of this setting.",
      ),
    ).toBeVisible();
    expect(screen.queryByRole("button", { name: "Save Changes" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Reset" })).toBeNull();
  });

  it("keeps emergency push on and locked once push is enabled", async () => {
    const { user } = renderPreferences();
    const push = await screen.findByRole("region", { name: "Push" });
    await user.click(within(push).getByRole("switch", { name: "Enable push notifications" }));
    const locked = within(push).getByRole("switch", { name: "Emergency alerts (always enabled)" });
    expect(locked).toBeChecked();
    expect(locked).toBeDisabled();
    await user.click(locked);
    expect(locked).toBeChecked();
    expect(within(push).getByRole("switch", { name: "Maintenance requests" })).not.toBeChecked();
  });

  it("shows Reset and Save Changes only with unsaved edits, and Reset restores the saved values", async () => {
    const { user } = renderPreferences();
    const inApp = await screen.findByRole("switch", { name: "Enable in-app notifications" });
    await user.click(inApp);
    expect(inApp).not.toBeChecked();
    expect(within(card("In-App")).queryByRole("switch", { name: "Messages" })).toBeNull();
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeVisible();
    // Undoing the edit by hand makes the page clean again.
    await user.click(inApp);
    expect(screen.queryByRole("button", { name: "Save Changes" })).toBeNull();

    await user.selectOptions(
      screen.getByRole("combobox", { name: "Notification frequency" }),
      "Daily digest",
    );
    await user.click(screen.getByRole("button", { name: "Reset" }));
    expect(screen.getByRole("combobox", { name: "Notification frequency" })).toHaveValue("instant");
    expect(screen.queryByRole("button", { name: "Reset" })).toBeNull();
    expect(stored()).toBeNull();
  });

  it("saves: 'Saving...', then the toast, the stored value and a clean page", async () => {
    const { user } = renderPreferences();
    await user.click(
      within(await screen.findByRole("region", { name: "Email" })).getByRole("switch", {
        name: "Payment reminders",
      }),
    );
    await user.click(screen.getByRole("switch", { name: "Quiet hours" }));
    const start = screen.getByLabelText("Start time");
    expect(start).toHaveValue("22:00");
    expect(screen.getByLabelText("End time")).toHaveValue("08:00");
    await user.clear(start);
    await user.type(start, "21:30");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByRole("button", { name: "Saving..." })).toBeDisabled();
    await vi.waitFor(
      () => expect(toast.success).toHaveBeenCalledWith(notificationPreferencesMessages.saved),
      // The save waits 400 ms on purpose; on a busy two-core machine the default second was short.
      { timeout: 5000 },
    );
    expect(stored()).toEqual({
      ...defaultNotificationPreferences,
      email: { ...defaultNotificationPreferences.email, payment: false },
      quietHours: { enabled: true, startTime: "21:30", endTime: "08:00" },
    });
    expect(screen.queryByRole("button", { name: "Save Changes" })).toBeNull();

    // Reset now goes back to what was saved, not to the defaults.
    await user.click(screen.getByRole("switch", { name: "Quiet hours" }));
    await user.click(screen.getByRole("button", { name: "Reset" }));
    expect(screen.getByLabelText("Start time")).toHaveValue("21:30");
  });

  it("reads saved preferences back on a later visit", async () => {
    localStorage.setItem(
      PREFERENCES_KEY,
      JSON.stringify({ ...defaultNotificationPreferences, frequency: "weekly" }),
    );
    renderPreferences();
    expect(await screen.findByRole("combobox", { name: "Notification frequency" })).toHaveValue(
      "weekly",
    );
  });

  it("refuses a missing quiet-hours time", async () => {
    const { user } = renderPreferences();
    await user.click(await screen.findByRole("switch", { name: "Quiet hours" }));
    await user.clear(screen.getByLabelText("End time"));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText(notificationPreferencesMessages.timeOfDay)).toBeVisible();
    expect(screen.getByLabelText("End time")).toHaveAttribute("aria-invalid", "true");
    expect(stored()).toBeNull();
  });

  it("reports a failed save and keeps the edits", async () => {
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    } as unknown as Storage;
    const { user } = renderPreferences(() => broken);
    await user.click(await screen.findByRole("switch", { name: "Enable email notifications" }));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await vi.waitFor(
      () => expect(toast.error).toHaveBeenCalledWith(notificationPreferencesMessages.saveFailed),
      // The save waits 400 ms on purpose; on a busy two-core machine the default second was short.
      { timeout: 5000 },
    );
    // The toast is called before the button's state is set back: its render may follow.
    await vi.waitFor(() =>
      expect(screen.getByRole("button", { name: "Save Changes" })).toBeEnabled(),
    );
  });

  it("sends a test notification as a toast", async () => {
    const { user } = renderPreferences();
    await user.click(await screen.findByRole("button", { name: "Test Notification" }));
    expect(toast.info).toHaveBeenCalledWith(
      "Test notification sent! This is how notifications will appear.",
    );
  });
});

describe("Preferencias de notificaciones (the Spanish page)", () => {
  it("speaks Spanish: channels, switches, timing, validation and toasts", async () => {
    const spanish = createTranslator("es", messagesFor("es", namespaces));
    render(
      <I18nProvider translator={spanish}>
        <NotificationPreferences store={createPreferencesStore(() => localStorage)} />
      </I18nProvider>,
    );
    const user = userEvent.setup();
    expect(
      await screen.findByRole("heading", { name: "Preferencias de notificaciones" }),
    ).toBeVisible();
    expect(screen.getByRole("form", { name: "Preferencias de notificaciones" })).toBeVisible();
    const email = card("Correo electrónico");
    expect(
      within(email).getByText("Se envían a su dirección de correo electrónico registrada"),
    ).toBeVisible();
    expect(within(email).getByRole("switch", { name: "Recordatorios de pago" })).toBeChecked();
    const push = card("Push");
    expect(
      within(push).getByText("Las alertas de emergencia siguen llegando a su dispositivo móvil."),
    ).toBeVisible();
    await user.click(within(push).getByRole("switch", { name: "Activar notificaciones push" }));
    expect(
      within(push).getByRole("switch", { name: "Alertas de emergencia (siempre activadas)" }),
    ).toBeDisabled();
    const frequency = screen.getByRole("combobox", { name: "Frecuencia de notificaciones" });
    expect([...frequency.querySelectorAll("option")].map((o) => o.textContent)).toEqual([
      "Al instante (en cuanto ocurren)",
      "Resumen cada hora",
      "Resumen diario",
      "Resumen semanal",
    ]);

    await user.click(screen.getByRole("switch", { name: "Horas de silencio" }));
    await user.clear(screen.getByLabelText("Hora de fin"));
    await user.click(screen.getByRole("button", { name: "Guardar cambios" }));
    expect(await screen.findByText("Escriba una hora como 22:00.")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Notificación de prueba" }));
    expect(toast.info).toHaveBeenCalledWith(
      "¡Notificación de prueba enviada! Así es como aparecerán las notificaciones.",
    );
    await user.click(screen.getByRole("switch", { name: "Horas de silencio" }));
    await user.click(screen.getByRole("button", { name: "Guardar cambios" }));
    await vi.waitFor(
      () =>
        expect(toast.success).toHaveBeenCalledWith(
          "Las preferencias de notificaciones se guardaron correctamente",
        ),
      // The save waits 400 ms on purpose; on a busy two-core machine the default second was short.
      { timeout: 5000 },
    );
  });
});
