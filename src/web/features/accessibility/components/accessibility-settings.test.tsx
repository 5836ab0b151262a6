import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ACCESSIBILITY_STORAGE_KEY,
  accessibilityMessages,
  defaultAccessibilityPreferences,
  FONT_SIZE,
  fontSizeLabel,
  fontSizeStep,
} from "#domain/accessibility";
import { createTranslator } from "#domain/i18n/translator";
import { spyOnToasts } from "#tests/support/toast-spy";
import { messagesFor } from "#web/i18n/catalogue.server";
import { I18nProvider } from "#web/i18n/i18n-provider";
import { AccessibilitySettings } from "./accessibility-settings";

spyOnToasts();

const html = document.documentElement;
const stored = () => JSON.parse(localStorage.getItem(ACCESSIBILITY_STORAGE_KEY) ?? "null");
const saveButton = () => screen.getByRole("button", { name: "Save Preferences" });

function renderSettings() {
  const user = userEvent.setup();
  const view = render(<AccessibilitySettings />);
  return { user, ...view };
}

function clearRoot() {
  for (const name of ["data-scheme", "data-contrast", "data-reduced-motion", "data-focus", "style"])
    html.removeAttribute(name);
}

beforeEach(() => {
  localStorage.clear();
  clearRoot();
});
afterEach(() => vi.clearAllMocks());

describe("the accessibility settings panel", () => {
  it("shows the defaults, with Save Preferences disabled while nothing has changed", () => {
    renderSettings();
    expect(screen.getByRole("slider", { name: "Font Size" })).toHaveValue("16");
    expect(screen.getByText("16px (Medium)")).toBeVisible();
    expect(screen.getByRole("switch", { name: "High Contrast" })).not.toBeChecked();
    expect(screen.getByRole("switch", { name: "Reduced Motion" })).not.toBeChecked();
    expect(screen.getByRole("switch", { name: "Screen Reader Optimized" })).not.toBeChecked();
    expect(screen.getByRole("switch", { name: "Keyboard Navigation" })).toBeChecked();
    expect(screen.getByRole("switch", { name: "Sound Effects" })).not.toBeChecked();
    expect(screen.getByRole("radio", { name: "Standard" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Auto" })).toBeChecked();
    expect(saveButton()).toBeDisabled();
    expect(screen.getByRole("status")).toHaveTextContent(
      "Your preferences are saved in this browser.",
    );
  });

  it("starts from the saved preferences", () => {
    localStorage.setItem(
      ACCESSIBILITY_STORAGE_KEY,
      JSON.stringify({ ...defaultAccessibilityPreferences, fontSize: 21, colorScheme: "dark" }),
    );
    renderSettings();
    expect(screen.getByRole("slider", { name: "Font Size" })).toHaveValue("21");
    expect(screen.getByText("21px (Largest)")).toBeVisible();
    expect(screen.getByRole("radio", { name: "Dark" })).toBeChecked();
  });

  it("marks a change unsaved, enables Save and previews it on the page without storing it", async () => {
    const { user } = renderSettings();
    await user.click(screen.getByRole("radio", { name: "High Contrast" }));
    fireEvent.change(screen.getByRole("slider", { name: "Font Size" }), {
      target: { value: "19" },
    });
    expect(screen.getByText("19px (Extra Large)")).toBeVisible();
    expect(screen.getByRole("slider", { name: "Font Size" })).toHaveAttribute(
      "aria-valuetext",
      "19 pixels, Extra Large",
    );
    expect(saveButton()).toBeEnabled();
    expect(screen.getByRole("status")).toHaveTextContent("You have unsaved changes.");
    expect(html).toHaveAttribute("data-scheme", "high-contrast");
    expect(html.style.fontSize).toBe("118.75%");
    expect(stored()).toBeNull();
  });

  it("saves: stores and applies the preferences, says so, and is clean again", async () => {
    const { user } = renderSettings();
    await user.click(screen.getByRole("switch", { name: "Reduced Motion" }));
    await user.click(screen.getByRole("radio", { name: "High Visibility" }));
    await user.click(screen.getByRole("switch", { name: "Keyboard Navigation" }));
    await user.click(saveButton());
    expect(toast.success).toHaveBeenCalledWith(accessibilityMessages.saved);
    expect(stored()).toEqual({
      ...defaultAccessibilityPreferences,
      reducedMotion: true,
      focusIndicators: "high-visibility",
      keyboardNavigation: false,
    });
    expect(html).toHaveAttribute("data-reduced-motion", "true");
    expect(html).toHaveAttribute("data-focus", "high-visibility");
    expect(saveButton()).toBeDisabled();
  });

  it("resets to the defaults, unsaved, with the product's message, until Save stores them", async () => {
    localStorage.setItem(
      ACCESSIBILITY_STORAGE_KEY,
      JSON.stringify({ ...defaultAccessibilityPreferences, highContrast: true, fontSize: 24 }),
    );
    const { user } = renderSettings();
    expect(screen.getByRole("switch", { name: "High Contrast" })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Reset to Defaults" }));
    expect(toast.info).toHaveBeenCalledWith(accessibilityMessages.reset);
    expect(screen.getByRole("switch", { name: "High Contrast" })).not.toBeChecked();
    expect(screen.getByRole("slider", { name: "Font Size" })).toHaveValue("16");
    expect(saveButton()).toBeEnabled();
    expect(stored()).toMatchObject({ highContrast: true, fontSize: 24 });
    await user.click(saveButton());
    expect(stored()).toEqual(defaultAccessibilityPreferences);
  });

  it("reports a failed save and keeps the changes unsaved", async () => {
    const setItem = vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("Quota exceeded", "QuotaExceededError");
    });
    const { user } = renderSettings();
    await user.click(screen.getByRole("switch", { name: "Sound Effects" }));
    await user.click(saveButton());
    setItem.mockRestore();
    expect(toast.error).toHaveBeenCalledWith(accessibilityMessages.saveFailed);
    expect(toast.success).not.toHaveBeenCalled();
    expect(saveButton()).toBeEnabled();
  });

  it("puts the saved look back when the visitor leaves without saving", async () => {
    localStorage.setItem(
      ACCESSIBILITY_STORAGE_KEY,
      JSON.stringify({ ...defaultAccessibilityPreferences, colorScheme: "light" }),
    );
    const { user, unmount } = renderSettings();
    await user.click(screen.getByRole("radio", { name: "Dark" }));
    await user.click(screen.getByRole("radio", { name: "Enhanced" }));
    expect(html).toHaveAttribute("data-scheme", "dark");
    expect(html).toHaveAttribute("data-focus", "enhanced");
    unmount();
    expect(html).toHaveAttribute("data-scheme", "light");
    expect(html).not.toHaveAttribute("data-focus");
  });
});

describe("the panel's words", () => {
  const english = messagesFor("en", ["a11y"]);
  const translate = (id: string) => createTranslator("en", english).t(id);

  it("are the product's in English: the toasts and the font sizes' names", () => {
    expect(translate("a11y.toast.saved")).toBe(accessibilityMessages.saved);
    expect(translate("a11y.toast.reset")).toBe(accessibilityMessages.reset);
    expect(translate("a11y.toast.saveFailed")).toBe(accessibilityMessages.saveFailed);
    for (let px = FONT_SIZE.min; px <= FONT_SIZE.max; px++) {
      expect(translate(`a11y.fontSize.step.${fontSizeStep(px)}`), String(px)).toBe(
        fontSizeLabel(px),
      );
    }
  });

  it("are Spanish on a Spanish page, toasts included", async () => {
    const user = userEvent.setup();
    render(
      <I18nProvider translator={createTranslator("es", messagesFor("es", ["a11y"]))}>
        <AccessibilitySettings />
      </I18nProvider>,
    );
    expect(screen.getByRole("heading", { name: "Configuración de accesibilidad" })).toBeVisible();
    const slider = screen.getByRole("slider", { name: "Tamaño de letra" });
    expect(slider).toHaveAttribute("aria-valuetext", "16 píxeles, Mediano");
    expect(screen.getByText("16px (Mediano)")).toBeVisible();
    expect(screen.getByRole("group", { name: "Esquema de colores" })).toBeVisible();
    expect(screen.getByRole("radio", { name: "Automático" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Estándar" })).toBeChecked();
    expect(screen.getByRole("switch", { name: "Navegación con teclado" })).toBeChecked();
    expect(screen.getByRole("status")).toHaveTextContent(
      "Sus preferencias están guardadas en este navegador.",
    );
    await user.click(screen.getByRole("switch", { name: "Alto contraste" }));
    expect(screen.getByRole("status")).toHaveTextContent("Tiene cambios sin guardar.");
    await user.click(screen.getByRole("button", { name: "Guardar preferencias" }));
    expect(toast.success).toHaveBeenCalledWith("Preferencias de accesibilidad guardadas");
    await user.click(screen.getByRole("button", { name: "Restablecer valores predeterminados" }));
    expect(toast.info).toHaveBeenCalledWith(
      "Preferencias restablecidas a los valores predeterminados",
    );
  });
});
